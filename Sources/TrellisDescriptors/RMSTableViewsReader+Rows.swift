import Trellis

extension RMSTableViewsReader {
  /// A cell's class: the library class it is drawn as, and the app's registration.
  struct CellClass {
    let name: String
    let base: RMSCellClass
    let registration: DescriptorClass?
    let isAppClass: Bool
  }

  /// UITableViewCellAccessoryType's constants, in order.
  static let accessoryNames = [
    "none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton",
  ]
  /// NSTextAlignment's constants, in order (iOS).
  static let alignments: [RowAttributes.TextAlignment] = [
    .left, .center, .right, .justified, .natural,
  ]
  /// UITextAutocapitalizationType's constants, in order.
  static let capitalizations: [RowAttributes.Autocapitalization] = [
    .none, .words, .sentences, .allCharacters,
  ]

  func row(_ node: DescriptorNode, rowDefaults: [String: Value]) -> RowDescriptor? {
    guard node.expectDictionary("a row") else { return nil }
    node.checkKeys(Self.rowKeys, in: "a row", othersAreIgnored: true)
    guard node.require("className", in: "a row"), let className = node.string("className") else {
      return nil
    }
    let ownProperties = node.dictionary("properties")
    let ownKeys = Set(ownProperties?.value.dictionaryValue?.keys ?? [])
    guard let cell = cellClass(className, at: node.path("className"), keys: ownKeys) else {
      return nil
    }
    let p = RMSProperties(
      reading: reading, node: ownProperties,
      defaults: rowDefaults.merging(cell.registration?.properties ?? [:]) { $1 },
      fallbackPath: node.path("className"))
    let base = cell.base
    var kind = cell.registration?.kind ?? base.kind
    if cell.registration?.kind == nil, cell.registration?.template != nil { kind = .custom }
    var row = RowDescriptor(kind: kind, location: node.location)
    row.template = cell.registration?.template
    row.name = node.string("bindVariable")
    row.visible = RMSProperties(
      reading: reading, node: node, defaults: [:], fallbackPath: node.path
    )
    .condition("enabled")
    var handled: Set<String> = []
    if kind == .textField, !p.has("textField.placeholder"), p.has("placeholder") {
      reading.warning(
        "\(className) has no property 'placeholder': its text field's is "
          + "'textField.placeholder'; read as that", at: p.path("placeholder"))
      handled.insert("placeholder")
    }
    checkProperties(
      p, allowed: base.properties, className: className,
      drawnAs: cell.isAppClass ? base.name : nil, handled: handled)
    row.userInfo = node.appKeys(Self.rowKeys)
    if cell.isAppClass {
      // An app's class has properties of its own, which its code reads.
      let known = base.properties.union(RMSTableViewsClasses.trellisExtensions).union(handled)
      for key in p.keys where !known.contains(key) { row.userInfo[key] = p.raw(key) }
    }
    row.pickerComponents = cell.registration?.components ?? []
    readAppearance(p, into: &row, base: base)
    if base.bindsValue, p.has("value") {
      reading.warning(
        "'value' is ignored: the row shows the value at its key path, and the descriptor does "
          + "not overwrite the data", at: p.path("value"))
    }
    if base.bindsValue { readBinding(p, into: &row, className: className, node: node) }
    if kind == .selection || p.has("choices") {
      row.choices = p.choices("choices")
      row.choiceTitles = p.strings("choiceTitles") ?? []
      // A picker in parts chooses on its wheels, which its class registers.
      if kind == .selection, row.choices == nil, row.pickerComponents.isEmpty {
        reading.error(
          "missing required key 'choices' in \(className)", at: propertiesPath(node))
      }
    }
    if kind == .textField { readTextField(p, into: &row, placeholderAlias: !handled.isEmpty) }
    if base.runsAction { readAction(p, into: &row, className: className, node: node) }
    if base.name == "RMSWebViewCell" { readLink(p, into: &row, node: node) }
    if row.name == nil, case .literal(let label)? = row.text { row.name = label }
    if cell.isAppClass, cell.registration == nil, row.action == nil, !p.has("accessoryType"),
      row.choices == nil, base.accessory == .disclosureIndicator
    {
      // The app's code that an unregistered class stands for (a colour picker) is not here:
      // no chevron promises a screen that would not come.
      row.accessory = .literal(Accessory.none.rawValue)
    }
    return row
  }

  private func propertiesPath(_ node: DescriptorNode) -> String {
    node.has("properties") ? node.path("properties") : node.path
  }

  /// The class of a row: the library's, the app's registered one, or (unregistered, with a
  /// warning) the library class closest to its properties.
  private func cellClass(_ name: String, at path: String, keys: Set<String>) -> CellClass? {
    if let registration = classes.cells[name] {
      let base =
        registration.like.flatMap(RMSTableViewsClasses.cell)
        ?? RMSTableViewsClasses.closestCell(to: keys.union(registration.properties.keys))
      return CellClass(name: name, base: base, registration: registration, isAppClass: true)
    }
    if let base = RMSTableViewsClasses.cell(name) {
      return CellClass(name: name, base: base, registration: nil, isAppClass: false)
    }
    let known = RMSTableViewsClasses.cells.map(\.name) + classes.cells.keys.sorted()
    if let close = RMSTableViewsClasses.misspelt(name, among: known) {
      reading.error("unknown class name '\(name)' (did you mean '\(close)'?)", at: path)
      return nil
    }
    let base = RMSTableViewsClasses.closestCell(to: keys)
    reading.warning(
      "unregistered cell class '\(name)' is drawn as an \(base.name), the library class closest "
        + "to its properties; register it in Swift (DescriptorClasses.cells) or in a classes "
        + #"file: {"cells": {""# + name + #"": {"like": ""# + base.name + #""}}}"#,
      at: path, onKey: false)
    return CellClass(name: name, base: base, registration: nil, isAppClass: true)
  }

  /// Text, colours, alignment, accessory and `enabled`: what every cell reads.
  private func readAppearance(_ p: RMSProperties, into row: inout RowDescriptor, base: RMSCellClass)
  {
    row.text =
      p.text("labelText") ?? p.text("primaryLabel.text") ?? p.text("label.text")
      ?? p.text("textLabel.text")
    row.backgroundColor = p.color("backgroundColor")
    row.textColor =
      p.color("primaryLabel.textColor") ?? p.color("label.textColor")
      ?? p.color("textLabel.textColor")
    row.detailTextColor = p.color("detailTextLabel.textColor")
    let alignmentNames = Self.alignments.map(\.rawValue)
    for key in ["primaryLabel.textAlignment", "label.textAlignment", "textLabel.textAlignment"]
    where p.has(key) && row.textAlignment == nil {
      if let index = p.constant(key, names: alignmentNames) {
        row.textAlignment = Self.alignments.indices.contains(index) ? Self.alignments[index] : nil
      }
    }
    if let index = p.constant("accessoryType", names: Self.accessoryNames),
      Self.accessoryNames.indices.contains(index)
    {
      row.accessory = .literal(Self.accessoryNames[index])
    } else if let accessory = base.accessory {
      row.accessory = .literal(accessory.rawValue)
    }
    row.enabled = p.condition("enabled") ?? p.condition("userInteractionEnabled")
  }

  /// `representedObject` and `keyPath`: what RMSDataCell and its subclasses bind.
  private func readBinding(
    _ p: RMSProperties, into row: inout RowDescriptor, className: String, node: DescriptorNode
  ) {
    row.object = p.object("representedObject")
    row.value = p.literal("keyPath")
    row.valueLocation = p.location(of: "keyPath")
    if !p.has("keyPath") {
      reading.error("missing required key 'keyPath' in \(className)", at: propertiesPath(node))
    }
    if row.name == nil { row.name = row.value }
  }

  /// RMSTextEntryCell's secure entry, placeholder and capitalisation.
  private func readTextField(
    _ p: RMSProperties, into row: inout RowDescriptor, placeholderAlias: Bool
  ) {
    for key in ["secureTextEntry", "textField.secureTextEntry"] where p.has(key) {
      switch p.condition(key) {
      case .constant(let secure)?: row.isSecure = secure
      case let condition?: row.secure = condition
      case nil: break
      }
    }
    switch p.text(placeholderAlias ? "placeholder" : "textField.placeholder") {
    case .literal(let text)?: row.placeholder = text
    case let text?: row.placeholderText = text
    case nil: break
    }
    let names = Self.capitalizations.map(\.rawValue)
    if let index = p.constant("textField.autocapitalizationType", names: names),
      Self.capitalizations.indices.contains(index)
    {
      row.autocapitalization = Self.capitalizations[index]
    }
    // UIKeyboardType's and UITextAutocorrectionType's raw values are their order.
    let keyboards = RowAttributes.Keyboard.allCases
    if let index = p.constant("textField.keyboardType", names: keyboards.map(\.rawValue)),
      keyboards.indices.contains(index)
    {
      row.keyboard = keyboards[index]
    }
    let corrections: [Bool?] = [nil, false, true]
    if let index = p.constant("textField.autocorrectionType", names: ["default", "no", "yes"]),
      corrections.indices.contains(index)
    {
      row.autocorrects = corrections[index]
    }
  }

  /// RMSTargetActionCell's `target` and `selectorString`: the action registered under the
  /// selector's name runs when the row is selected.
  private func readAction(
    _ p: RMSProperties, into row: inout RowDescriptor, className: String, node: DescriptorNode
  ) {
    _ = p.object("target")
    guard let selector = p.literal("selectorString") else {
      if !p.has("selectorString") {
        reading.error(
          "missing required key 'selectorString' in \(className)", at: propertiesPath(node))
      }
      return
    }
    if let warning = DescriptorAction.misspeltBuiltIn(selector) {
      reading.warning(warning, at: p.path("selectorString"), onKey: false)
    }
    do {
      row.action = try DescriptorAction.selector(selector, at: p.location(of: "selectorString"))
    } catch { reading.error(error.message, at: p.path("selectorString")) }
  }

  /// RMSWebViewCell's `URLString`; its `title` titles the page's screen, which hosts leave to
  /// the browser.
  private func readLink(_ p: RMSProperties, into row: inout RowDescriptor, node: DescriptorNode) {
    _ = p.text("title")
    switch p.text("URLString") {
    case .literal(let url)?:
      row.url = url
      row.action = .open(url)
    case let text?:
      row.urlText = text
    case nil:
      if !p.has("URLString") {
        reading.error(
          "missing required key 'URLString' in an RMSWebViewCell", at: propertiesPath(node))
      }
    }
  }
}
