import Trellis

/// Reads RCSTableKit's table definitions, unchanged, as its source reads them: the keys of
/// `RCSTableKitConstants.m`, read by `RCSTableDefinition`, `RCSTableSectionDefinition`,
/// `RCSTableRowDefinition` and `RCSEditStringCell`.
///
/// `:kvc` keys become key paths; `:sel` keys name actions (or, for values, functions) that the
/// app registers in Swift with ``DescriptorLibrary``. RCSTableKit lets apps invent their own
/// keys, so an unknown key is a warning, and an error only when it looks like a misspelt key.
/// Keys that RCSTableKit's README names but its source does not read are read as the source's
/// key, with a warning.
struct RCSTableKitReader {
  let reading: DescriptorReading
  let classes: DescriptorClasses

  static let tableKeys = [
    "nib", "nibBundle", "controller", "isEditable", "allowsSelection",
    "allowsSelectionDuringEditing", "allowsMultipleSelection",
    "allowsMultipleSelectionDuringEditing", "displaySections", "sections", "title", "title:kvc",
    "tableHeaderImagePath:kvc", "tableHeaderImagePath:sel",
  ]
  static let sectionKeys = [
    "displayRows", "rows", "list", "object", "predicate", "title", "title:kvc",
  ]
  static let rowKeys = [
    "list", "object", "predicate", "cell", "cell:kvc", "cell:sel", "cellNib", "cellStyle",
    "cellStyle:kvc", "cellStyle:sel", "becomeFirstResponder", "rowHeight", "backgroundColor",
    "backgroundColor:sel", "text", "text:kvc", "text:sel", "detailText", "detailText:kvc",
    "detailText:sel", "image", "image:kvc", "image:sel", "action:sel", "action:view:sel",
    "action:edit:sel", "pushConfiguration", "pushConfiguration:view", "pushConfiguration:edit",
    "accessoryType", "accessoryType:kvc", "accessoryType:sel", "editingAccessoryType",
    "editingAccessoryType:kvc", "editingAccessoryType:sel", "accessoryPushConfiguration",
    "accessoryPushConfiguration:view", "accessoryPushConfiguration:edit", "accessoryAction:sel",
    "accessoryAction:view:sel", "accessoryAction:edit:sel", "editingStyle",
    "editingStyleAction:sel", "editingStylePushConfiguration",
  ]
  /// The keys RCSEditStringCell reads from its row's definition.
  static let editStringKeys = [
    "attribute", "autocapitalizationType", "autocorrectionType", "clearButtonMode",
    "staticPlaceholder", "placeholder", "staticKeyboardType", "keyboardType",
  ]
  /// Keys Trellis adds: a theme style everywhere, a computed title, section footers.
  static let tableExtensions = ["title:sel", "themeStyle"]
  static let sectionExtensions = ["footerTitle", "footerTitle:kvc", "themeStyle"]
  static let rowExtensions = ["themeStyle"]

  /// A key RCSTableKit does not read, the key it reads instead, and why the other is written.
  struct Alias {
    let key: String
    let reason: String
  }

  static let readme = "RCSTableKit's README names it, but the library reads"
  static let notRCS = "it is not an RCSTableKit key; RCSTableKit reads"
  static let tableAliases: [String: Alias] = [
    "tableHeaderImagePathSelector:sel": Alias(key: "tableHeaderImagePath:sel", reason: readme)
  ]
  static let sectionAliases: [String: Alias] = [
    "headerTitle": Alias(key: "title", reason: notRCS),
    "headerTitle:kvc": Alias(key: "title:kvc", reason: notRCS),
    "list:kvc": Alias(key: "list", reason: notRCS),
    "object:kvc": Alias(key: "object", reason: notRCS),
  ]
  static let rowAliases: [String: Alias] = [
    "backgroundColor:kvc": Alias(key: "backgroundColor", reason: readme),
    "list:kvc": Alias(key: "list", reason: notRCS),
    "object:kvc": Alias(key: "object", reason: notRCS),
  ]

  func read() -> TableDescriptor? {
    let root = reading.root
    guard root.expectDictionary("an RCSTableKit table definition") else { return nil }
    let appKeys = checkKeys(
      root, Self.tableKeys + Self.tableExtensions, aliases: Self.tableAliases,
      in: "the table definition")
    var descriptor = TableDescriptor(
      format: .rcsTableKit, file: reading.document.file, location: root.location)
    descriptor.style = style(root)
    _ = root.string("nibBundle")
    descriptor.controller = root.string("controller")
    descriptor.userInfo = appKeys
    descriptor.title = text(root, "title")
    if descriptor.title == nil, let function = root.string("title:sel") {
      descriptor.title = .function(function, at: root.location(of: "title:sel"))
    }
    for key in ["tableHeaderImagePath:kvc", "tableHeaderImagePath:sel"] {
      _ = root.string(written(root, key, Self.tableAliases))
    }
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
      var named: Set<String> = []
      descriptor.sections = order.compactMap { name, node in
        // A section's name is its identity: shown twice, the two could not be told apart.
        guard named.insert(name).inserted else {
          reading.error("displaySections names '\(name)' twice", at: node.path)
          return nil
        }
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

  /// `nib`: RCSTableKit's two nibs give the table's style; an app's own nib is drawn grouped.
  private func style(_ root: DescriptorNode) -> TableStyle {
    guard let nib = root.string("nib") else { return .grouped }
    switch nib {
    case "RCSTableViewPlain": return .plain
    case "RCSTableViewGrouped": return .grouped
    default:
      if let close = RMSTableViewsClasses.misspelt(
        nib, among: ["RCSTableViewPlain", "RCSTableViewGrouped"])
      {
        reading.error("unknown nib '\(nib)' (did you mean '\(close)'?)", at: root.path("nib"))
      } else {
        reading.warning(
          "nib '\(nib)' is the app's own, which Trellis cannot load: the table is drawn grouped",
          at: root.path("nib"), onKey: false)
      }
      return .grouped
    }
  }

  func suggestion(_ name: String, _ candidates: [String]) -> String {
    NameSuggestion.closest(to: name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
  }

  /// Unknown keys (an error when close to a known key, a warning otherwise), and keys written
  /// as an alias (a warning); returns the keys of the app's own, for its `userInfo`.
  @discardableResult
  func checkKeys(
    _ node: DescriptorNode, _ allowed: [String], aliases: [String: Alias], in what: String
  ) -> [String: Value] {
    node.checkKeys(allowed + aliases.keys.sorted(), in: what, othersAreIgnored: true)
    for (alias, target) in aliases.sorted(by: { $0.key < $1.key }) where node.has(alias) {
      if node.has(target.key) {
        reading.warning(
          "'\(alias)' in \(what) is ignored: \(target.reason) '\(target.key)', which is given",
          at: node.path(alias))
      } else {
        reading.warning(
          "'\(alias)' in \(what): \(target.reason) '\(target.key)'; read as that",
          at: node.path(alias))
      }
    }
    return node.appKeys(allowed + aliases.keys.sorted())
  }

  /// The key `key` is written under: itself, or an alias of it.
  func written(_ node: DescriptorNode, _ key: String, _ aliases: [String: Alias]) -> String {
    if node.has(key) { return key }
    return aliases.first { $0.value.key == key && node.has($0.key) }?.key ?? key
  }

  private func section(_ node: DescriptorNode, name: String) -> SectionDescriptor? {
    guard node.expectDictionary("section '\(name)'") else { return nil }
    let aliases = Self.sectionAliases
    let appKeys = checkKeys(
      node, Self.sectionKeys + Self.sectionExtensions, aliases: aliases, in: "section '\(name)'")
    var section = SectionDescriptor(name: name, location: node.location)
    section.userInfo = appKeys
    let title = written(node, "title", aliases)
    section.header =
      node.string(title).map(DescriptorText.literal)
      ?? node.string(written(node, "title:kvc", aliases)).map { keyPath in
        .keyPath(keyPath, at: node.location(of: written(node, "title:kvc", aliases)))
      }
    section.footer = text(node, "footerTitle")
    section.list = object(node, written(node, "list", aliases))
    section.object = object(node, written(node, "object", aliases))
    section.visible = node.predicate("predicate")
    section.themeStyle = node.string("themeStyle")
    let order =
      node.require("displayRows", in: "section '\(name)'")
      ? node.stringList("displayRows") : nil
    let rows = node.require("rows", in: "section '\(name)'") ? node.dictionary("rows") : nil
    if let order, let rows {
      var named: Set<String> = []
      section.rows = order.compactMap { rowName, orderNode in
        guard named.insert(rowName).inserted else {
          reading.error("displayRows names '\(rowName)' twice", at: orderNode.path)
          return nil
        }
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

  /// `key`, `key:kvc` or `key:sel`, whichever is present (the literal first).
  func text(_ node: DescriptorNode, _ key: String) -> DescriptorText? {
    if let literal = node.string(key) { return .literal(literal) }
    if let keyPath = node.string(key + ":kvc") {
      return .keyPath(keyPath, at: node.location(of: key + ":kvc"))
    }
    if let function = node.string(key + ":sel") {
      return .function(function, at: node.location(of: key + ":sel"))
    }
    return nil
  }

  /// A key path (or, in Trellis, a `:name` substitution) at `key`.
  func object(_ node: DescriptorNode, _ key: String) -> DescriptorObject? {
    node.string(key).map { DescriptorObject($0, at: node.location(of: key)) }
  }
}
