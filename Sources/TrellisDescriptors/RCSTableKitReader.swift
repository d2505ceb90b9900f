import Trellis

/// Reads RCSTableKit's table definitions, unchanged: `displaySections`/`sections`,
/// `displayRows`/`rows`, the `:kvc` and `:sel` key variants, and `pushConfiguration`.
///
/// `:kvc` keys become key paths; `:sel` keys name actions (or, for values, functions) that the
/// app registers in Swift with ``DescriptorLibrary``. RCSTableKit lets apps invent their own
/// keys, so an unknown key is a warning, and an error only when it looks like a misspelt key.
struct RCSTableKitReader {
  let reading: DescriptorReading

  static let tableKeys = [
    "nib", "nibBundle", "controller", "isEditable", "title", "title:kvc", "title:sel",
    "allowsSelection", "allowsSelectionDuringEditing", "allowsMultipleSelection",
    "allowsMultipleSelectionDuringEditing", "displaySections", "sections",
    "tableHeaderImagePath:kvc", "tableHeaderImagePathSelector:sel", "themeStyle",
  ]
  static let sectionKeys = [
    "displayRows", "rows", "list", "list:kvc", "object", "object:kvc", "predicate",
    "headerTitle", "headerTitle:kvc", "footerTitle", "footerTitle:kvc", "themeStyle",
  ]
  static let rowKeys = [
    "list", "list:kvc", "object", "object:kvc", "predicate", "cell", "cell:kvc", "cell:sel",
    "cellNib", "cellStyle", "cellStyle:kvc", "cellStyle:sel", "becomeFirstResponder",
    "rowHeight", "backgroundColor:kvc", "backgroundColor:sel", "text", "text:kvc", "text:sel",
    "detailText", "detailText:kvc", "detailText:sel", "image", "image:kvc", "image:sel",
    "action:sel", "action:view:sel", "action:edit:sel", "pushConfiguration",
    "pushConfiguration:view", "pushConfiguration:edit", "accessoryType", "accessoryType:kvc",
    "accessoryType:sel", "editingAccessoryType", "editingAccessoryType:kvc",
    "editingAccessoryType:sel", "accessoryPushConfiguration", "accessoryPushConfiguration:view",
    "accessoryPushConfiguration:edit", "accessoryAction:sel", "accessoryAction:view:sel",
    "accessoryAction:edit:sel", "editingStyle", "editingStyleAction:sel",
    "editingStylePushConfiguration", "themeStyle",
  ]

  func read() -> TableDescriptor? {
    let root = reading.root
    guard root.expectDictionary("an RCSTableKit table definition") else { return nil }
    checkKeys(root, Self.tableKeys, in: "the table definition")
    var descriptor = TableDescriptor(
      format: .rcsTableKit, file: reading.document.file, location: root.location)
    descriptor.style = root.string("nib") == "RCSTableViewPlain" ? .plain : .grouped
    descriptor.title = text(root, "title")
    descriptor.isEditable = root.bool("isEditable") ?? false
    descriptor.navigationBar = descriptor.isEditable ? .editRight : NavigationBarType.none
    descriptor.themeStyle = root.string("themeStyle")
    var selection = DescriptorSelectionOptions()
    selection.allowsSelection = root.bool("allowsSelection") ?? true
    selection.allowsSelectionDuringEditing = root.bool("allowsSelectionDuringEditing") ?? false
    selection.allowsMultipleSelection = root.bool("allowsMultipleSelection") ?? false
    selection.allowsMultipleSelectionDuringEditing =
      root.bool("allowsMultipleSelectionDuringEditing") ?? false
    descriptor.selection = selection
    let order =
      root.require("displaySections", in: "the table definition")
      ? root.stringList("displaySections") : nil
    let sections =
      root.require("sections", in: "the table definition")
      ? root.dictionary("sections") : nil
    if let order, let sections {
      descriptor.sections = order.compactMap { name, node in
        guard let child = sections.child(name) else {
          reading.error(
            "displaySections names '\(name)', which 'sections' does not define"
              + suggestion(name, sections.value.dictionaryValue?.keys ?? []), at: node.path)
          return nil
        }
        return section(child, name: name)
      }
    }
    return descriptor
  }

  private func suggestion(_ name: String, _ candidates: [String]) -> String {
    NameSuggestion.closest(to: name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
  }

  /// Unknown keys: an error when close to a known key, a warning otherwise.
  private func checkKeys(_ node: DescriptorNode, _ allowed: [String], in what: String) {
    guard let dictionary = node.value.dictionaryValue else { return }
    for key in dictionary.keys where !allowed.contains(key) {
      if let close = NameSuggestion.closest(to: key, among: allowed) {
        reading.error(
          "unknown key '\(key)' in \(what) (did you mean '\(close)'?)", at: node.path(key),
          onKey: true)
      } else {
        reading.warning("unknown key '\(key)' in \(what) is ignored", at: node.path(key))
      }
    }
  }

  private func section(_ node: DescriptorNode, name: String) -> SectionDescriptor? {
    guard node.expectDictionary("section '\(name)'") else { return nil }
    checkKeys(node, Self.sectionKeys, in: "section '\(name)'")
    var section = SectionDescriptor(name: name, location: node.location)
    section.header = text(node, "headerTitle")
    section.footer = text(node, "footerTitle")
    section.list = object(node, "list")
    section.object = object(node, "object")
    section.visible = node.predicate("predicate")
    section.themeStyle = node.string("themeStyle")
    let order =
      node.require("displayRows", in: "section '\(name)'")
      ? node.stringList("displayRows") : nil
    let rows = node.require("rows", in: "section '\(name)'") ? node.dictionary("rows") : nil
    if let order, let rows {
      section.rows = order.compactMap { rowName, orderNode in
        guard let child = rows.child(rowName) else {
          reading.error(
            "displayRows names '\(rowName)', which 'rows' does not define"
              + suggestion(rowName, rows.value.dictionaryValue?.keys ?? []), at: orderNode.path)
          return nil
        }
        return row(child, name: rowName)
      }
    }
    return section
  }

  private func row(_ node: DescriptorNode, name: String) -> RowDescriptor? {
    guard node.expectDictionary("row '\(name)'") else { return nil }
    checkKeys(node, Self.rowKeys, in: "row '\(name)'")
    var row = RowDescriptor(name: name, location: node.location)
    row.object = object(node, "object")
    row.list = object(node, "list")
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
    row.action =
      action(node, "action:view:sel", "pushConfiguration:view")
      ?? action(node, "action:sel", "pushConfiguration")
    row.editingAction = action(node, "action:edit:sel", "pushConfiguration:edit")
    row.accessoryAction =
      action(node, "accessoryAction:view:sel", "accessoryPushConfiguration:view")
      ?? action(node, "accessoryAction:sel", "accessoryPushConfiguration")
    row.editingAccessoryAction = action(
      node, "accessoryAction:edit:sel", "accessoryPushConfiguration:edit")
    row.editingStyleAction = action(node, "editingStyleAction:sel", "editingStylePushConfiguration")
    return row
  }

  /// `key`, `key:kvc` or `key:sel`, whichever is present (the literal first).
  private func text(_ node: DescriptorNode, _ key: String) -> DescriptorText? {
    if let literal = node.string(key) { return .literal(literal) }
    if let keyPath = node.string(key + ":kvc") {
      return .keyPath(keyPath, at: node.location(of: key + ":kvc"))
    }
    if let function = node.string(key + ":sel") {
      return .function(function, at: node.location(of: key + ":sel"))
    }
    return nil
  }

  /// Like `text(_:_:)`, checking a literal against the names of `type`.
  private func named<T: RawRepresentable & CaseIterable>(
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

  private func object(_ node: DescriptorNode, _ key: String) -> DescriptorObject? {
    if let text = node.string(key) { return DescriptorObject(text, at: node.location(of: key)) }
    if let text = node.string(key + ":kvc") {
      return DescriptorObject(text, at: node.location(of: key + ":kvc"))
    }
    return nil
  }

  private func action(_ node: DescriptorNode, _ selectorKey: String, _ pushKey: String)
    -> DescriptorAction?
  {
    if let name = node.string(selectorKey) {
      if node.has(pushKey) {
        reading.error(
          "a row has either '\(selectorKey)' or '\(pushKey)', not both", at: node.path(pushKey),
          onKey: true)
      }
      return .named(name, at: node.location(of: selectorKey))
    }
    if let name = node.string(pushKey) {
      return .push(DescriptorPush(name, at: node.location(of: pushKey)))
    }
    return nil
  }
}
