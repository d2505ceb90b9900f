import Foundation
import Trellis

/// Finds and reads a Settings bundle's files: the first page and every child page it
/// reaches, the strings tables of the chosen language, and (when asked) every language's
/// strings files, collecting every diagnostic.
struct SettingsBundleLoader {
  let options: SettingsBundleOptions
  /// The values and titles the app supplies for a key, if any.
  let choices: (String) -> SettingsChoiceList?
  /// The bundle folder, as given.
  let folder: String
  /// The first page's name (`Root`).
  let rootName: String
  private(set) var diagnostics: [Diagnostic] = []
  private var tables: [String: StringsTable?] = [:]
  private var readStrings: Set<String> = []

  init(
    path: String, options: SettingsBundleOptions,
    choices: @escaping (String) -> SettingsChoiceList? = { _ in nil }
  ) {
    self.options = options
    self.choices = choices
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    if exists && !isFolder.boolValue {
      // One page of a bundle: the bundle is its folder.
      let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
      folder = (path as NSString).deletingLastPathComponent
      rootName = name.replacingOccurrences(of: ".inApp", with: "")
        .replacingOccurrences(of: options.idiom.fileSuffix, with: "")
    } else {
      folder = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
      rootName = "Root"
    }
  }

  /// The path of `name` in the bundle folder.
  private func file(_ name: String) -> String {
    folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
  }

  mutating func load() -> SettingsBundle? {
    var isFolder: ObjCBool = false
    guard
      FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      diagnostics.append(Diagnostic("no Settings bundle here", file: folder))
      return nil
    }
    checkLanguage()
    guard var root = pane(rootName, pushedBy: nil) else { return nil }
    // Settings titles an app's page with the app's name, which the bundle does not hold.
    if root.descriptor.title == nil { root.descriptor.title = .literal("Settings") }
    var panes: [String: SettingsPane] = [:]
    var pending = root.children
    while !pending.isEmpty {
      let push = pending.removeFirst()
      guard panes[push.name] == nil, push.name != rootName else { continue }
      guard var child = pane(push.name, pushedBy: push) else { continue }
      if child.descriptor.title == nil {
        // A child page without a title takes the title of the row that pushes it.
        child.descriptor.title = pushingTitle(push, in: [root] + Array(panes.values))
      }
      panes[push.name] = child
      pending += child.children
    }
    if options.checksEveryLanguage { checkEveryLanguage() }
    var bundle = SettingsBundle(
      path: folder, rootName: rootName, options: options, descriptor: root.descriptor,
      panes: panes.mapValues(\.descriptor))
    let ordered = [root] + panes.keys.sorted().compactMap { panes[$0] }
    for pane in ordered {
      for name in pane.actionNames where !bundle.actionNames.contains(name) {
        bundle.actionNames.append(name)
      }
      bundle.subtitles.merge(pane.subtitles) { first, _ in first }
      for facts in pane.keys { merge(facts, into: &bundle) }
    }
    return bundle
  }

  /// Gathers one specifier's facts: the first default, rule and initial value of a key win.
  private mutating func merge(_ facts: SettingsKeyFacts, into bundle: inout SettingsBundle) {
    if bundle.initialValues[facts.key] == nil || bundle.initialValues[facts.key] == .null {
      bundle.initialValues[facts.key] = facts.initial
    }
    if bundle.rules[facts.key] == nil, let rule = facts.rule { bundle.rules[facts.key] = rule }
    guard let value = facts.defaultValue else { return }
    if let earlier = bundle.defaults[facts.key] {
      if earlier != value {
        diagnostics.append(
          Diagnostic(
            "'\(facts.key)' has the default \(Self.quoted(value)) here but "
              + "\(Self.quoted(earlier)) earlier; the earlier one is registered",
            at: facts.location, file: facts.location?.file, severity: .warning))
      }
    } else {
      bundle.defaults[facts.key] = value
    }
  }

  /// A default as a message names it: text in quotes, so that empty text shows, and a
  /// number or a flag beside it reads as one.
  static func quoted(_ value: Value) -> String {
    if case .string(let text) = value { return "\"\(text)\"" }
    return value.displayText
  }

  /// The text of the row that pushes `push`, for a child page without a title.
  private func pushingTitle(_ push: DescriptorPush, in panes: [SettingsPane]) -> DescriptorText? {
    for pane in panes {
      for row in pane.descriptor.sections.flatMap(\.rows) {
        // A page pushed by several rows is titled by the first with a title of its own (a list
        // group's item row shows the item instead).
        if case .push(let candidate)? = row.action, candidate.name == push.name,
          case .literal? = row.text
        {
          return row.text
        }
      }
    }
    return nil
  }

  // MARK: Pages

  /// Reads the page `name`: the idiom's variant when there is one.
  private mutating func pane(_ name: String, pushedBy push: DescriptorPush?) -> SettingsPane? {
    // A page is a file of the bundle: a name that climbs out of it (`../x`) or starts at the
    // root is never read, so a bundle served to others shows no file beside it.
    if let push, name.hasPrefix("/") || name.split(separator: "/").contains("..") {
      diagnostics.append(
        Diagnostic(
          "the child pane '\(name)' names a file outside the Settings bundle, which is not "
            + "read; its page shows a notice", at: push.location,
          file: push.location?.file ?? folder, severity: .warning))
      return missingPane(name, pushedBy: push)
    }
    guard
      let path = options.pageFiles(name).map(file).first(where: {
        FileManager.default.fileExists(atPath: $0)
      })
    else {
      guard let push else {
        diagnostics.append(Diagnostic("no \(name).plist in the Settings bundle", file: folder))
        return nil
      }
      // Settings shows the row and an empty page; here the page says which file is missing.
      diagnostics.append(
        Diagnostic(
          "the child pane '\(name)' is missing: no \(name).plist in the Settings bundle; its "
            + "page shows a notice", at: push.location, file: push.location?.file ?? folder,
          severity: .warning))
      return missingPane(name, pushedBy: push)
    }
    let document: LocatedDocument
    do {
      document = try LocatedDocument(
        data: try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
    } catch let error as Diagnostic {
      diagnostics.append(error)
      return nil
    } catch {
      diagnostics.append(
        DocumentFile.unreadable(path, error))
      return nil
    }
    let reading = DescriptorReading(document)
    // Strings tables are read here, so that their diagnostics join the bundle's.
    var found: [String: StringsTable] = [:]
    if let root = document.root.dictionaryValue {
      let tableName = root["StringsTable"]?.stringValue ?? name
      found[tableName] = table(tableName)
      // In the app, InAppSettingsKit falls back to `Root` when the page's own table is missing.
      if options.inApp, root["StringsTable"] == nil, found[tableName] == nil {
        found[tableName] = table(rootName)
      }
    }
    let tables = found
    let reader = SettingsPaneReader(
      reading: reading, idiom: options.idiom, strings: { tables[$0] }, defaultTable: name,
      choices: choices)
    let pane = reader.read()
    diagnostics += reading.diagnostics
    return pane
  }

  /// The page shown for a child pane whose file is not in the bundle: a notice naming it.
  private func missingPane(_ name: String, pushedBy push: DescriptorPush) -> SettingsPane {
    var descriptor = TableDescriptor(
      format: .settingsBundle, file: push.location?.file, location: push.location)
    descriptor.navigationBar = NavigationBarType.none
    var section = SectionDescriptor(name: "missing", location: push.location)
    section.rows = [
      RowDescriptor(
        name: "missing", kind: .label,
        text: .literal("\(name).plist is not in the Settings bundle"), location: push.location)
    ]
    descriptor.sections = [section]
    return SettingsPane(descriptor: descriptor)
  }

  // MARK: Strings

  /// The languages asked for, most specific first: `pt-BR`, `pt_BR`, `pt`; Chinese by its
  /// script or by the region that writes it (`zh-Hans`, `zh_CN`), and a language by the name
  /// older bundles gave its folder (`fr`, `French`).
  private var languages: [String] {
    let locale = options.locale
    var names = [locale]
    for (from, to) in [("-", "_"), ("_", "-")] where locale.contains(from) {
      names.append(locale.replacingOccurrences(of: from, with: to))
    }
    let key = locale.lowercased().replacingOccurrences(of: "_", with: "-")
    if let script = Self.chineseScripts.first(where: { names in
      names.contains { key == $0 || key.hasPrefix($0 + "-") }
    }) {
      names += script
    }
    if let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first {
      names.append(String(language))
      if let old = Self.languageNames[language.lowercased()] { names.append(old) }
    }
    var seen: Set<String> = []
    return names.filter { seen.insert($0.lowercased()).inserted }
  }

  /// Chinese in each script, by the names its folders go by: `zh-Hans.lproj` today, and
  /// `zh_CN.lproj` in bundles made before scripts had codes.
  private static let chineseScripts = [
    ["zh-hans", "zh-cn", "zh_cn", "zh-sg", "zh_sg"],
    ["zh-hant", "zh-tw", "zh_tw", "zh-hk", "zh_hk"],
  ]

  /// The names older bundles gave a language's folder (`French.lproj`), by its code.
  private static let languageNames = [
    "en": "English", "fr": "French", "de": "German", "ja": "Japanese", "es": "Spanish",
    "it": "Italian", "nl": "Dutch",
  ]

  /// The languages a bundle's development language goes by, whose titles show where the
  /// language asked for has no folder.
  private static let developmentLanguages = ["en", "English", "Base"]

  /// The bundle's language folders by their language, lowercased: `zh_cn.lproj` is found for
  /// `zh_CN`, as iOS finds it.
  private var languageFolders: [String: String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
    var folders: [String: String] = [:]
    for name in names.sorted() where name.hasSuffix(".lproj") {
      folders[String(name.dropLast(6)).lowercased(), default: name] = name
    }
    return folders
  }

  /// The folders to read a table from, most specific first: the languages asked for, then
  /// the development language's (`en`, `English`, `Base`), whose titles iOS shows where the
  /// language asked for has none.
  private var tableFolders: [String] {
    let folders = languageFolders
    var seen: Set<String> = []
    return (languages(in: folders) + Self.developmentLanguages).compactMap {
      folders[$0.lowercased()]
    }
    .filter { seen.insert($0).inserted }
  }

  /// ``languages``, then the bundle's folders of the same language for other regions, as iOS
  /// takes them before the development language: Latin American Spanish (`es-419`) first for
  /// `es-MX`, simplified Chinese first for `zh`.
  private func languages(in folders: [String: String]) -> [String] {
    let base = options.locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first
    guard let base = base?.lowercased() else { return languages }
    let preferred = ["es": "es-419", "zh": "zh-hans"][base]
    let regional = folders.keys.filter { $0.hasPrefix(base + "-") || $0.hasPrefix(base + "_") }
      .sorted { ($0 == preferred ? 0 : 1, $0) < ($1 == preferred ? 0 : 1, $1) }
    return languages + regional
  }

  /// The strings table `name` in the chosen language, read once.
  private mutating func table(_ name: String) -> StringsTable? {
    if let cached = tables[name] { return cached }
    var result: StringsTable?
    for folder in tableFolders {
      let path = file("\(folder)/\(name).strings")
      guard FileManager.default.fileExists(atPath: path) else { continue }
      result = readStrings(path)
      break
    }
    tables[name] = result
    return result
  }

  /// Reads one strings file, reporting its errors.
  private mutating func readStrings(_ path: String) -> StringsTable? {
    readStrings.insert(path)
    do {
      return try StringsTable(data: try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
    } catch let error as Diagnostic {
      diagnostics.append(error)
    } catch {
      diagnostics.append(
        DocumentFile.unreadable(path, error))
    }
    return nil
  }

  /// Warns when the chosen language has no folder at all: titles show in the development
  /// language, or as written when the bundle has none.
  private mutating func checkLanguage() {
    guard options.locale != "en" else { return }
    let folders = languageFolders
    guard !languages(in: folders).contains(where: { folders[$0.lowercased()] != nil }) else {
      return
    }
    let fallback = Self.developmentLanguages.compactMap { folders[$0.lowercased()] }.first
    let shown =
      fallback.map { "titles are shown as \($0) gives them" } ?? "titles are shown as written"
    diagnostics.append(
      Diagnostic(
        "no \(options.locale).lproj in the Settings bundle: \(shown)", file: folder,
        severity: .warning))
  }

  /// Reads every `.strings` file of every language folder not read already.
  private mutating func checkEveryLanguage() {
    let manager = FileManager.default
    let names = (try? manager.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
    for language in names.sorted() where language.hasSuffix(".lproj") {
      let files = (try? manager.contentsOfDirectory(atPath: file(language))) ?? []
      for name in files.sorted() where name.hasSuffix(".strings") {
        let path = file("\(language)/\(name)")
        if !readStrings.contains(path) { _ = readStrings(path) }
      }
    }
  }
}
