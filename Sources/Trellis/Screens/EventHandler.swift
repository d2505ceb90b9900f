import Foundation

/// Carries out one event on one screen: the single place where user events become changes.
struct EventHandler {
  let navigator: Navigator
  let screen: Screen
  var model: TableModel { screen.model }

  func handle(_ event: ScreenEvent) throws(ScreenError) {
    switch event {
    case .select(let id): try select(try path(of: id))
    case .setValue(let id, let value): try setValue(value, at: try path(of: id))
    case .enter(let id, let input, let over): try enter(input, over: over, at: try path(of: id))
    case .delete(let id):
      let path = try path(of: id)
      try check(.delete, at: path)
      if try runEditingStyleAction(at: path, expecting: .delete) { return }
      // The list item the row shows, if it is one: an item open beside the list closes with it.
      let deleted: Value? = (try? model.locate(path)).flatMap { section, index in
        guard let list = section as? ArrayOfObjectsSection, index < list.items.count else {
          return nil
        }
        return list.items[index]
      }
      do { try model.removeRow(at: path) } catch { throw .edit(error) }
      // The item open beside the list, deleted here, closes: nobody else deleted it.
      if let detail = navigator.detail, let deleted, detail.followedItem == deleted {
        detail.cancel()
        navigator.pop(detail)
      }
    case .insert(let id):
      let path = try path(of: id)
      // Without an action of its own, the insert control does what tapping the row does (an
      // add-item row opens its new item).
      if try !runEditingStyleAction(at: path, expecting: .insert) { try select(path) }
    case .accessoryTap(let id): try tapAccessory(try path(of: id))
    case .toggleSection(let index):
      guard let section = try? model.section(at: index), section.isCollapsible else {
        throw .notApplicable("section \(index) does not collapse")
      }
      section.isCollapsed.toggle()
    case .move(let id, let to):
      let from = try path(of: id)
      try check(.move, at: from)
      do { try model.relocateRow(from: from, to: to) } catch { throw .edit(error) }
    case .add(let section): try add(section)
    case .setEditing(let editing): screen.setEditing(editing)
    case .done, .takeTheirs:
      if case .takeTheirs = event {
        guard let draft = screen.draft, !draft.conflicts.isEmpty else {
          throw .notApplicable("nothing conflicts")
        }
        draft.takeTheirs()
      }
      try navigator.checkCommit(of: screen)
      // An async store's write closes the screen itself, when the store accepts it.
      if try screen.commit(), screen !== navigator.stack.first { navigator.pop(screen) }
    case .cancel, .back:
      guard screen !== navigator.stack.first else {
        if case .cancel = event { screen.cancel() }
        return
      }
      screen.cancel()
      navigator.pop(screen)
    case .search(let typed):
      // Canonically equal texts (é typed as one character or as e and an accent) search alike:
      // a database compares bytes, and Swift finds the two texts equal.
      let text = typed.precomposedStringWithCanonicalMapping
      guard text.count <= ItemFilter.maximumSearchLength else {
        throw .notApplicable(ItemFilter.searchTooLongMessage)
      }
      screen.searchText = text
      if let handler = screen.searchHandler {
        handler(text)
      } else {
        for case let section as SearchableSection in model.sections { section.search(text) }
      }
    case .loadMore(let index):
      guard let section = try? model.section(at: index), let paged = section as? PagedSection else {
        throw .notApplicable("section \(index) does not load in batches")
      }
      do { try paged.loadMore() } catch { throw .store(error) }
    case .refresh:
      for case let section as PagedSection in model.sections {
        do { try section.refresh() } catch { throw .store(error) }
      }
    }
  }

  /// Where the row with `id` is in the snapshot the hosts show.
  private func path(of id: RowID) throws(ScreenError) -> ItemPath {
    guard let path = model.indexPath(of: id) else { throw .rowGone(id) }
    return path
  }

  /// Refuses `permission` on the item of the row at `path` when the person may not.
  private func check(_ permission: Permission, at path: ItemPath) throws(ScreenError) {
    guard navigator.access != nil else { return }
    let (section, index): (Section, Int)
    do { (section, index) = try model.locate(path) } catch { throw .edit(error) }
    try navigator.check(permission, in: section, index: index)
  }

  /// The row at `path`, its section, its element index and the context its actions get.
  private func target(_ path: ItemPath) throws(ScreenError) -> (
    row: Row, section: Section, index: Int, context: RowContext
  ) {
    let row: Row
    let section: Section
    let index: Int
    do { (row, section, index) = try model.shownRow(at: path) } catch { throw .edit(error) }
    let context = self.context(
      at: path, index: index, rowID: row.id, propertyName: row.propertyName, in: section)
    return (row, section, index, context)
  }

  /// The context a row's actions get: where the row is, its object, and the values its
  /// section edits (a form's through its draft).
  private func context(
    at path: ItemPath, index: Int, rowID: RowID, propertyName: String?, in section: Section
  ) -> RowContext {
    // Found only when the action reads it: a list's item is then made.
    let object = { section.object(forRow: rowID, at: index) }
    let values =
      (section as? ObjectSection)?.draft.reader
      ?? ValueReader { keyPath in try? object()?.value(forKeyPath: keyPath) }
    return RowContext(
      indexPath: path, rowID: rowID, propertyName: propertyName, values: values,
      object: object(), sectionID: section.id, screen: screen)
  }

  /// A row's own actions over its section's and the model's.
  private func actions(_ own: RowActions, in section: Section) -> RowActions {
    own.overriding(section.rowActions).overriding(model.rowActions)
  }

  /// Refuses to act on a disabled row, with the reason it shows.
  private func checkEnabled(_ row: Row, at path: ItemPath) throws(ScreenError) {
    guard row.isEnabled else {
      throw .notApplicable(row.attributes.unavailableReason ?? "row \(path) is disabled")
    }
  }

  private func select(_ path: ItemPath) throws(ScreenError) {
    let (row, section, index, context) = try target(path)
    try checkEnabled(row, at: path)
    actions(row.actions, in: section).didSelect?(context)
    if let expansion = row.expansion {
      section.setRowExpanded(!section.isRowExpanded(row.id, expansion: expansion), id: row.id)
      return
    }
    let multiple =
      screen.isEditing ? model.allowsMultipleSelectionDuringEditing : model.allowsMultipleSelection
    if multiple {
      // A tap marks the row or unmarks it; what the row does otherwise waits.
      if model.selectedRowIDs.remove(row.id) == nil { model.selectedRowIDs.insert(row.id) }
      model.invalidation.invalidateRow(row.id, in: ObjectIdentifier(section))
      return
    }
    if try section.select(elementAt: index, in: screen) { return }
    try perform(row.action, section: section, index: index, context: context)
  }

  /// A tap on the accessory button: the row's accessory action, or else what selecting the
  /// row does (a detail disclosure button opens the row's detail).
  private func tapAccessory(_ path: ItemPath) throws(ScreenError) {
    let (row, section, index, context) = try target(path)
    let accessory = screen.isEditing ? row.editingAccessory : row.accessory
    guard accessory == .detailDisclosureButton || accessory == .detailButton else {
      throw .notApplicable("row \(path) has no accessory button")
    }
    try checkEnabled(row, at: path)
    actions(row.actions, in: section).accessoryTapped?(context)
    let action =
      (screen.isEditing ? row.editingAccessoryAction : nil) ?? row.accessoryAction ?? row.action
    try perform(action, section: section, index: index, context: context)
  }

  /// Runs the row's editing style action when it has one and its editing style is `style`;
  /// false when the row has none (a delete then deletes).
  private func runEditingStyleAction(at path: ItemPath, expecting style: EditingStyle)
    throws(ScreenError) -> Bool
  {
    let (row, section, index, context) = try target(path)
    guard let action = row.editingStyleAction else { return false }
    guard row.editingStyle == style else {
      throw .notApplicable("row \(path)'s editing style is \(row.editingStyle.rawValue)")
    }
    try perform(action, section: section, index: index, context: context)
    return true
  }

  private func perform(
    _ action: RowAction?, section: Section, index: Int, context: RowContext
  ) throws(ScreenError) {
    switch action {
    case .pushDetail?:
      let actions = section.effectiveActions
      // A section action may supply the detail screen itself; otherwise it is generated.
      var detail = actions.detailScreenForRow?(context)
      if detail == nil { detail = try section.detailScreen(forElementAt: index, in: screen) }
      if let detail {
        detail.actions.willPresent = detail.actions.willPresent ?? actions.detailWillPresent
        detail.actions.didPresent = detail.actions.didPresent ?? actions.detailDidPresent
        detail.actions.willDismiss = detail.actions.willDismiss ?? actions.detailWillDismiss
        detail.actions.didDismiss = detail.actions.didDismiss ?? actions.detailDidDismiss
        detail.presentation = section.detailPresentation
        navigator.push(
          detail, fromList: section is ArrayOfObjectsSection && detail.presentation == .push)
      }
    case .push(let name)?:
      guard let next = navigator.screenProvider?(name, context) else {
        throw .notApplicable("no screen named '\(name)'")
      }
      navigator.push(next)
    case .named(let name)?:
      if let access = navigator.access, !access.allows(.run, on: name, item: context.values) {
        throw .notPermitted(access.refusal(.run, on: name))
      }
      if let action = navigator.namedActions[name] {
        action(context)
      } else if let runner = navigator.actionRunner, try runner(name, context) {
        return
      } else {
        throw .notApplicable("no action named '\(name)' is registered")
      }
    case .open(let url)?:
      navigator.open(url)
    case nil:
      break
    }
  }

  private func setValue(_ value: Value, at path: ItemPath) throws(ScreenError) {
    try check(screen.addsItem ? .add : .edit, at: path)
    // A date picked for a date kept as text is written as text (``RowSnapshot/written(_:)``).
    var value = value
    if case .date(let date) = value {
      // No calendar names a date that is not a number of seconds (a NaN, an infinity).
      guard date.timeIntervalSince1970.isFinite else {
        throw .notApplicable("the value is no date: it names no time")
      }
      if let row = model.snapshot[safe: path], row.kind == .date { value = row.written(date) }
    }
    do {
      let row = try model.writeValue(value, at: path)
      let (section, index) = try model.locate(path)
      if let changed = actions(row.actions, in: section).valueChanged {
        changed(
          value,
          context(
            at: path, index: index, rowID: row.id, propertyName: row.propertyName, in: section))
      }
    } catch { throw .edit(error) }
  }

  /// Reads `input` as the row expects it and enters the value; input the row refuses stays
  /// in the row's draft with the reason, or is refused where no draft holds the row. Input
  /// typed over text the row no longer shows, or over a refusal whose value another window
  /// changed meanwhile, meets that window's change (``Draft/enter(_:for:over:)``).
  private func enter(_ input: ControlInput, over text: String?, at path: ItemPath)
    throws(ScreenError)
  {
    guard let shown = model.snapshot[safe: path] else { throw .notApplicable("no row at \(path)") }
    // The row as it is now, which another window may have changed since the host last drew.
    let live = try? model.shownRow(at: path).row
    let field = live.flatMap(Self.draftField)
    let value: Value
    do { value = try shown.value(for: input) } catch {
      try check(screen.addsItem ? .add : .edit, at: path)
      guard let field else { throw .notApplicable(error.message) }
      field.draft.refuse(input, for: field.name, message: error.message)
      return
    }
    let current = live.map { RowSnapshot($0) } ?? shown
    let theirs =
      text.flatMap { current.changedMeanwhile(from: $0) }
      ?? field.flatMap { $0.draft.changedUnderRefusal($0.name) }
    guard let theirs else { return try setValue(value, at: path) }
    try check(screen.addsItem ? .add : .edit, at: path)
    guard let field else {
      let title = shown.text ?? "The value"
      throw .notApplicable(
        "\(title) was changed meanwhile to “\(theirs.displayText)”; enter yours again to replace it"
      )
    }
    field.draft.enter(value, for: field.name, over: theirs)
  }

  /// The draft and property of an enabled row bound through a draft, which keeps what the
  /// row refuses or meets.
  private static func draftField(_ row: Row) -> (draft: Draft, name: String)? {
    guard row.isEnabled, let draft = row.binding?.object as? Draft, let name = row.propertyName
    else { return nil }
    return (draft, name)
  }

  private func add(_ index: Int?) throws(ScreenError) {
    let section: Section?
    if let index {
      section = try? model.section(at: index)
    } else {
      section = model.sections.first { $0.canAddItems }
    }
    guard let section, section.canAddItems else {
      if let list = model.sections.first(where: { $0 is ArrayOfObjectsSection }) {
        try navigator.check(.add, in: list)
      }
      throw .notApplicable("nothing on this screen can add items")
    }
    if let detail = try section.addScreen(in: screen) {
      detail.presentation = section.detailPresentation
      navigator.push(detail)
    }
  }
}

/// A section that loads its items in batches.
public protocol PagedSection: AnyObject {
  /// Loads the next batch.
  func loadMore() throws(StoreError)
  /// Loads everything again (pull to refresh).
  func refresh() throws(StoreError)
}
