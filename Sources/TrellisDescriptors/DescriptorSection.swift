import Trellis

/// A section made from a ``SectionDescriptor``: its rows are computed on demand from their
/// descriptors and objects, so texts, conditions and values always show the current data.
final class DescriptorSection: Section {
  struct Entry {
    let descriptor: RowDescriptor
    let object: any KeyValueCoding
    let id: RowID
  }

  let binder: DescriptorBinder
  /// The rows, in order: a row deleted in edit mode leaves the table (and only the table); the
  /// built-in `delete` also deletes its object from the data.
  var entries: [Entry]
  let object: any KeyValueCoding
  let sectionDescriptor: SectionDescriptor
  /// Where the rows come from when they follow a list in the data.
  var listing: (any DescriptorRowListing)?
  private(set) var isEditing = false
  /// The header and footer code set (``BoundSection``), over the descriptor's.
  var headerOverride: String??
  var footerOverride: String??
  /// What code set on rows (``BoundRow``), by row name.
  var rowOverrides: [String: RowOverride] = [:]
  /// The counters the rows show, each following its store while the section lives.
  var countShowings: [ObjectIdentifier: ObservationToken] = [:]

  /// What code set on the rows of one name, over their descriptor.
  struct RowOverride {
    var text: String??
    var detail: String??
    var isEnabled: Bool?
  }

  init(
    id: String, descriptor: SectionDescriptor, object: any KeyValueCoding, entries: [Entry],
    binder: DescriptorBinder, header: String?, footer: String?
  ) {
    self.binder = binder
    self.entries = entries
    self.object = object
    self.sectionDescriptor = descriptor
    super.init(id: id, header: header, footer: footer)
    isEditable = binder.descriptor.isEditable
    themeStyle = descriptor.themeStyle
  }

  override var elementCount: Int { entries.count }

  override func elementIDs() -> [RowID] { entries.map(\.id) }

  override func makeRow(at index: Int) -> Row {
    let entry = entries[index]
    if let row = try? makeRow(entry, editing: isEditing) { return row }
    // Bound data changed shape after the screen was built: show the row, disabled.
    var row = Row(id: entry.id, kind: .plain, text: "")
    row.isEnabled = false
    return row
  }

  override func element(at index: Int) -> Any { entries[index] }

  /// Deletes a row whose descriptor lets it be deleted (`editingStyle` delete): a row repeated
  /// over a list deletes its element from the data (``DescriptorListedRows``); any other row
  /// leaves this table, and what it showed stays in the data.
  override func removeElement(at index: Int) throws(TableEditError) -> Any {
    guard entries.indices.contains(index) else {
      throw .rowOutOfRange(path: "[\(id), \(index)]", count: entries.count)
    }
    guard entries[index].descriptor.editingStyle == .delete else {
      throw .notDeletable(path: "[\(id), \(index)]")
    }
    if let deleted = try removeListed(at: index) { return deleted }
    let entry = entries.remove(at: index)
    setNeedsRefresh()
    return entry
  }

  /// Descriptor rows are where their descriptor puts them: none is added or moved.
  override func insertElement(_ element: Any, at index: Int) throws(TableEditError) {
    throw .refused(section: id, reason: "its rows come from its descriptor")
  }

  override func moveElement(from source: Int, to destination: Int) throws(TableEditError) {
    throw .sectionNotEditable(section: id, reason: "its rows stay where their descriptor puts them")
  }

  override func refusalReason(forInserting element: Any) -> String? {
    "its rows come from its descriptor"
  }

  override func editingChanged(_ editing: Bool) {
    isEditing = editing
    setNeedsRefresh()
  }

  /// The object of the row with `id`, for pushes and for the row's actions.
  override func object(forRow id: RowID, at index: Int) -> (any KeyValueCoding)? {
    object(forRow: id)
  }

  /// The object of the row with `id`.
  func object(forRow id: RowID) -> (any KeyValueCoding)? {
    entries.first { $0.id == id }?.object
  }

  override func detailScreen(forElementAt index: Int, in screen: Screen) throws(ScreenError)
    -> Screen?
  {
    try disclosedScreen(forElementAt: index, in: screen)
  }

  /// Selecting a row that chooses writes its value, and the group's checkmarks follow;
  /// selecting a checkmark toggle turns it on or off.
  override func select(elementAt index: Int, in screen: Screen) throws(ScreenError) -> Bool {
    guard entries.indices.contains(index), let keyPath = entries[index].descriptor.value
    else { return false }
    let entry = entries[index]
    let written: Value
    if let chosen = entry.descriptor.chooses {
      written = chosen
    } else if entry.descriptor.isCheckmarkToggle {
      let current = try? entry.object.value(forKeyPath: keyPath)
      written = .bool(current?.boolValue != true)
    } else {
      return false
    }
    do { try RowBinding(entry.object, keyPath: keyPath).write(written) } catch {
      throw .notApplicable(error.description)
    }
    setNeedsRefresh()
    return true
  }

  /// Makes the row for `entry`, throwing the first binding problem.
  func makeRow(_ entry: Entry, editing: Bool) throws(Diagnostic) -> Row {
    let d = entry.descriptor
    let scope = entry.object
    let descriptor = binder.descriptor
    let cell = try binder.cellKind(d.cellClass, scope)
    let kind = cell?.kind ?? d.kind
    var row = Row(id: entry.id, kind: kind)
    for text in [d.text, d.detail] {
      if case .count(let count)? = text { try showCount(count) }
    }
    row.text = try binder.text(d.text, scope)
    row.detailText = try binder.text(d.detail, scope)
    row.imageName = try binder.text(d.image, scope)
    if let style = try binder.named(d.cellStyle, scope, RowAttributes.CellStyle.self) {
      row.attributes.cellStyle = style
    } else if descriptor.format == .rcsTableKit {
      row.attributes.cellStyle = .default
    }
    if let keyPath = d.value {
      let current: Value
      do { current = try scope.value(forKeyPath: keyPath) } catch {
        throw binder.error("cannot bind '\(keyPath)': \(error)", d.valueLocation ?? d.location)
      }
      if let chosen = d.chooses {
        // One of a group of rows that choose: it shows whether the value is its own.
        row.accessory = current == chosen ? .checkmark : .none
        row.attributes.isChoice = true
      } else if d.isCheckmarkToggle {
        // A switch drawn as a checkmark, which a tap turns on and off.
        row.kind = .plain
        row.accessory = current.boolValue == true ? .checkmark : .none
        row.attributes.isChoice = true
      } else {
        row.binding = RowBinding(scope, keyPath: keyPath)
        row.propertyName = keyPath
        describeDisclosed(current, kind: kind, dateFormat: d.dateFormat, in: &row)
      }
    }
    row.attributes.choices = try binder.choices(d.choices, scope)
    row.attributes.pickerComponents = try pickerComponents(d, scope)
    row.attributes.choiceTitles = d.choiceTitles
    row.attributes.allowsNoSelection = d.allowsNoChoice
    row.attributes.minimum = d.minimum
    row.attributes.maximum = d.maximum
    row.attributes.dateFormat = d.dateFormat
    row.attributes.minuteInterval = d.minuteInterval
    row.attributes.template = cell?.template ?? d.template
    if let capitalization = d.autocapitalization {
      row.attributes.autocapitalization = capitalization
    }
    row.attributes.keyboard = d.keyboard
    row.attributes.autocorrects = d.autocorrects
    if !d.choiceTitles.isEmpty, row.detailText == nil, let value = row.value,
      let index = row.attributes.choices.firstIndex(of: value),
      d.choiceTitles.indices.contains(index)
    {
      // Show the chosen item's title (`6' 0"`) rather than its value (72), or its short title.
      row.detailText =
        d.shortChoiceTitles.indices.contains(index)
        ? d.shortChoiceTitles[index] : d.choiceTitles[index]
    }
    row.isEnabled = try binder.holds(d.enabled, scope, fallback: true)
    row.isVisible = try binder.holds(d.visible, scope, fallback: true)
    if (d.chooses == nil && !d.isCheckmarkToggle) || d.value == nil {
      row.accessory =
        try binder.named(d.accessory, scope, Accessory.self)
        ?? (kind.pushesDetail || kind == .link ? .disclosureIndicator : .none)
    }
    row.editingAccessory = try binder.named(d.editingAccessory, scope, Accessory.self) ?? .none
    row.editingStyle = d.editingStyle ?? .none
    row.isDeletable = d.editingStyle == .delete
    row.height = d.height
    row.themeStyle = d.themeStyle
    try applyAppearance(d, scope, to: &row)
    row.attributes.becomesFirstResponder = d.becomesFirstResponder
    row.attributes.entersValueWhenEditingEnds = d.entersValueWhenEditingEnds
    row.attributes.url = d.url
    var selected =
      editing ? (d.editingAction ?? (descriptor.isEditable ? nil : d.action)) : d.action
    if let urlText = d.urlText, let url = try binder.text(urlText, scope) {
      row.attributes.url = url
      if !editing || !descriptor.isEditable { selected = .open(url) }
    }
    let selectable =
      editing
      ? descriptor.selection.allowsSelectionDuringEditing || d.editingAction != nil
      : descriptor.selection.allowsSelection
    var missing: Diagnostic?
    func resolve(_ action: DescriptorAction?) throws(Diagnostic) -> RowAction? {
      let resolved = try rowAction(action, d, kind, scope)
      missing = missing ?? resolved.missing
      return resolved.action
    }
    if selectable { row.action = try resolve(selected) }
    if !row.attributes.pickerComponents.isEmpty, row.attributes.choices.isEmpty,
      row.action == .pushDetail
    {
      // A picker in parts is chosen on its wheels: it has no list of choices to push.
      row.action = nil
      row.accessory = .none
    }
    if kind == .selection, row.attributes.choices.isEmpty, row.attributes.pickerComponents.isEmpty,
      row.action == .pushDetail
    {
      // Nothing to choose among (an app's picker class that supplies its choices in code):
      // no chevron promises a list that would not come.
      row.action = nil
      row.accessory = .none
    }
    if case .open(let url)? = row.action, kind == .plain || kind == .button {
      // A row that opens an address is a link, which every host knows how to open.
      row.kind = .link
      row.attributes.url = url
    }
    row.accessoryAction = try resolve(d.accessoryAction)
    row.editingAccessoryAction = try resolve(d.editingAccessoryAction)
    row.editingStyleAction = try resolve(d.editingStyleAction)
    if let name = d.name, let override = rowOverrides[name] {
      if let text = override.text { row.text = text }
      if let detail = override.detail { row.detailText = detail }
      if let enabled = override.isEnabled { row.isEnabled = enabled }
    }
    if let missing {
      // An action that cannot run leaves the row disabled, saying what it lacks.
      row.isEnabled = false
      row.attributes.unavailableReason = missing.message
    }
    return row
  }

  /// Every binding problem of `entry`, each part checked on its own, so that one mistake does
  /// not hide the next; warnings for colours and cell classes that cannot be found.
  func problems(_ entry: Entry) -> [Diagnostic] {
    let d = entry.descriptor
    let scope = entry.object
    var found: [Diagnostic] = []
    func check(_ body: () throws(Diagnostic) -> Void) {
      do { try body() } catch { found.append(error) }
    }
    for text in [d.text, d.detail, d.image, d.placeholderText, d.urlText] {
      check { () throws(Diagnostic) in _ = try binder.text(text, scope) }
    }
    check { () throws(Diagnostic) in
      _ = try binder.named(d.cellStyle, scope, RowAttributes.CellStyle.self)
    }
    for accessory in [d.accessory, d.editingAccessory] {
      check { () throws(Diagnostic) in _ = try binder.named(accessory, scope, Accessory.self) }
    }
    for (color, key) in [
      (d.backgroundColor, "backgroundColor"), (d.textColor, "textColor"),
      (d.detailTextColor, "detailTextColor"),
    ] {
      check { () throws(Diagnostic) in _ = try binder.color(color, scope, key) }
      if let warning = binder.colorWarning(color, scope, key) { found.append(warning) }
    }
    check { () throws(Diagnostic) in _ = try binder.cellKind(d.cellClass, scope) }
    if let warning = binder.cellWarning(d.cellClass, scope) { found.append(warning) }
    let boundKind = ((try? binder.cellKind(d.cellClass, scope)) ?? nil)?.kind ?? d.kind
    if let keyPath = d.value {
      check { () throws(Diagnostic) in
        let value: Value
        do { value = try scope.value(forKeyPath: keyPath) } catch {
          throw binder.error("cannot bind '\(keyPath)': \(error)", d.valueLocation ?? d.location)
        }
        if let warning = valueKindWarning(boundKind, bound: value, d) { found.append(warning) }
      }
    }
    check { () throws(Diagnostic) in _ = try binder.choices(d.choices, scope) }
    for condition in [d.enabled, d.visible, d.secure] {
      check { () throws(Diagnostic) in _ = try binder.holds(condition, scope, fallback: true) }
    }
    let kind = boundKind
    for action in d.actions {
      check { () throws(Diagnostic) in
        guard let missing = try rowAction(action, d, kind, scope).missing else { return }
        // A misspelt built-in (`relaod`) was reported where the descriptor was read; an action
        // the classes name is the app's, and is no fault of the descriptor.
        if case .named(let name, _) = action,
          DescriptorAction.misspeltBuiltIn(name) != nil
            || binder.library.classes.appActions.contains(name)
        {
          return
        }
        found.append(missing)
      }
    }
    check { () throws(Diagnostic) in _ = try pickerComponents(d, scope) }
    return found
  }

  /// The wheels of a picker in parts: the row's own, or its cell class's.
  private func pickerComponents(_ d: RowDescriptor, _ scope: any KeyValueCoding)
    throws(Diagnostic) -> [PickerComponent]
  {
    guard d.pickerComponents.isEmpty, d.cellClass != nil else { return d.pickerComponents }
    guard let name = try binder.text(d.cellClass, scope) else { return [] }
    return binder.library.classes.cells[name]?.components ?? []
  }

  /// The row action `action` makes, or the warning that says why it cannot act (an action
  /// nobody registered); throws what is wrong in the descriptor (a push to no descriptor).
  private func rowAction(
    _ action: DescriptorAction?, _ d: RowDescriptor, _ kind: RowKind, _ object: any KeyValueCoding
  ) throws(Diagnostic) -> (action: RowAction?, missing: Diagnostic?) {
    let library = binder.library
    switch action {
    case nil: return (kind.pushesDetail && d.value != nil ? .pushDetail : nil, nil)
    case .named(let name, let location)?:
      guard library.actions[name] != nil else {
        if library.classes.appActions.contains(name) {
          let reason = "'\(name)' runs only in the app"
          return (nil, binder.warning(reason, location))
        }
        let candidates = Array(library.actions.keys) + BuiltInAction.verbs
        return (nil, binder.warning(binder.unknownName("action", name, candidates), location))
      }
      return (.named(name), nil)
    case .push(let push)?:
      try checkDescriptor(push.name, at: push.location, "pushes")
      return (.push(push.name), nil)
    case .open(let url)?: return (.open(url), nil)
    case .builtIn(let builtIn, let location)?:
      // An action the app registers under the same selector wins.
      let selector = builtIn.selector
      if library.actions[selector] != nil { return (.named(selector), nil) }
      switch builtIn {
      case .present(let name): try checkDescriptor(name, at: location, "presents")
      case .save where library.onSave == nil:
        return (
          nil,
          binder.warning(
            "'save' has nothing to save with: the app sets DescriptorLibrary.onSave", location)
        )
      case .delete where Self.listElement(of: object) == nil:
        return (
          nil,
          binder.warning(
            "'delete' deletes an element of a list, and this row's object is not one", location)
        )
      default: break
      }
      return (.named(selector), nil)
    }
  }

  /// Throws when no descriptor of the library is named `name`.
  private func checkDescriptor(_ name: String, at location: SourceLocation?, _ verb: String)
    throws(Diagnostic)
  {
    guard binder.library.descriptors[name] == nil else { return }
    var message = "\(verb) '\(name)', which is not a known descriptor"
    if let close = NameSuggestion.closest(
      to: name, among: Array(binder.library.descriptors.keys))
    {
      message += " (did you mean '\(close)'?)"
    }
    throw binder.error(message, location)
  }
}
