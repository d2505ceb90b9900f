import Trellis

/// Reads Trellis's canonical descriptor schema (see the "Table Descriptors" article).
struct CanonicalDescriptorReader {
  let reading: DescriptorReading

  static let tableKeys = [
    "schemaVersion", "title", "style", "navigationBar", "editable", "selection", "themeStyle",
    "sections", "access", "userInfo", "singleObject", "rowActions",
  ]
  static let selectionKeys = [
    "allowsSelection", "allowsSelectionDuringEditing", "allowsMultipleSelection",
    "allowsMultipleSelectionDuringEditing",
  ]
  static let sectionKeys =
    [
      "id", "header", "footer", "list", "object", "visible", "themeStyle", "rows", "source",
      "userInfo", "rowActions",
    ]
    + sourceListKeys
  static let rowKeys = [
    "id", "kind", "text", "detail", "image", "cellStyle", "object", "list", "value", "choices",
    "enabled", "visible", "accessory", "editingAccessory", "editingStyle", "height",
    "themeStyle", "action", "editingAction", "accessoryAction", "push", "editingPush", "url",
    "secure", "placeholder", "focus", "components", "userInfo", "dateFormat", "minuteInterval",
    "allowsNoChoice", "minimum", "maximum", "choiceTitles",
  ]
  static let textKeys = ["keyPath", "function"]
  static let countKeys = ["count", "unit", "units"]

  func read() -> TableDescriptor? {
    let root = reading.root
    guard root.expectDictionary("a Trellis descriptor") else { return nil }
    root.checkKeys(Self.tableKeys, in: "the descriptor")
    var descriptor = TableDescriptor(
      format: .canonical, file: reading.document.file, location: root.location)
    if root.require("schemaVersion", in: "the descriptor"),
      let version = root.integer(
        "schemaVersion")
    {
      if version < 1 || version > TableDescriptor.currentSchemaVersion {
        reading.error(
          "unsupported schemaVersion \(version); this version of Trellis reads "
            + "schemaVersion \(TableDescriptor.currentSchemaVersion)",
          at: root.path("schemaVersion"))
      }
      descriptor.schemaVersion = version
    }
    descriptor.title = text(root, "title")
    descriptor.style = root.choice("style", TableStyle.self) ?? .grouped
    descriptor.navigationBar = root.choice("navigationBar", NavigationBarType.self)
    descriptor.isEditable = root.bool("editable") ?? false
    descriptor.themeStyle = root.string("themeStyle")
    if let selection = root.dictionary("selection") {
      selection.checkKeys(Self.selectionKeys, in: "'selection'")
      var options = DescriptorSelectionOptions()
      options.allowsSelection = selection.bool("allowsSelection") ?? true
      options.allowsSelectionDuringEditing = selection.bool("allowsSelectionDuringEditing") ?? false
      options.allowsMultipleSelection = selection.bool("allowsMultipleSelection") ?? false
      options.allowsMultipleSelectionDuringEditing =
        selection.bool("allowsMultipleSelectionDuringEditing") ?? false
      descriptor.selection = options
    }
    if root.has("singleObject") {
      descriptor.userInfo = userInfo(root)
      descriptor.singleObject = singleObject(root)
      return descriptor
    }
    descriptor.access = access(root)
    descriptor.userInfo = userInfo(root)
    let tableActions = rowActionDefaults(root) ?? RowActionDefaults()
    if root.require("sections", in: "the descriptor"), let sections = root.list("sections") {
      descriptor.sections = sections.compactMap { section($0, actions: tableActions) }
      refuseRepeatedIDs(of: sections, "section")
    }
    return descriptor
  }

  /// A located error for each `id` that an earlier one of `nodes` has: an id names one section
  /// or row, which the screen and every host tell apart by it.
  private func refuseRepeatedIDs(of nodes: [DescriptorNode], _ noun: String) {
    var seen: Set<String> = []
    for node in nodes {
      guard node.value.dictionaryValue != nil,
        let id = node.value.dictionaryValue?["id"]?.stringValue
      else { continue }
      if !seen.insert(id).inserted {
        reading.error("another \(noun) before this one has the id '\(id)'", at: node.path("id"))
      }
    }
  }

  private func section(_ node: DescriptorNode, actions: RowActionDefaults) -> SectionDescriptor? {
    guard node.expectDictionary("a section") else { return nil }
    node.checkKeys(Self.sectionKeys, in: "a section")
    var section = SectionDescriptor(name: node.string("id"), location: node.location)
    section.header = text(node, "header")
    section.footer = text(node, "footer")
    section.list = object(node, "list")
    section.object = object(node, "object")
    section.visible = condition(node, "visible")
    section.themeStyle = node.string("themeStyle")
    section.source = sectionSource(node)
    section.userInfo = userInfo(node)
    if node.has("source") {
      if node.has("rowActions") {
        reading.error(
          "'rowActions' gives actions to a section's rows; a section with a 'source' lists "
            + "items, whose screens are generated", at: node.path("rowActions"), onKey: true)
      }
      return section
    }
    if node.require("rows", in: "a section"), let rows = node.list("rows") {
      let defaults = actions.overridden(by: rowActionDefaults(node))
      section.rows = rows.compactMap(row).map(defaults.applied(to:))
      refuseRepeatedIDs(of: rows, "row of the section")
    }
    return section
  }

  private func row(_ node: DescriptorNode) -> RowDescriptor? {
    guard node.expectDictionary("a row") else { return nil }
    node.checkKeys(Self.rowKeys, in: "a row")
    var row = RowDescriptor(name: node.string("id"), location: node.location)
    row.kind = node.choice("kind", RowKind.self) ?? .plain
    row.text = text(node, "text")
    row.detail = text(node, "detail")
    row.image = text(node, "image")
    row.cellStyle = text(node, "cellStyle")
    if case .literal(let style)? = row.cellStyle {
      _ = DescriptorNode.choice(
        style, RowAttributes.CellStyle.self, reading: reading, path: node.path("cellStyle"),
        key: "cellStyle")
    }
    row.object = object(node, "object")
    row.list = object(node, "list")
    row.value = node.string("value")
    row.valueLocation = node.location(of: "value")
    if let raw = node.raw("choices") {
      if let values = raw.arrayValue {
        row.choices = .literal(values)
      } else if let name = node.string("choices") {
        row.choices = .object(DescriptorObject(name, at: node.location(of: "choices")))
      }
    }
    row.allowsNoChoice = node.bool("allowsNoChoice") ?? false
    row.choiceTitles = node.list("choiceTitles")?.map(\.value.displayText) ?? []
    if !row.choiceTitles.isEmpty, case .literal(let values)? = row.choices,
      values.count != row.choiceTitles.count
    {
      reading.error(
        "'choiceTitles' has \(row.choiceTitles.count) titles for \(values.count) choices",
        at: node.path("choiceTitles"))
    }
    (row.minimum, row.maximum) = range(node)
    row.enabled = condition(node, "enabled")
    row.visible = condition(node, "visible")
    row.accessory = accessory(node, "accessory")
    row.editingAccessory = accessory(node, "editingAccessory")
    row.editingStyle = node.choice("editingStyle", EditingStyle.self)
    row.height = node.number("height")
    row.themeStyle = node.string("themeStyle")
    row.url = node.string("url")
    row.isSecure = node.bool("secure") ?? false
    row.placeholder = node.string("placeholder")
    row.becomesFirstResponder = node.bool("focus") ?? false
    row.dateFormat = node.string("dateFormat")
    row.minuteInterval = node.minuteInterval("minuteInterval")
    row.action = node.action("action")
    row.editingAction = node.action("editingAction")
    row.accessoryAction = node.action("accessoryAction")
    row.pickerComponents = pickerComponents(node)
    row.userInfo = userInfo(node)
    if let push = node.string("push") {
      if row.action != nil {
        reading.error(
          "a row has either 'action' or 'push', not both", at: node.path("push"), onKey: true)
      }
      row.action = .push(DescriptorPush(push, at: node.location(of: "push")))
    }
    if let push = node.string("editingPush") {
      row.editingAction = .push(DescriptorPush(push, at: node.location(of: "editingPush")))
    }
    if row.action == nil, let url = row.url { row.action = .open(url) }
    return row
  }

  /// `minimum` and `maximum` at `node`, a number's range; an error when the first is above
  /// the second.
  func range(_ node: DescriptorNode) -> (minimum: Double?, maximum: Double?) {
    let (low, high) = (node.number("minimum"), node.number("maximum"))
    if let low, let high, low > high {
      reading.error(
        "'minimum' (\(RowSnapshot.numberText(low))) is above 'maximum' "
          + "(\(RowSnapshot.numberText(high)))", at: node.path("minimum"))
    }
    return (low, high)
  }

  /// Text: a string, or `{"keyPath": ...}`, or `{"function": ...}`, or
  /// `{"count": source, "unit": ...}`.
  func text(_ node: DescriptorNode, _ key: String) -> DescriptorText? {
    guard let raw = node.raw(key) else { return nil }
    guard raw.dictionaryValue != nil, let child = node.child(key) else {
      return node.string(key).map(DescriptorText.literal)
    }
    if child.has("count") { return count(child, key) }
    child.checkKeys(Self.textKeys, in: "'\(key)'")
    if let keyPath = child.string("keyPath") {
      return .keyPath(keyPath, at: child.location(of: "keyPath"))
    }
    if let function = child.string("function") {
      return .function(function, at: child.location(of: "function"))
    }
    reading.error("'\(key)' needs 'keyPath', 'function' or 'count'", at: child.path)
    return nil
  }

  /// `{"count": {"sqlite": {...}}, "unit": "row", "units": "rows"}`: how many items a source
  /// holds, in words.
  private func count(_ node: DescriptorNode, _ key: String) -> DescriptorText? {
    node.checkKeys(Self.countKeys, in: "'\(key)'")
    guard let sourceNode = node.dictionary("count"),
      let source = listSource(sourceNode, in: "'count'")
    else { return nil }
    var section = SectionSource(source: source.source, location: node.location(of: "count"))
    section.settingLocations = source.locations
    return .count(
      DescriptorCount(
        source: section, unit: node.string("unit") ?? "item", units: node.string("units")))
  }

  private func accessory(_ node: DescriptorNode, _ key: String) -> DescriptorText? {
    let result = text(node, key)
    if case .literal(let name)? = result {
      _ = DescriptorNode.choice(
        name, Accessory.self, reading: reading, path: node.path(key), key: key)
    }
    return result
  }

  private func object(_ node: DescriptorNode, _ key: String) -> DescriptorObject? {
    node.string(key).map { DescriptorObject($0, at: node.location(of: key)) }
  }

  /// A condition: a Boolean, `:name`, or a predicate.
  private func condition(_ node: DescriptorNode, _ key: String) -> DescriptorCondition? {
    guard let raw = node.raw(key) else { return nil }
    if case .bool(let b) = raw { return .constant(b) }
    if let text = raw.stringValue, text.hasPrefix(":") {
      return .object(DescriptorObject(text, at: node.location(of: key)))
    }
    return node.predicate(key)
  }

  /// The canonical `userInfo`: anything the app's code reads, kept as it is written.
  private func userInfo(_ node: DescriptorNode) -> [String: Value] {
    guard let info = node.dictionary("userInfo") else { return [:] }
    var result: [String: Value] = [:]
    for (key, value) in info.value.dictionaryValue ?? [:] { result[key] = value }
    return result
  }

  /// The canonical `components` of a picker in parts.
  private func pickerComponents(_ node: DescriptorNode) -> [PickerComponent] {
    guard node.has("components") else { return [] }
    return PickerComponent.read(node, "components", reading: reading)
  }
}
