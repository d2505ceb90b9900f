import Trellis

/// InAppSettingsKit's list group, read as its source reads it: the items are the array stored
/// under the group's `Key`, each drawn by the `ItemSpecifier`; the `AddSpecifier` row appends
/// one; `Deletable` lets a person delete them.
extension SettingsPaneReader {
  /// The specifier types an `ItemSpecifier` may have.
  static let listItemTypes = [
    "PSTitleValueSpecifier", "PSChildPaneSpecifier", "PSTextFieldSpecifier",
    "PSMultiValueSpecifier", "IASKButtonSpecifier", "IASKCustomViewSpecifier",
  ]
  /// The specifier types an `AddSpecifier` may have.
  static let listAddTypes = [
    "PSChildPaneSpecifier", "PSTextFieldSpecifier", "PSMultiValueSpecifier",
    "IASKButtonSpecifier", "IASKCustomViewSpecifier",
  ]

  /// A list group: a section headed by its `Title`, listing the items stored under its key.
  func listGroup(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    guard let key = requiredKey(specifier) else { return }
    var section = SectionDescriptor(name: "list\(specifier.index)", location: node.location)
    section.header = localizedString(node, "Title").map(DescriptorText.literal)
    section.footer = localizedString(node, "FooterText").map(DescriptorText.literal)
    record(key, rule: nil, default: nil, initial: .array([]), specifier)
    let isDeletable = node.bool("Deletable") ?? false
    // Without an item specifier InAppSettingsKit draws, each item is shown as text.
    var item = RowDescriptor(
      name: "specifier\(specifier.index).item", kind: .plain,
      text: .keyPath(SettingsListGroup.itemName, at: node.location), location: node.location)
    if let itemNode = listPart(specifier, "ItemSpecifier", among: Self.listItemTypes) {
      item = listItemRow(itemNode, specifier)
    } else if !node.has("ItemSpecifier") {
      reading.warning(
        "\(specifier) has no 'ItemSpecifier'; its items are shown as text",
        at: node.path("Type"), onKey: false)
    }
    if isDeletable {
      item.editingStyle = .delete
    }
    var add: RowDescriptor?
    var addsDictionaries = false
    if let addNode = listPart(specifier, "AddSpecifier", among: Self.listAddTypes) {
      (add, addsDictionaries) = listAddRow(addNode, specifier)
    }
    section.rows = [item] + (add.map { [$0] } ?? [])
    section.settingsList = SettingsListGroup(
      key: SettingsBundleObject.bindingName(for: key), item: item, add: add,
      addsDictionaries: addsDictionaries, isDeletable: isDeletable)
    if isDeletable { pane.descriptor.navigationBar = .editRight }
    startSection(section)
    finishSection()
  }

  /// The `ItemSpecifier` or `AddSpecifier` of a list group, when it is a dictionary of a type
  /// InAppSettingsKit draws there.
  private func listPart(_ group: SettingsSpecifier, _ key: String, among types: [String])
    -> SettingsSpecifier?
  {
    guard let part = group.node.dictionary(key) else { return nil }
    guard let type = part.string("Type") else {
      reading.error("\(group): '\(key)' has no 'Type'", at: group.node.path(key))
      return nil
    }
    guard types.contains(type) else {
      reading.warning(
        "\(group): '\(key)' of type '\(type)' is not drawn in a list group (InAppSettingsKit "
          + "draws " + types.joined(separator: ", ") + "); it is ignored",
        at: part.path("Type"), onKey: false)
      return nil
    }
    return SettingsSpecifier(node: part, index: group.index, type: type)
  }

  /// The row an item is drawn by. Its value is the item's value under the specifier's `Key`
  /// when the item is a dictionary, else the item itself.
  private func listItemRow(_ specifier: SettingsSpecifier, _ group: SettingsSpecifier)
    -> RowDescriptor
  {
    let node = specifier.node
    let name = node.string("Key").flatMap { $0.isEmpty ? nil : $0 } ?? SettingsListGroup.itemName
    var row = makeRow(specifier, kind: .plain)
    row.name = "specifier\(group.index).item"
    row.value = name
    row.valueLocation = node.has("Key") ? node.location(of: "Key") : node.location
    let shown = DescriptorText.keyPath(name, at: row.valueLocation)
    let leftAligned = row.textAlignment == .left || row.textAlignment == nil
    switch specifier.type {
    case "PSTextFieldSpecifier":
      row.kind = .textField
      row.isSecure = node.bool("IsSecure") ?? false
      row.placeholder = localizedString(node, "IASKPlaceholder")
    case "PSMultiValueSpecifier":
      // The chosen title is the row's text; the specifier's title is not shown.
      row.kind = .selection
      row.text = nil
      if let choices = choices(specifier, key: name, required: true) {
        row.choices = .literal(choices.values)
        row.choiceTitles = choices.titles
        row.shortChoiceTitles = choices.shortTitles
      }
      row.allowsNoChoice = false
    case "PSChildPaneSpecifier":
      // The item's text is shown beside the title, or instead of it when aligned left.
      row.value = nil
      if node.has("Key") {
        if leftAligned { row.text = shown } else { row.detail = shown }
      }
      row.accessory = .literal(Accessory.disclosureIndicator.rawValue)
      if let file = node.string("File") {
        row.action = .push(childPage(file, at: node.location(of: "File")))
      }
    case "PSTitleValueSpecifier":
      row.kind = .label
      row.value = nil
      if leftAligned { row.text = shown } else { row.detail = shown }
    case "IASKButtonSpecifier":
      row.kind = .button
      row.value = nil
      let action = node.string("Key") ?? node.string("Title") ?? "button\(group.index)"
      row.action = .named(action, at: node.location)
      recordAction(action)
    default:
      row.kind = .custom
      row.value = nil
      row.template = node.string("IASKViewControllerClass") ?? node.string("File") ?? name
    }
    return row
  }

  /// The row that adds an item, and whether the item it adds is a dictionary (a child pane's
  /// values) rather than the value entered.
  private func listAddRow(_ specifier: SettingsSpecifier, _ group: SettingsSpecifier)
    -> (RowDescriptor, Bool)
  {
    let node = specifier.node
    var row = makeRow(specifier, kind: .plain)
    row.name = "specifier\(group.index).add"
    row.value = SettingsListGroup.itemName
    switch specifier.type {
    case "PSTextFieldSpecifier":
      // Each value entered appends an item: a pause in typing must not append half a word.
      row.kind = .textField
      row.placeholder = localizedString(node, "IASKPlaceholder")
      row.isSecure = node.bool("IsSecure") ?? false
      row.entersValueWhenEditingEnds = true
      return (row, false)
    case "PSMultiValueSpecifier":
      row.kind = .selection
      if let choices = choices(specifier, key: node.string("Key") ?? "", required: true) {
        row.choices = .literal(choices.values)
        row.choiceTitles = choices.titles
        row.shortChoiceTitles = choices.shortTitles
      }
      row.allowsNoChoice = false
      return (row, false)
    case "PSChildPaneSpecifier":
      row.value = nil
      if row.text == nil {
        row.text = localizedString(node, "IASKPlaceholder").map(DescriptorText.literal)
      }
      row.accessory = .literal(Accessory.disclosureIndicator.rawValue)
      if let file = node.string("File") {
        row.action = .push(childPage(file, at: node.location(of: "File")))
      }
      return (row, true)
    default:
      // A button or a custom view: the app adds the item.
      row.kind = specifier.type == "IASKButtonSpecifier" ? .button : .custom
      row.value = nil
      let action = node.string("Key") ?? node.string("Title") ?? "add\(group.index)"
      if row.kind == .button {
        row.action = .named(action, at: node.location)
        recordAction(action)
      } else {
        row.template = node.string("IASKViewControllerClass") ?? action
      }
      return (row, false)
    }
  }
}
