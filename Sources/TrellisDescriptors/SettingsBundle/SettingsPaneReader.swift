import Trellis

/// Reads one page of an iOS Settings bundle (`Root.plist`, or a child pane), unchanged:
/// `Title`, `StringsTable` and the `PreferenceSpecifiers`, each specifier a group, a row, or a
/// radio group's section.
///
/// Titles are looked up in the page's strings table as they are read. What Settings tolerates
/// is a warning and shows as Settings shows it: an unknown key is ignored, an unknown
/// specifier type skips its row, titles and values of different lengths show the pairs that
/// exist, and a default that is not one of the values checks no choice. Errors are kept for
/// what cannot be read at all.
final class SettingsPaneReader {
  let reading: DescriptorReading
  /// The device the page is shown for.
  let idiom: SettingsIdiom
  /// The strings table of a name (`Root`), in the chosen language.
  let strings: (String) -> StringsTable?
  /// The table used when the page names none (the page's own name).
  let defaultTable: String?
  /// The values and titles the app supplies for a key, if any.
  let choiceProvider: (String) -> SettingsChoiceList?
  private(set) var table: StringsTable?
  var pane: SettingsPane
  private var sections: [SectionDescriptor] = []
  private var current: SectionDescriptor?

  /// InAppSettingsKit's `IASKTextAlignment` names.
  static let textAlignments: [String: RowAttributes.TextAlignment] = [
    "IASKUITextAlignmentLeft": .left, "IASKUITextAlignmentCenter": .center,
    "IASKUITextAlignmentRight": .right, "IASKUITextAlignmentNatural": .natural,
  ]

  /// The keys a page may hold.
  static let pageKeys = [
    "Title", "StringsTable", "PreferenceSpecifiers", "ApplicationGroupContainerIdentifier",
  ]

  init(
    reading: DescriptorReading, idiom: SettingsIdiom = .phone,
    strings: @escaping (String) -> StringsTable? = { _ in nil }, defaultTable: String? = nil,
    choices: @escaping (String) -> SettingsChoiceList? = { _ in nil }
  ) {
    self.reading = reading
    self.choiceProvider = choices
    self.idiom = idiom
    self.strings = strings
    self.defaultTable = defaultTable
    var descriptor = TableDescriptor(
      format: .settingsBundle, file: reading.document.file, location: reading.root.location)
    descriptor.navigationBar = NavigationBarType.none
    pane = SettingsPane(descriptor: descriptor)
  }

  /// The page, or `nil` when it is not a dictionary of specifiers.
  func read() -> SettingsPane? {
    let root = reading.root
    guard root.expectDictionary("a Settings bundle page") else { return nil }
    warnUnknownKeys(root, Self.pageKeys, in: "the page")
    if let name = root.string("StringsTable") ?? defaultTable { table = strings(name) }
    pane.descriptor.title = root.string("Title").map { .literal(localized($0)) }
    guard root.require("PreferenceSpecifiers", in: "a Settings bundle page"),
      let specifiers = root.list("PreferenceSpecifiers")
    else { return nil }
    for (index, node) in specifiers.enumerated() {
      specifier(node, index: index)
    }
    finishSection()
    pane.descriptor.sections = sections
    return pane
  }

  /// `text` in the page's strings table, or as written.
  func localized(_ text: String) -> String { table?[text] ?? text }

  /// The localised string at `key`, if any.
  func localizedString(_ node: DescriptorNode, _ key: String) -> String? {
    node.string(key).map(localized)
  }

  // MARK: Specifiers

  private func specifier(_ node: DescriptorNode, index: Int) {
    guard node.expectDictionary("specifier \(index)") else { return }
    guard node.require("Type", in: "specifier \(index)"), let type = node.string("Type") else {
      return
    }
    let specifier = SettingsSpecifier(node: node, index: index, type: type)
    warnUnknownKeys(node, Self.specifierKeys, in: specifier.description)
    guard isShown(specifier) else { return }
    switch type {
    case "PSGroupSpecifier": group(specifier)
    case "PSTextFieldSpecifier": textField(specifier)
    case "PSToggleSwitchSpecifier": toggle(specifier)
    case "PSSliderSpecifier": slider(specifier)
    case "PSMultiValueSpecifier": multiValue(specifier)
    case "PSRadioGroupSpecifier": radioGroup(specifier)
    case "PSTitleValueSpecifier": titleValue(specifier)
    case "PSChildPaneSpecifier": childPane(specifier)
    case "IASKButtonSpecifier": button(specifier)
    case "IASKTextViewSpecifier": textView(specifier)
    case "IASKDatePickerSpecifier": datePicker(specifier)
    case "IASKCustomViewSpecifier": customView(specifier)
    case "IASKOpenURLSpecifier": openURL(specifier)
    case "IASKMailComposeSpecifier": mailCompose(specifier)
    case "IASKListGroupSpecifier": listGroup(specifier)
    default:
      var message = "unknown specifier type '\(type)' in specifier \(index); the row is skipped"
      // Every type shares `PS…Specifier`: only a near miss is worth suggesting.
      if let close = Self.specifierTypes.min(by: {
        NameSuggestion.editDistance(type, $0) < NameSuggestion.editDistance(type, $1)
      }), NameSuggestion.editDistance(type, close) <= 2 {
        message += " (did you mean '\(close)'?)"
      }
      reading.warning(message, at: node.path("Type"), onKey: false)
    }
  }

  /// Whether `SupportedUserInterfaceIdioms`, if given, lists the idiom shown.
  private func isShown(_ specifier: SettingsSpecifier) -> Bool {
    guard let idioms = specifier.node.stringList("SupportedUserInterfaceIdioms") else {
      return true
    }
    for (name, node) in idioms where !SettingsIdiom.specifierNames.contains(name) {
      reading.warning(
        "unknown idiom '\(name)' in \(specifier); expected "
          + SettingsIdiom.specifierNames.joined(separator: ", "), at: node.path, onKey: false)
    }
    return idioms.contains { $0.0 == idiom.specifierName }
  }

  /// Warns about every key a page or specifier does not know; Settings ignores them.
  private func warnUnknownKeys(_ node: DescriptorNode, _ known: [String], in what: String) {
    guard let dictionary = node.value.dictionaryValue else { return }
    for key in dictionary.keys where !known.contains(key) {
      var message = "unknown key '\(key)' in \(what) is ignored"
      if let close = NameSuggestion.closest(to: key, among: known) {
        message += " (did you mean '\(close)'?)"
      }
      reading.warning(message, at: node.path(key))
    }
  }

  // MARK: Sections and rows

  /// Starts a section; the rows that follow go into it.
  func startSection(_ section: SectionDescriptor) {
    finishSection()
    current = section
  }

  /// Ends the current section: the next row starts a section without a header.
  func finishSection() {
    if let current { sections.append(current) }
    current = nil
  }

  /// Adds a row to the current section, starting one without a header if there is none.
  func append(_ row: RowDescriptor, from specifier: SettingsSpecifier) {
    if current == nil {
      current = SectionDescriptor(
        name: "rows\(specifier.index)", location: specifier.node.location)
    }
    current?.rows.append(row)
  }

  /// A row for `specifier`, with its title, image and identity.
  func makeRow(_ specifier: SettingsSpecifier, kind: RowKind) -> RowDescriptor {
    let node = specifier.node
    var row = RowDescriptor(
      name: "specifier\(specifier.index)", kind: kind, location: node.location)
    row.text = localizedString(node, "Title").map(DescriptorText.literal)
    row.image = node.string("IASKCellImage").map(DescriptorText.literal)
    if let alignment = node.string("IASKTextAlignment") {
      row.textAlignment = Self.textAlignments[alignment]
      if row.textAlignment == nil {
        reading.warning(
          "\(specifier): unknown IASKTextAlignment '\(alignment)' is ignored; expected one of "
            + Self.textAlignments.keys.sorted().joined(separator: ", "),
          at: node.path("IASKTextAlignment"), onKey: false)
      }
    }
    return row
  }

  /// Records what a specifier says about its key.
  func record(
    _ key: String, rule: SettingsValueRule?, default value: Value?, initial: Value,
    _ specifier: SettingsSpecifier
  ) {
    let location =
      specifier.node.has("DefaultValue")
      ? specifier.node.location(of: "DefaultValue") : specifier.node.location
    pane.keys.append(
      SettingsKeyFacts(
        key: key, rule: rule, defaultValue: value, initial: initial,
        location: location?.inFile(reading.document.file)))
  }

  /// The push of the child page `file` names, kept among this pane's children. `File` names
  /// the page without its extension; a name written with it means the same page.
  func childPage(_ file: String, at location: SourceLocation?) -> DescriptorPush {
    let push = DescriptorPush(
      file.hasSuffix(".plist") ? String(file.dropLast(6)) : file, at: location)
    pane.children.append(push)
    return push
  }

  /// Records a subtitle given per value, returning the detail text that shows it.
  func recordSubtitle(_ subtitle: SettingsSubtitle, _ specifier: SettingsSpecifier)
    -> DescriptorText
  {
    let name = "IASKSubtitle.\(defaultTable ?? "page").\(specifier.index)"
    pane.subtitles[name] = subtitle
    return .function(name, at: specifier.node.location(of: "IASKSubtitle"))
  }

  /// Records an action a row runs.
  func recordAction(_ name: String) {
    if !pane.actionNames.contains(name) { pane.actionNames.append(name) }
  }
}
