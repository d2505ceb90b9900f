import Trellis
import TrellisDiff

extension UIFuzzer {
  /// What a person can do next, before it is aimed at a row.
  enum Action: CaseIterable {
    case select, enterValue, wrongValue, input, delete, move, drag, editing, add, done, cancel
    case back, search, loadMore, refresh, invalidPath, insert, accessory, toggleSection
    case takeTheirs
  }

  /// A screen as the fuzzer sees it: the rows its table shows, or, on a long table, the rows
  /// of a few hundred places in it, as a person sees the rows they scroll to (reading a row
  /// renders it, so reading every row of a long list would undo its rendering on demand).
  struct View {
    let screen: Screen
    let sections: [[RowSnapshot]]
    let onDetail: Bool
    let depth: Int
    /// The rows events are aimed at.
    let paths: [ItemPath]
    /// Those whose control edits a bound value.
    let valuePaths: [ItemPath]
    /// Those that can be moved.
    let movablePaths: [ItemPath]
    /// Those that can be deleted.
    let deletablePaths: [ItemPath]

    static let sampleSize = 256

    init(
      screen: Screen, sections: [[RowSnapshot]], onDetail: Bool, depth: Int,
      random: inout SeededRandom
    ) {
      self.screen = screen
      self.sections = sections
      self.onDetail = onDetail
      self.depth = depth
      let total = sections.reduce(0) { $0 + $1.count }
      var paths: [ItemPath]
      if total <= Self.sampleSize {
        paths = sections.enumerated().flatMap { s, rows in
          rows.indices.map { ItemPath(item: $0, section: s) }
        }
      } else {
        // Each section's ends, and places chosen at random.
        var chosen = Set<ItemPath>()
        for (s, rows) in sections.enumerated() where !rows.isEmpty {
          chosen.insert(ItemPath(item: 0, section: s))
          chosen.insert(ItemPath(item: rows.count - 1, section: s))
        }
        let counts = sections.map(\.count)
        while chosen.count < Self.sampleSize {
          var place = random.int(0..<total)
          var s = 0
          while place >= counts[s] {
            place -= counts[s]
            s += 1
          }
          chosen.insert(ItemPath(item: place, section: s))
        }
        paths = chosen.sorted()
      }
      self.paths = paths
      valuePaths = paths.filter { path in
        let row = sections[path.section][path.item]
        return row.keyPath != nil && (row.kind.editsValue || row.kind == .custom)
      }
      movablePaths = paths.filter { sections[$0.section][$0.item].isMovable }
      deletablePaths = paths.filter { sections[$0.section][$0.item].isDeletable }
    }

    func row(_ path: ItemPath) -> RowSnapshot { sections[path.section][path.item] }

    /// The identity of the row shown at `path`, as a host reads it from its table; for a place
    /// where no row is shown, one no row of this screen has.
    func id(_ path: ItemPath) -> RowID {
      guard sections.indices.contains(path.section),
        sections[path.section].indices.contains(path.item)
      else { return .notShown(at: path) }
      return row(path).id
    }
  }

  /// The next event for the screen on top, or for the detail pane now and then.
  func nextEvent(in app: HeadlessApp) -> FuzzEvent {
    let navigator = app.navigator
    var screen = navigator.top
    var onDetail = false
    if let detail = navigator.detail, random.chance(0.3) {
      screen = detail
      onDetail = true
    }
    let view = View(
      screen: screen, sections: app.host(for: screen).table.visible.map(\.items),
      onDetail: onDetail, depth: navigator.stack.count, random: &random)
    let action = chooseAction(for: view)
    return event(action, on: view)
  }

  /// An action, weighted by what the screen offers; the deeper the stack, the likelier a way
  /// back, so that runs do not only dig.
  private func chooseAction(for view: View) -> Action {
    let deeper = min(view.depth - 1, 4)
    let hasValues = !view.valuePaths.isEmpty
    let canDrag = !view.onDetail && view.screen.isEditing && !view.movablePaths.isEmpty
    func weight(_ action: Action) -> Int {
      switch action {
      case .select: 20
      case .enterValue: hasValues ? 14 : 0
      case .wrongValue: 8
      case .input: hasValues ? 6 : 0
      case .delete: 5
      case .move: 5
      case .drag: canDrag ? 5 : 0
      case .editing: 5
      case .add: 4
      case .done: 3 + 4 * deeper
      case .cancel: 2 + 2 * deeper
      case .takeTheirs: 1
      case .back: 2 + 4 * deeper
      case .search: 4
      case .loadMore: 2
      case .refresh: 2
      case .invalidPath: 4
      case .insert: 2
      case .accessory: 3
      case .toggleSection: 2
      }
    }
    let weights = Action.allCases.map(weight)
    var roll = random.int(0..<weights.reduce(0, +))
    for (action, weight) in zip(Action.allCases, weights) {
      if roll < weight { return action }
      roll -= weight
    }
    return .select
  }

  private func event(_ action: Action, on view: View) -> FuzzEvent {
    func send(_ event: ScreenEvent) -> FuzzEvent { .send(event, onDetail: view.onDetail) }
    let paths = view.paths
    let anyPath = paths.isEmpty ? ItemPath(item: 0, section: 0) : random.element(of: paths)
    switch action {
    case .select:
      return send(.select(view.id(anyPath)))
    case .enterValue:
      let path = random.element(of: view.valuePaths)
      return send(.setValue(view.id(path), fittingValue(for: view.row(path))))
    case .wrongValue:
      let values = view.valuePaths
      let path = !values.isEmpty && random.chance(0.7) ? random.element(of: values) : anyPath
      let row = paths.isEmpty ? nil : view.row(path)
      return send(.setValue(view.id(path), wrongValue(for: row)))
    case .input:
      let path = random.element(of: view.valuePaths)
      let row = view.row(path)
      // Typed over what the row shows, over something else (another window's change met),
      // or from a control that does not say.
      let over: String? =
        switch random.int(0..<3) {
        case 0: row.fieldText
        case 1: fittingText().stringValue
        default: nil
        }
      return .enter(controlInput(for: row), at: path, over: over, onDetail: view.onDetail)
    case .delete:
      return send(.delete(view.id(pick(paths, preferring: view.deletablePaths, view))))
    case .move:
      let source = pick(paths, preferring: view.movablePaths, view)
      return send(.move(view.id(source), to: destination(for: source, in: view, valid: false)))
    case .drag:
      let source = random.element(of: view.movablePaths)
      return .drag(from: source, to: destination(for: source, in: view, valid: true))
    case .editing:
      let editing = view.screen.isEditing
      return send(.setEditing(random.chance(0.85) ? !editing : editing))
    case .add:
      return send(.add(section: section(in: view)))
    case .done: return send(.done)
    case .cancel: return send(.cancel)
    case .takeTheirs: return send(.takeTheirs)
    case .back: return send(.back)
    case .search: return send(.search(searchText()))
    case .loadMore:
      return send(.loadMore(section: random.int(-1..<(view.sections.count + 1))))
    case .refresh: return send(.refresh)
    case .invalidPath: return invalidPathEvent(on: view)
    case .insert:
      let inserting = paths.filter { view.row($0).editingStyle == .insert }
      return send(.insert(view.id(pick(paths, preferring: inserting, view))))
    case .accessory:
      let buttons = paths.filter { path in
        let row = view.row(path)
        return [row.accessory, row.editingAccessory].contains {
          $0 == .detailDisclosureButton || $0 == .detailButton
        }
      }
      return send(.accessoryTap(view.id(pick(paths, preferring: buttons, view))))
    case .toggleSection:
      let folding = view.sections.indices.filter { _ in true }
      let index =
        folding.isEmpty || random.chance(0.1)
        ? random.element(of: [-1, view.sections.count, Int.max])
        : random.element(of: folding)
      return send(.toggleSection(index))
    }
  }

  /// A path among `paths`, most often one of `favoured`.
  private func pick(_ paths: [ItemPath], preferring favoured: [ItemPath], _ view: View)
    -> ItemPath
  {
    if !favoured.isEmpty && random.chance(0.75) { return random.element(of: favoured) }
    return paths.isEmpty ? badPath(in: view) : random.element(of: paths)
  }

  /// Where a moved row goes: within its section, to another section (its end included), or,
  /// unless `valid`, somewhere that does not exist.
  private func destination(for source: ItemPath, in view: View, valid: Bool) -> ItemPath {
    let sections = view.sections
    guard sections.indices.contains(source.section) else { return badPath(in: view) }
    if !valid && random.chance(0.1) { return badPath(in: view) }
    if sections.count > 1 && random.chance(0.4) {
      // Most often a section whose own rows move, which likely takes this one.
      let moving = Set(view.movablePaths.map(\.section)).subtracting([source.section]).sorted()
      var target = random.int(0..<(sections.count - 1))
      if target >= source.section { target += 1 }
      if !moving.isEmpty && random.chance(0.7) { target = random.element(of: moving) }
      return ItemPath(item: random.int(0..<(sections[target].count + 1)), section: target)
    }
    let count = sections[source.section].count
    guard count > 0 else { return badPath(in: view) }
    return ItemPath(item: random.int(0..<count), section: source.section)
  }

  /// A section for Add: none (the screen's first list), one that exists, or one that does not.
  private func section(in view: View) -> Int? {
    let roll = random.int(0..<10)
    if roll < 6 { return nil }
    if roll < 9, !view.sections.isEmpty { return random.int(0..<view.sections.count) }
    return random.element(of: [-1, view.sections.count, Int.max, Int.min])
  }

  /// An index path that does not exist on the screen.
  func badPath(in view: View) -> ItemPath {
    let sections = view.sections
    let s = sections.isEmpty ? 0 : random.int(0..<sections.count)
    let count = sections.isEmpty ? 0 : sections[s].count
    switch random.int(0..<7) {
    case 0: return ItemPath(item: 0, section: sections.count)
    case 1: return ItemPath(item: -1, section: s)
    case 2: return ItemPath(item: count, section: s)
    case 3: return ItemPath(item: 0, section: -1)
    case 4: return ItemPath(item: Int.max, section: s)
    case 5: return ItemPath(item: count + 1, section: s)
    default: return ItemPath(item: Int.min, section: Int.min)
    }
  }

  /// A tap, an edit, a value or a move aimed at a row that is not shown, or a move to a place
  /// that does not exist.
  private func invalidPathEvent(on view: View) -> FuzzEvent {
    let path = badPath(in: view)
    let valid = view.paths.isEmpty ? path : random.element(of: view.paths)
    let gone = view.id(path)
    let event: ScreenEvent
    switch random.int(0..<6) {
    case 0: event = .select(gone)
    case 1: event = .delete(gone)
    case 2: event = .setValue(gone, fittingText())
    case 3: event = .move(gone, to: valid)
    case 4: event = .move(view.id(valid), to: path)
    default:
      return .enter(.text(fittingText().stringValue ?? ""), at: path, onDetail: view.onDetail)
    }
    return .send(event, onDetail: view.onDetail)
  }
}

extension SeededRandom {
  /// A number in `range`, which must not be empty.
  mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &self) }

  /// Whether an event of probability `probability` happens.
  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  /// One of `elements`, which must not be empty.
  mutating func element<T>(of elements: [T]) -> T { elements[int(0..<elements.count)] }
}
