/// The values a person is editing for one object, kept apart from the object until they are
/// valid and committed.
///
/// In ``Mode/deferred`` mode (detail screens) nothing reaches the object before ``commit()``,
/// which validates everything and writes in one step; ``discard()`` forgets the edits. In
/// ``Mode/live`` mode (a form bound straight to an object) each valid value is written at once.
/// In both, an invalid value stays in the draft with its message and never reaches the object.
///
/// A draft opened from another draft (a step inside a task) commits into its parent: the
/// parent writes everything when it commits, and a cancelled parent loses the child's edits
/// too.
public final class Draft {
  /// When edits reach the object.
  public enum Mode: Sendable {
    /// Each valid value is written immediately.
    case live
    /// Values are written together by ``Draft/commit()``.
    case deferred
  }

  /// The object being edited, seen through its definition.
  public let object: KeyValueCoding
  /// The object as bound (before adaptation), for identity.
  public let target: AnyObject
  /// The definition describing the object, with the keys added through the draft.
  public internal(set) var definition: DataDefinition
  /// When edits reach the object.
  public let mode: Mode
  /// The draft this one commits into, if any.
  public private(set) weak var parent: Draft?

  private var cells: [String: DraftCell] = [:]
  private(set) var order: [String] = []
  /// Committed child drafts' values, applied when this draft commits (``applyChildEdits()``).
  var childEdits: [ObjectIdentifier: (object: KeyValueCoding, values: [(String, Value)])] = [:]
  /// The objects of ``childEdits``, in the order their first edit came.
  var childOrder: [ObjectIdentifier] = []
  /// The keys added to the object's dictionary through the draft, in order (``addKey(_:_:)``).
  var addedKeys: [String] = []
  /// The keys of the object's dictionary deleted through the draft, which show no row
  /// (``removeKey(_:)``), and those of them the next commit removes from the object.
  var removedKeys: (hidden: Set<String>, toWrite: [String]) = ([], [])
  /// The definition and keys before the keys added or deleted since the last commit, for a
  /// discard.
  var beforeKeyChanges: (definition: DataDefinition, added: [String], hidden: Set<String>)?

  /// Opens a draft for `object`, which must be readable through `definition`.
  public init?(
    for object: AnyObject, definition: DataDefinition, mode: Mode = .deferred, parent: Draft? = nil
  ) {
    guard let kvc = definition.keyValueCoding(for: object) else { return nil }
    self.object = kvc
    self.target = object
    self.definition = definition
    self.mode = mode
    self.parent = parent
  }

  /// The cell of `name`, if anything was entered or shown there.
  func existingCell(_ name: String) -> DraftCell? { cells[name] }

  func cell(_ name: String) -> DraftCell {
    if let cell = cells[name] { return cell }
    let cell = DraftCell()
    cells[name] = cell
    order.append(name)
    return cell
  }

  // MARK: Reading

  /// The value a row shows: the pending edit, or the parent's pending edit of this object, or
  /// the object's value.
  public func value(_ name: String) -> Value? {
    // Reading the cell registers the read, so that an edit re-renders exactly this row.
    if let pending = cell(name).pending { return pending }
    if let inherited = parent?.childValue(of: target, name) { return inherited }
    return try? object.value(forKeyPath: name)
  }

  /// The message of `name`, if its pending value is not valid.
  public func message(_ name: String) -> String? {
    let cell = cell(name)
    // On a live form nothing else saves: entering the value again writes it over.
    let then = mode == .live ? "; enter yours again to replace it" : ""
    return cell.message
      ?? cell.conflict.map { "Changed meanwhile to “\(shownText($0, for: name))”\(then)" }
  }

  /// `value` of property `name` as its row shows it: chosen objects by their titles.
  func shownText(_ value: Value, for name: String) -> String {
    guard let property = definition[name], value.holdsObjects else { return value.displayText }
    return RowFactory.nestedTitle(value, property) ?? ""
  }

  /// Reads values as this draft sees them.
  public var reader: ValueReader { ValueReader { [self] in self.value($0) } }

  /// Reads values as they stand without this draft's entries: the parent's pending edits of
  /// the object, or the object's values.
  var savedReader: ValueReader {
    ValueReader { [self] name in
      parent?.childValue(of: target, name) ?? (try? object.value(forKeyPath: name))
    }
  }

  /// Reads another object's values as this draft sees them: committed child edits first.
  public func reader(for item: Value, definition: DataDefinition) -> ValueReader {
    guard case .object(let ref) = item else { return definition.reader(for: item) }
    let base = definition.reader(for: item)
    return ValueReader { [self] name in self.childValue(of: ref.object, name) ?? base.value(name) }
  }

  /// The values the last successful ``commit()`` wrote (or passed to the parent).
  public private(set) var lastCommit: [(name: String, value: Value)] = []
  /// The keys the last successful ``commit()`` removed from the object's dictionary.
  private(set) var lastRemovedKeys: [String] = []

  /// Whether anything was entered and not yet committed.
  public var hasChanges: Bool {
    cells.contains { !$0.key.hasPrefix(Self.internalPrefix) && $0.value.pending != nil }
      || !childEdits.isEmpty || !removedKeys.toWrite.isEmpty
  }

  /// Whether no entered value is invalid.
  public var isValid: Bool { !cells.values.contains { $0.message != nil } }

  // MARK: Editing

  /// Enters a value for `name`. Text entered into a typed field is parsed; the value is then
  /// checked (type, range, required, custom rules). Returns the message when it is not valid:
  /// it then stays in the draft and never reaches the object.
  @discardableResult
  public func setValue(_ entered: Value, for name: String, context: RowContext? = nil) -> String? {
    let cell = cell(name)
    let property = definition[name]
    if mode == .deferred { noteBase(of: cell, name) }
    // Empty text over an optional value that holds nothing (a document's null) enters
    // nothing: the value stays null, not empty text, and a live form writes nothing.
    if entered == .string(""), case .optional? = property?.valueKind,
      ((try? object.value(forKeyPath: name)) ?? .null) == .null
    {
      _ = keep(.null, in: cell, name, context: context)
      if cell.message == nil && cell.conflict == nil { cell.pending = nil }
      return cell.message
    }
    let (value, problem) = keep(entered, in: cell, name, context: context)
    // A value entered as the object holds it (a field left as it was, a switch turned on
    // and off again) is no change: nothing asks to discard it, and Done writes nothing.
    if mode == .deferred, problem == nil, cell.conflict == nil,
      (try? object.value(forKeyPath: name)) == value
    {
      cell.pending = nil
    }
    guard problem == nil, mode == .live else { return problem }
    do {
      try object.setValue(value, forKeyPath: name)
      cell.pending = nil
      cell.conflict = nil
      cell.base = nil
      cell.objectAtBase = nil
    } catch {
      cell.message = Validator.message(for: error, title: property?.title ?? name)
      return cell.message
    }
    return nil
  }

  /// Checks `entered` and keeps it, with its message, as `cell`'s pending value.
  @discardableResult
  func keep(_ entered: Value, in cell: DraftCell, _ name: String, context: RowContext?)
    -> (value: Value, problem: String?)
  {
    let (value, problem) = Validator.checkEntered(
      entered, for: definition[name], name: name, draft: self, context: context)
    cell.pending = value
    cell.message = problem
    cell.isRefused = false
    return (value, problem)
  }

  /// Keeps input that `name`'s row refused (text that is no number, a value out of the row's
  /// range): the row shows it with `message`, and the draft stays invalid, so nothing is
  /// written, until another value is entered or the draft is discarded. The refusal
  /// remembers the value it covers, even on a live form, so that a value entered over it
  /// later meets another window's change to it (``changedUnderRefusal(_:)``).
  ///
  /// - Parameter stored: What the store holds under the input, when the object cannot hold
  ///   it (a value another program wrote, which the person is to fix): what Done expects the
  ///   store still to hold.
  func refuse(_ input: ControlInput, for name: String, message: String, stored: Value? = nil) {
    let cell = cell(name)
    noteBase(of: cell, name)
    if let stored { cell.base = stored }
    cell.pending =
      switch input {
      case .text(let text): .string(text)
      case .number(let number): .double(number)
      case .bool(let flag): .bool(flag)
      case .none: .null
      }
    cell.message = message
    cell.isRefused = true
  }

  /// What the object holds of `name` now, when its row shows a refusal and the object has
  /// changed since the refused input was typed (another window saved meanwhile).
  func changedUnderRefusal(_ name: String) -> Value? {
    guard let cell = existingCell(name), cell.isRefused, let base = cell.base else { return nil }
    let now = (try? object.value(forKeyPath: name)) ?? .null
    return now == base || now == cell.objectAtBase ? Optional.none : Optional.some(now)
  }

  /// Remembers what the object holds of `name` as the cell's starting point, unless an
  /// earlier edit did.
  private func noteBase(of cell: DraftCell, _ name: String) {
    guard cell.base == nil else { return }
    cell.base = (try? object.value(forKeyPath: name)) ?? .null
    cell.objectAtBase = cell.base
  }

  /// Checks every property, marks each invalid one, and returns the messages in order.
  @discardableResult
  public func validate() -> ValidationFailure? {
    var messages: [(String, String)] = []
    for property in definition.properties where !property.isCustom {
      if let cell = cells[property.name], cell.isRefused, let message = cell.message {
        messages.append((property.name, message))
        continue
      }
      let current = value(property.name) ?? .null
      // What a person entered is checked as on entry; what the object holds, as it is.
      let check = cells[property.name]?.pending != nil ? Validator.checkEntered : Validator.check
      let (_, problem) = check(current, property, property.name, self, nil)
      if let problem {
        cell(property.name).message = problem
        messages.append((property.name, problem))
      } else if cells[property.name]?.message != nil {
        cells[property.name]?.message = nil
      }
    }
    return messages.isEmpty ? nil : ValidationFailure(messages)
  }

  /// Validates, then writes every pending value (and committed child edits) to the object in
  /// one step, or into the parent draft when there is one. On failure nothing is written and
  /// the draft keeps every value.
  public func commit() throws(ValidationFailure) {
    let object = object
    let hasParent = parent != nil
    let write: ([(String, Value)]) throws(StoreError) -> Void = { values throws(StoreError) in
      guard !hasParent else { return }
      do throws(BindingError) { try object.setValues(values) } catch {
        throw .invalidItem(error.description)
      }
    }
    do throws(ScreenError) {
      try commit(through: write)
    } catch {
      switch error {
      case .invalid(let failure): throw failure
      case .store(.invalidItem(let why)): throw ValidationFailure([("", why)])
      default: throw ValidationFailure([("", error.description)])
      }
    }
  }

  /// Validates, then hands the pending values to `write`, and is cleared only when `write`
  /// succeeds: the one path by which a detail screen's edit reaches its store.
  ///
  /// `write` must write the values all or nothing (a store writes them to the object and to
  /// its storage in one transaction). Committed child edits are written to their objects
  /// first and put back when `write` fails; a draft with a parent records its values and child
  /// edits in the parent instead. When anything fails, the draft keeps every typed value and
  /// the error says why.
  public func commit(
    through write: (_ values: [(String, Value)]) throws(StoreError) -> Void
  ) throws(ScreenError) {
    if let failure = validate() { throw .invalid(failure) }
    let values = pendingValues
    if let parent {
      do throws(StoreError) { try write(values) } catch { throw .store(error) }
      parent.recordChild(object: object, target: target, values: values)
      parent.inheritChildren(from: self)
    } else {
      var undo: ValuesUndo
      do throws(StoreError) { undo = try applyChildEdits() } catch { throw .store(error) }
      undo.append(removeKeysFromObject())
      do throws(StoreError) { try write(values) } catch {
        undo.run()
        markRefusal(error)
        throw .store(error)
      }
    }
    lastCommit = values
    lastRemovedKeys = removedKeys.toWrite
    clear()
  }

  /// The store took `values`, written in the background: the draft lets them go without
  /// validating them again. What the object holds now may validate differently (a document
  /// object's value types follow its values), and the item is saved either way.
  func saved(_ values: [(String, Value)]) {
    lastCommit = values
    clear()
  }

  /// Marks a value the store refused on its row, like a validation message.
  func markRefusal(_ error: StoreError) {
    switch error {
    case .refusedValue(let property, let message): cell(property).message = message
    case .refusedValues(let messages):
      for (property, message) in messages { cell(property).message = message }
    case .conflict(let conflicts): markConflicts(conflicts)
    default: break
    }
  }

  /// The entered values, in the order they were first entered.
  var pendingValues: [(String, Value)] {
    order.filter { !$0.hasPrefix(Self.internalPrefix) }.compactMap { name in
      cells[name]?.pending.map { (name, $0) }
    }
  }

  /// Forgets every pending value and message, and every key added or deleted since the last
  /// commit.
  public func discard() {
    dropKeyChanges()
    clear()
  }

  private func clear() {
    for cell in cells.values { cell.clear() }
    childEdits.removeAll()
    childOrder.removeAll()
    beforeKeyChanges = nil
    removedKeys.toWrite = []
  }

  /// Writes `values` to the object for a store's write, and returns how to take them back
  /// when the store refuses it.
  ///
  /// - Throws: ``StoreError/invalidItem(_:)`` when the object refuses a value.
  func setObjectValues(_ values: [(String, Value)]) throws(StoreError) -> ValuesUndo {
    do throws(BindingError) { return try object.setValues(values) } catch {
      throw .invalidItem(error.description)
    }
  }

  /// Cells whose names start with this are bookkeeping, never written to the object.
  static let internalPrefix = "\u{1}"
}

/// Not `Sendable`: a draft stays on its screen's domain (see <doc:Concurrency>).
@available(*, unavailable)
extension Draft: Sendable {}
