import Trellis

/// Reads RMSTableViews' form descriptors, unchanged: a list of sections, each with
/// `properties.headerTitle` and `rows` whose `className` says what the row is.
struct RMSTableViewsReader {
  let reading: DescriptorReading

  /// The cell classes RMSTableViews ships, and the row kinds they become.
  static let classKinds: [String: RowKind] = [
    "RMSTextEntryCell": .textField,
    "RMSSwitchCell": .switch,
    "RMSArrayPickerCell": .selection,
    "RMSNamedColorPickerCell": .selection,
    "RMSWebViewCell": .link,
    "RMSHeightPickerCell": .selection,
    "RMSBattingAveragePickerCell": .selection,
  ]
  static let sectionKeys = ["bindVariable", "properties", "rows"]
  static let sectionPropertyKeys = ["headerTitle", "footerTitle"]
  static let rowKeys = ["className", "enabled", "properties"]
  static let rowPropertyKeys = [
    "representedObject", "keyPath", "labelText", "choices", "secureTextEntry", "enabled",
    "URLString", "title", "placeholder",
  ]
  /// The colours a named-colour picker offers.
  static let colorNames = [
    "Black", "Blue", "Brown", "Cyan", "Gray", "Green", "Magenta", "Orange", "Purple", "Red",
    "White", "Yellow",
  ]

  func read() -> TableDescriptor? {
    let root = reading.root
    guard root.value.arrayValue != nil else {
      reading.error(
        "an RMSTableViews descriptor must be a list of sections, not "
          + DescriptorNode.describe(root.value), at: root.path)
      return nil
    }
    var descriptor = TableDescriptor(
      format: .rmsTableViews, file: reading.document.file, location: root.location)
    descriptor.navigationBar = NavigationBarType.none
    let sections = (root.value.arrayValue ?? []).enumerated().map { index, value in
      DescriptorNode(reading: reading, path: String(index), value: value)
    }
    descriptor.sections = sections.compactMap(section)
    return descriptor
  }

  private func section(_ node: DescriptorNode) -> SectionDescriptor? {
    guard node.expectDictionary("a section") else { return nil }
    node.checkKeys(Self.sectionKeys, in: "a section")
    var section = SectionDescriptor(name: node.string("bindVariable"), location: node.location)
    if let properties = node.dictionary("properties") {
      properties.checkKeys(Self.sectionPropertyKeys, in: "a section's properties")
      section.header = properties.string("headerTitle").map(DescriptorText.literal)
      section.footer = properties.string("footerTitle").map(DescriptorText.literal)
    }
    if node.require("rows", in: "a section"), let rows = node.list("rows") {
      section.rows = rows.compactMap(row)
    }
    return section
  }

  private func row(_ node: DescriptorNode) -> RowDescriptor? {
    guard node.expectDictionary("a row") else { return nil }
    node.checkKeys(Self.rowKeys, in: "a row")
    guard node.require("className", in: "a row"), let className = node.string("className") else {
      return nil
    }
    guard let kind = Self.classKinds[className] else {
      var message = "unknown class name '\(className)'"
      if let close = NameSuggestion.closest(to: className, among: Array(Self.classKinds.keys)) {
        message += " (did you mean '\(close)'?)"
      } else {
        message += "; known classes: " + Self.classKinds.keys.sorted().joined(separator: ", ")
      }
      reading.error(message, at: node.path("className"))
      return nil
    }
    var row = RowDescriptor(kind: kind, location: node.location)
    row.enabled = condition(node, "enabled")
    guard let properties = node.dictionary("properties") else {
      reading.error("missing required key 'properties' in a row", at: node.path)
      return nil
    }
    properties.checkKeys(Self.rowPropertyKeys, in: "a row's properties")
    if row.enabled == nil { row.enabled = condition(properties, "enabled") }
    row.object = properties.string("representedObject").map {
      DescriptorObject($0, at: properties.location(of: "representedObject"))
    }
    row.value = properties.string("keyPath")
    row.valueLocation = properties.location(of: "keyPath")
    row.text = properties.string("labelText").map(DescriptorText.literal)
    row.name = row.value ?? properties.string("labelText")
    row.isSecure = properties.bool("secureTextEntry") ?? false
    row.placeholder = properties.string("placeholder")
    if let raw = properties.raw("choices") {
      if let values = raw.arrayValue {
        row.choices = .literal(values)
      } else if let name = properties.string("choices") {
        row.choices = .object(DescriptorObject(name, at: properties.location(of: "choices")))
      }
    }
    switch className {
    case "RMSNamedColorPickerCell":
      row.choices = row.choices ?? .literal(Self.colorNames.map(Value.string))
    case "RMSHeightPickerCell":
      row.choices = .literal((48...96).map(Value.int))
      row.choiceTitles = (48...96).map { "\($0 / 12)' \($0 % 12)\"" }
    case "RMSBattingAveragePickerCell":
      row.choices = .literal((0...1000).map { Value.double(Double($0) / 1000) })
      row.choiceTitles = (0...1000).map { Self.average($0) }
    case "RMSWebViewCell":
      row.url = properties.string("URLString")
      if row.url == nil {
        reading.error("missing required key 'URLString' in an RMSWebViewCell", at: properties.path)
      }
      row.detail = properties.string("title").map(DescriptorText.literal)
      row.accessory = .literal(Accessory.disclosureIndicator.rawValue)
      row.action = row.url.map(DescriptorAction.open)
    default:
      if row.value == nil {
        reading.error("missing required key 'keyPath' in \(className)", at: properties.path)
      }
    }
    if kind == .selection && row.choices == nil {
      reading.error("missing required key 'choices' in \(className)", at: properties.path)
    }
    return row
  }

  /// `.300` for 300, `1.000` for 1000.
  static func average(_ thousandths: Int) -> String {
    let digits = String(thousandths % 1000)
    let padded = String(repeating: "0", count: 3 - digits.count) + digits
    return (thousandths >= 1000 ? "1" : "") + "." + padded
  }

  /// `enabled`: a Boolean, or a substitution such as `:emailEnabled`.
  private func condition(_ node: DescriptorNode, _ key: String) -> DescriptorCondition? {
    guard let raw = node.raw(key) else { return nil }
    if let text = raw.stringValue,
      text.hasPrefix(":")
        || Int(text) == nil && Bool(text) == nil
          && !["YES", "NO", "yes", "no"].contains(text)
    {
      return .object(DescriptorObject(text, at: node.location(of: key)))
    }
    return node.bool(key).map(DescriptorCondition.constant)
  }
}
