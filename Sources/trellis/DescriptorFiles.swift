import ArgumentParser
import Foundation
import Trellis
import TrellisDescriptors
import TrellisListSources

/// Loads descriptors, data documents and themes from files, collecting every diagnostic.
struct DescriptorFiles {
  var diagnostics: [Diagnostic] = []
  /// The app's own classes, from `--classes`: descriptors are read, and bound, with them.
  var classes = DescriptorClasses()
  /// The values and titles supplied for Settings bundle keys, from `--choices`.
  var settingsChoices: [String: SettingsChoiceList] = [:]
  /// Whether an SQLite file's inferred screens only show (`--read-only`).
  var readOnly = false
  /// How long a file named by an `http:` or `https:` address may take to arrive, in seconds.
  var timeout: TimeInterval = 30
  /// The address an OpenAPI document's paths are relative to (`--base-url`).
  var openAPIBaseURL: String?
  /// Whether `--token` gave an OpenAPI document's secret.
  var openAPITokenGiven = false

  var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// The bytes of `path` (a file, or an `http:` or `https:` address, fetched), or a
  /// diagnostic naming it.
  mutating func read(_ path: String) -> Data? {
    if Self.isWebAddress(path) { return fetch(path) }
    do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
      diagnostics.append(
        DocumentFile.unreadable(path, error))
      return nil
    }
  }

  /// What `render` and `serve` bind: the descriptor with the descriptors it pushes, an optional
  /// theme, and the root object (the data document, or an empty dictionary). A Settings bundle
  /// binds its own values instead. `nil`, with the diagnostics collected, when any of them has
  /// an error.
  mutating func screenInputs(
    descriptor path: String, data: String?, theme: String?,
    settings: SettingsBundleOptions = .init(), suite: String? = nil
  ) -> (descriptor: TableDescriptor, library: DescriptorLibrary, root: any KeyValueCoding)? {
    if Self.isSettingsBundle(path) {
      return settingsInputs(path, data: data, theme: theme, options: settings, suite: suite)
    }
    if Self.isSQLiteFile(path) { return sqliteInputs(path, theme: theme) }
    if Self.isPostgresAddress(path) { return postgresInputs(path, theme: theme) }
    if Self.isOpenAPIDocument(path) { return openAPIInputs(path, theme: theme) }
    let loaded = descriptor(path)
    let root = data.map { self.data($0) } ?? DocumentObject([:])
    var pushed = loaded.map { library(for: path, descriptor: $0) } ?? DescriptorLibrary()
    if let theme { pushed.theme = self.theme(theme) }
    Self.noteSavedData(data, root: root, in: &pushed)
    guard let loaded, let root, !hasErrors else { return nil }
    return (loaded, pushed, root)
  }

  /// ``screenInputs(descriptor:data:theme:settings:suite:)`` with every diagnostic printed to
  /// standard error; exits with status 1 when they cannot be bound.
  mutating func requiredScreenInputs(
    descriptor path: String, data: String?, theme: String?,
    settings: SettingsBundleOptions = .init(), suite: String? = nil
  ) throws -> (descriptor: TableDescriptor, library: DescriptorLibrary, root: any KeyValueCoding) {
    let inputs = screenInputs(
      descriptor: path, data: data, theme: theme, settings: settings, suite: suite)
    printDiagnostics(toStandardError: true)
    guard let inputs else { throw ExitCode(1) }
    return inputs
  }

  /// Notes in `library` that `save` rows have something to save with when `data` is a local
  /// document file, which `trellis serve` and `trellis edit` save (each sets the saver itself);
  /// `validate` and `render` then neither warn about those rows nor show them disabled.
  static func noteSavedData(
    _ data: String?, root: (any KeyValueCoding)?, in library: inout DescriptorLibrary
  ) {
    guard let data, !isWebAddress(data), root is DocumentObject, library.onSave == nil else {
      return
    }
    library.onSave = { _ in
      throw StoreError.unsupported("the data file is saved by `trellis serve` and `trellis edit`")
    }
  }

  /// The descriptor at `path`.
  mutating func descriptor(_ path: String) -> TableDescriptor? {
    if let refusal = Self.refusal(path) {
      diagnostics.append(refusal)
      return nil
    }
    guard let data = read(path) else { return nil }
    let result = TableDescriptor.read(data: data, file: path, classes: classes)
    var found = result.diagnostics
    // A document of data, read as a descriptor by mistake: say what shows it.
    if let index = found.firstIndex(where: { $0.message.hasPrefix("not a table descriptor") }) {
      found[index].message +=
        "; as data, `trellis render \(path)`, `trellis edit \(path)` and `trellis serve \(path)` "
        + "show it"
    }
    diagnostics += found
    return result.descriptor
  }

  /// The descriptor `name` pushes, read from `NAME.plist` or `NAME.json` in the folder of the
  /// file at `path`; `nil` when neither is there.
  private mutating func pushedDescriptor(_ name: String, besideFile path: String)
    -> TableDescriptor?
  {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    let candidates = ["plist", "json"].map { directory.appendingPathComponent("\(name).\($0)") }
    guard let file = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) })
    else { return nil }
    let folder = (path as NSString).deletingLastPathComponent
    let relative = folder.isEmpty ? file.lastPathComponent : folder + "/" + file.lastPathComponent
    return descriptor(relative)
  }

  /// Reads the classes file at `path` (`--classes`) into ``classes``.
  mutating func loadClasses(_ path: String) {
    guard let data = read(path) else { return }
    let result = DescriptorClasses.read(data: data, file: path)
    diagnostics += result.diagnostics
    if let loaded = result.classes { classes = classes.merging(loaded) }
  }

  /// The descriptor at `path` and every descriptor it pushes, found next to it as
  /// `NAME.plist` or `NAME.json` (beside its address, for one fetched over HTTP).
  mutating func library(for path: String, descriptor: TableDescriptor) -> DescriptorLibrary {
    var library = DescriptorLibrary(classes: classes)
    // Sections list SQLite tables, documents and web services.
    library.registerStoreSources()
    let ownName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    library.descriptors[ownName] = descriptor
    var pending = descriptor.pushedDescriptorNames
    while let name = pending.popLast() {
      guard library.descriptors[name] == nil else { continue }
      let found =
        Self.isWebAddress(path)
        ? pushedDescriptor(name, besideAddress: path) : pushedDescriptor(name, besideFile: path)
      if let pushed = found {
        library.descriptors[name] = pushed
        pending += pushed.pushedDescriptorNames
      }
    }
    // Functions are Swift code an app registers; the tool stands in for them, so that rows
    // show `<name>` for a function's text. A function that gives a colour, a style, an
    // accessory or a cell class gives none. An action no app registered is not stood in for:
    // its row is disabled and says why, as in an app.
    for descriptor in library.descriptors.values {
      let texts = Set(Self.textFunctionNames(descriptor))
      for name in descriptor.functionNames where library.functions[name] == nil {
        let shown: Value = texts.contains(name) ? .string("<\(name)>") : .null
        library.functions[name] = { _ in shown }
      }
    }
    return library
  }

  /// The functions whose result a descriptor shows as text (a title, header, row text).
  static func textFunctionNames(_ descriptor: TableDescriptor) -> [String] {
    let texts: [DescriptorText?] =
      [descriptor.title]
      + descriptor.sections.flatMap { section in
        [section.header, section.footer]
          + section.rows.flatMap { [$0.text, $0.detail, $0.image, $0.placeholderText, $0.urlText] }
      }
    return texts.compactMap { text in
      if case .function(let name, _)? = text { return name }
      return nil
    }
  }

  /// The data document at `path`, as a bindable object.
  mutating func data(_ path: String) -> DocumentObject? {
    if let refusal = Self.refusal(path) {
      diagnostics.append(refusal)
      return nil
    }
    guard let data = read(path) else { return nil }
    do {
      return DocumentObject(try LocatedDocument(data: data, file: path).root)
    } catch {
      diagnostics.append(error)
      return nil
    }
  }

  /// The theme at `path`.
  mutating func theme(_ path: String) -> Theme? {
    guard let data = read(path) else { return nil }
    let result = Theme.parse(data, file: path)
    diagnostics += result.diagnostics
    return result.hasErrors ? nil : result.theme
  }

  /// The theme at `path`, for a command that shows no descriptor: its warnings are printed,
  /// and its errors too, ending the command.
  static func requiredTheme(_ path: String) throws -> Theme? {
    var files = DescriptorFiles()
    let theme = files.theme(path)
    files.printDiagnostics(toStandardError: true)
    if files.hasErrors { throw ExitCode(1) }
    return theme
  }

  /// Binds `descriptor` once to find the problems that only binding shows (warnings about
  /// colours and cell classes, and errors); adds them to ``diagnostics``.
  mutating func checkBinding(
    _ descriptor: TableDescriptor, root: any KeyValueCoding, library: DescriptorLibrary
  ) {
    let known = Set(diagnostics)
    diagnostics += descriptor.bind(root: root, library: library).diagnostics.filter {
      !known.contains($0)
    }
  }

  /// Makes every warning an error (`--strict`).
  mutating func makeWarningsErrors() {
    for index in diagnostics.indices { diagnostics[index].severity = .error }
  }

  /// Prints every diagnostic, one per line, to standard output.
  func printDiagnostics(toStandardError: Bool) {
    for diagnostic in diagnostics {
      if toStandardError {
        CommandOutput.error(diagnostic.description)
      } else {
        CommandOutput.write(diagnostic.description + "\n")
      }
    }
  }
}
