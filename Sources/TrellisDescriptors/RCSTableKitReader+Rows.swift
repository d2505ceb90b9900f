import Trellis

extension RCSTableKitReader {
  /// RCSTableKit's own cell classes and the row kinds they draw.
  static let libraryCells: [String: RowKind] = [
    "RCSTableViewCell": .plain, "RCSEditStringCell": .textField,
  ]

  func row(_ node: DescriptorNode, name: String) -> RowDescriptor? {
    guard node.expectDictionary("row '\(name)'") else { return nil }
    let aliases = Self.rowAliases
    let appKeys = checkKeys(
      node, Self.rowKeys + Self.editStringKeys + Self.rowExtensions, aliases: aliases,
      in: "row '\(name)'")
    var row = RowDescriptor(name: name, location: node.location)
    row.userInfo = appKeys
    row.object = object(node, written(node, "object", aliases))
    row.list = object(node, written(node, "list", aliases))
    row.visible = node.predicate("predicate")
    row.cellStyle = named(node, "cellStyle", RowAttributes.CellStyle.self)
    row.becomesFirstResponder = node.bool("becomeFirstResponder") ?? false
    row.height = node.number("rowHeight")
    row.text = text(node, "text")
    row.detail = text(node, "detailText")
    row.image = text(node, "image")
    row.accessory = named(node, "accessoryType", Accessory.self)
    row.editingAccessory = named(node, "editingAccessoryType", Accessory.self)
    row.editingStyle = node.choice("editingStyle", EditingStyle.self)
    row.themeStyle = node.string("themeStyle")
    let color = written(node, "backgroundColor", aliases)
    if let keyPath = node.string(color) {
      row.backgroundColor = .keyPath(keyPath, at: node.location(of: color))
    } else if let function = node.string("backgroundColor:sel") {
      row.backgroundColor = .function(function, at: node.location(of: "backgroundColor:sel"))
    }
    readCell(node, into: &row)
    readActions(node, into: &row)
    return row
  }

  /// Like `text(_:_:)`, checking a literal against the names of `type`.
  func named<T: RawRepresentable & CaseIterable>(
    _ node: DescriptorNode, _ key: String, _ type: T.Type
  ) -> DescriptorText? where T.RawValue == String {
    let result = text(node, key)
    if case .literal(let name)? = result {
      guard
        DescriptorNode.choice(name, type, reading: reading, path: node.path(key), key: key) != nil
      else { return nil }
    }
    return result
  }

  // MARK: Cells

  /// `cellNib`, `cell`, `cell:kvc` and `cell:sel`: the row's kind (or template), and for
  /// RCSEditStringCell, the keys it reads.
  private func readCell(_ node: DescriptorNode, into row: inout RowDescriptor) {
    if let keyPath = node.string("cell:kvc") {
      row.cellClass = .keyPath(keyPath, at: node.location(of: "cell:kvc"))
    } else if let function = node.string("cell:sel") {
      row.cellClass = .function(function, at: node.location(of: "cell:sel"))
    }
    var className = node.string("cell")
    var classPath = node.path("cell")
    if let nib = node.string("cellNib") {
      if classes.cells[nib] != nil {
        className = nib
        classPath = node.path("cellNib")
      } else {
        reading.warning(
          "cellNib '\(nib)' is a nib Trellis cannot load: the row is drawn as its cell class's; "
            + "register '\(nib)' in Swift (DescriptorClasses.cells) or in a classes file: "
            + #"{"cells": {""# + nib + #"": {"kind": "custom", "template": ""# + nib + #""}}}"#,
          at: node.path("cellNib"), onKey: false)
      }
    }
    var editsString = row.cellClass != nil
    if let className {
      if let registration = classes.cells[className] {
        row.template = registration.template
        row.kind =
          registration.kind ?? (registration.template != nil ? .custom : nil)
          ?? registration.like.flatMap(Self.kind(ofLibraryClass:)) ?? .plain
        editsString = row.kind == .textField
      } else if let kind = Self.libraryCells[className] {
        row.kind = kind
        editsString = kind == .textField
      } else {
        let known = Self.libraryCells.keys.sorted() + classes.cells.keys.sorted()
        if let close = RMSTableViewsClasses.misspelt(className, among: known) {
          reading.error(
            "unknown cell class '\(className)' (did you mean '\(close)'?)", at: classPath)
          return
        }
        let closest = node.has("attribute") ? "RCSEditStringCell" : "RCSTableViewCell"
        reading.warning(
          "unregistered cell class '\(className)' is drawn as an \(closest), the library class "
            + "closest to its keys; register it in Swift (DescriptorClasses.cells) or in a classes "
            + #"file: {"cells": {""# + className + #"": {"like": ""# + closest + #""}}}"#,
          at: classPath, onKey: false)
        row.kind = Self.libraryCells[closest] ?? .plain
        editsString = row.kind == .textField
      }
    }
    if editsString { readEditString(node, into: &row, required: row.cellClass == nil) }
  }

  /// The row kind of a library class a registration is like: RCSTableKit's or RMSTableViews'.
  static func kind(ofLibraryClass name: String) -> RowKind? {
    libraryCells[name] ?? RMSTableViewsClasses.cell(name)?.kind
  }

  /// RCSEditStringCell's keys: the key path it edits, its placeholder and its keyboard.
  ///
  /// The cell shows only its text field: RCSTableKit gives it no text, detail, image or
  /// accessory.
  private func readEditString(
    _ node: DescriptorNode, into row: inout RowDescriptor, required: Bool
  ) {
    if let attribute = node.string("attribute") {
      row.value = attribute
      row.valueLocation = node.location(of: "attribute")
    } else if required {
      reading.error("missing required key 'attribute' for RCSEditStringCell", at: node.path)
    }
    if row.cellClass == nil {
      row.text = nil
      row.detail = nil
      row.image = nil
      row.accessory = nil
      row.editingAccessory = nil
    }
    if let text = node.string("staticPlaceholder") {
      row.placeholder = text
    } else if let keyPath = node.string("placeholder") {
      row.placeholderText = .keyPath(keyPath, at: node.location(of: "placeholder"))
    }
    let capitalization = ["words", "sentences", "allCharacters"]
    if let name = check(node, "autocapitalizationType", capitalization) {
      row.autocapitalization = RowAttributes.Autocapitalization(rawValue: name)
    }
    if let name = check(node, "autocorrectionType", ["yes", "no"]) {
      row.autocorrects = name == "yes"
    }
    _ = check(node, "clearButtonMode", ["whileEditing", "unlessEditing", "always"])
    if let name = check(
      node, "staticKeyboardType",
      [
        "default", "asciiCapable", "numbersAndPunctuation", "url", "numberPad", "phonePad",
        "namePhonePad", "emailAddress",
      ])
    {
      row.keyboard = RowAttributes.Keyboard(rawValue: name)
    }
    _ = node.string("keyboardType")
  }

  /// A name RCSEditStringCell knows at `key`; an unknown one (which it ignores) is an error
  /// when misspelt, a warning otherwise.
  private func check(_ node: DescriptorNode, _ key: String, _ names: [String]) -> String? {
    guard let name = node.string(key) else { return nil }
    if names.contains(name) { return name }
    if let close = NameSuggestion.closest(to: name, among: names) {
      reading.error(
        "'\(name)' is not a valid \(key) (did you mean '\(close)'?)", at: node.path(key))
    } else {
      reading.warning(
        "'\(name)' is not a valid \(key) and is ignored; expected one of "
          + names.joined(separator: ", "), at: node.path(key), onKey: false)
    }
    return nil
  }

  // MARK: Actions

  /// Selection, accessory and editing-control actions, in RCSTableKit's order: the plain
  /// `:sel` key, else the plain push, else the edit- and view-mode keys.
  private func readActions(_ node: DescriptorNode, into row: inout RowDescriptor) {
    if let plain = action(node, "action:sel", "pushConfiguration") {
      row.action = plain
      ignore(node, ["action:view:sel", "pushConfiguration:view"], because: plain)
      ignore(node, ["action:edit:sel", "pushConfiguration:edit"], because: plain)
    } else {
      row.action = action(node, "action:view:sel", "pushConfiguration:view")
      row.editingAction = action(node, "action:edit:sel", "pushConfiguration:edit")
    }
    if let plain = action(node, "accessoryAction:sel", "accessoryPushConfiguration") {
      row.accessoryAction = plain
      ignore(
        node, ["accessoryAction:view:sel", "accessoryPushConfiguration:view"], because: plain)
      ignore(
        node, ["accessoryAction:edit:sel", "accessoryPushConfiguration:edit"], because: plain)
    } else {
      row.accessoryAction = action(
        node, "accessoryAction:view:sel", "accessoryPushConfiguration:view")
      row.editingAccessoryAction = action(
        node, "accessoryAction:edit:sel", "accessoryPushConfiguration:edit")
    }
    row.editingStyleAction = action(node, "editingStyleAction:sel", "editingStylePushConfiguration")
  }

  /// Keys RCSTableKit never reads because a plain key is given.
  private func ignore(_ node: DescriptorNode, _ keys: [String], because plain: DescriptorAction) {
    for key in keys where node.has(key) {
      var winner = "the plain action"
      if case .push = plain { winner = "the plain push" }
      reading.warning("'\(key)' is ignored: \(winner) wins in both modes", at: node.path(key))
    }
  }

  private func action(_ node: DescriptorNode, _ selectorKey: String, _ pushKey: String)
    -> DescriptorAction?
  {
    if node.string(selectorKey) != nil {
      if node.has(pushKey) {
        reading.warning(
          "'\(pushKey)' is ignored: '\(selectorKey)' wins, as in RCSTableKit",
          at: node.path(pushKey))
      }
      return node.selector(selectorKey)
    }
    if let name = node.string(pushKey) {
      return .push(DescriptorPush(name, at: node.location(of: pushKey)))
    }
    return nil
  }
}
