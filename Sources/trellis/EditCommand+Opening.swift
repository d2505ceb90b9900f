import ArgumentParser
import Foundation
import Trellis
import TrellisDescriptors
import TrellisPostgres

extension EditCommand {
  /// What the editor shows and how it saves.
  struct Editing {
    var navigator: Navigator
    var save: (() throws -> String)?
    var hasUnsavedChanges: () -> Bool
    /// What Ctrl-S says where there is no Done and nothing to save; the host's own when `nil`.
    var nothingToSave: String?
    /// The descriptor's `access`, which `--as` edits under.
    var policy: AccessPolicy?
    /// Looks for another program's changes (``TerminalHost/refresh``).
    var refresh: (() -> String?)?
  }

  /// Opens the file as a Settings bundle, a descriptor with its data, or a document; prints
  /// every error, located, and exits with status 1 when it cannot.
  func open() throws -> Editing {
    if DescriptorFiles.isSettingsBundle(file) { return try openSettingsBundle() }
    if DescriptorFiles.isPostgresAddress(file) {
      let (postgres, file, readOnly) = (self.postgres, self.file, self.readOnly)
      try BlockingWait.run { try await postgres.open(file, readOnly: readOnly) }
      return try openDatabase()
    }
    if DescriptorFiles.isSQLiteFile(file) || DescriptorFiles.isOpenAPIDocument(file) {
      return try openDatabase()
    }
    if let data { return try openDescriptor(data: data) }
    if Self.isSingleObjectDescriptor(file) { return try openSingleObjectDescriptor() }
    if Self.isDescriptor(file) { return try openDescriptorWithoutData() }
    if DescriptorFiles.isWebAddress(file) {
      // Edits are saved to a file: a fetched document would have nowhere to go.
      CommandOutput.error(
        Diagnostic(
          "a document fetched over HTTP cannot be saved; a descriptor from an "
            + "address edits the file given with --data", file: file
        ).description)
      throw ExitCode(1)
    }
    return try openDocument()
  }

  private func openDocument() throws -> Editing {
    let store = try DocumentStore.opening(file)
    let screen = try store.screen(file: file, theme: theme)
    let name = (file as NSString).lastPathComponent
    return Editing(
      navigator: Navigator(root: screen),
      save: {
        try store.save()
        return "Saved \(name)"
      },
      hasUnsavedChanges: { store.hasUnsavedChanges },
      // Open screens show another program's changes to the file; unsaved edits stay, and
      // win a value both changed.
      refresh: {
        do {
          try store.takeChangesOnDisk()
          return nil
        } catch {
          return "\(name) no longer reads: \(error)"
        }
      })
  }

  private func openDescriptor(data: String) throws -> Editing {
    var files = DescriptorFiles()
    files.timeout = timeout
    if let classes { files.loadClasses(classes) }
    let inputs = try files.requiredScreenInputs(descriptor: file, data: data, theme: theme)
    guard let object = inputs.root as? DocumentObject else {
      CommandOutput.error(Diagnostic("the data is not a document", file: data).description)
      throw ExitCode(1)
    }
    var document: DocumentFile
    do { document = try DocumentFile(contentsOf: URL(fileURLWithPath: data)) } catch {
      CommandOutput.error(error.description)
      throw ExitCode(1)
    }
    // A descriptor's `save` rows save the file, as the save key does.
    var library = inputs.library
    // Sound: set once below, before any row can act, and called on the terminal's domain.
    let saving = UncheckedLocked<(() throws -> String)?>(nil)
    library.onSave = { _ in _ = try saving.withLock { save in try save?() } }
    let navigator = try Self.navigator(library, showing: inputs.descriptor, root: object)
    let changes = ChangeFlag()
    let previous = object.onChange
    object.onChange = { key in
      previous?(key)
      changes.isSet = true
    }
    let name = (data as NSString).lastPathComponent
    // The documents its lists edit are saved with the data.
    let sources = library
    let save = {
      let saved = try Self.saveOpenedDocuments(of: sources)
      try document.save(object, options: .init(conversion: .writeAsStrings))
      changes.isSet = false
      return "Saved " + ([name] + saved).joined(separator: ", ")
    }
    saving.withLock { $0 = save }
    return Editing(
      navigator: navigator, save: save,
      hasUnsavedChanges: { changes.isSet || Self.hasUnsavedDocuments(sources) },
      policy: inputs.descriptor.access, refresh: { Self.takeChangesOnDisk(of: sources) })
  }

  private func openSettingsBundle() throws -> Editing {
    var files = DescriptorFiles()
    let options = settings.options(loadingChoicesInto: &files)
    let inputs = try files.requiredScreenInputs(
      descriptor: file, data: data, theme: theme, settings: options, suite: settings.suiteName)
    let navigator = try Self.navigator(
      inputs.library, showing: inputs.descriptor, root: inputs.root)
    let kept = settings.suitePlace.map { "Settings are kept in \($0) as you change them" }
    // Without a suite, what was changed goes with the editor: quitting asks first.
    let changes = ChangeFlag()
    if kept == nil, let values = inputs.root as? SettingsBundleObject {
      let previous = values.onChange
      values.onChange = { key in
        previous?(key)
        changes.isSet = true
      }
    }
    return Editing(
      navigator: navigator,
      save: { kept ?? "Settings are kept in memory until you quit (--suite keeps them)" },
      hasUnsavedChanges: { changes.isSet })
  }

  /// Whether the file at `path` is a descriptor rather than data, which is shown as `render`
  /// and `serve` show it, not edited as a document.
  static func isDescriptor(_ path: String) -> Bool {
    guard DescriptorFiles.refusal(path) == nil,
      let store = try? DocumentStore(contentsOf: URL(fileURLWithPath: path)),
      ![.csv, .tsv].contains(store.format)
    else { return false }
    return DescriptorFormat.detect(store.root.root) != nil
      && !DescriptorFormat.isListOfRecords(store.root.root)
  }

  /// A descriptor given without `--data`: its screens, whose lists write to their own
  /// sources. The documents its lists edit are saved by the save key and asked about at
  /// quitting; there is no data document.
  private func openDescriptorWithoutData() throws -> Editing {
    var files = DescriptorFiles()
    files.timeout = timeout
    if let classes { files.loadClasses(classes) }
    let inputs = try files.requiredScreenInputs(descriptor: file, data: nil, theme: theme)
    let library = inputs.library
    let navigator = try Self.navigator(library, showing: inputs.descriptor, root: inputs.root)
    let nothing = "No data to save: give the data document this descriptor edits with --data"
    return Editing(
      navigator: navigator,
      save: {
        let saved = try Self.saveOpenedDocuments(of: library)
        if !saved.isEmpty { return "Saved " + saved.joined(separator: ", ") }
        if !library.openedDocuments.isEmpty { return "No changes to save" }
        // Lists over a database or a service write each form at its Done.
        let formsSave = "Nothing to save: each form is saved by its Done"
        return library.hasOpenedSources ? formsSave : nothing
      },
      hasUnsavedChanges: { Self.hasUnsavedDocuments(library) },
      policy: inputs.descriptor.access,
      refresh: { Self.takeChangesOnDisk(of: library) })
  }

  /// An SQLite file's or a PostgreSQL database's inferred screens: each form is written when
  /// its Done is pressed, so there is nothing left to save.
  private func openDatabase() throws -> Editing {
    var files = DescriptorFiles()
    files.readOnly = readOnly
    files.timeout = timeout
    openAPI.apply(to: &files, data: file)
    let inputs = try files.requiredScreenInputs(descriptor: file, data: nil, theme: theme)
    let navigator = try Self.navigator(
      inputs.library, showing: inputs.descriptor, root: inputs.root)
    let target =
      DescriptorFiles.isOpenAPIDocument(file)
      ? "sent to the API"
      : DescriptorFiles.isSQLiteFile(file) ? "written to the file" : "written to the database"
    let said =
      readOnly ? "Read-only: nothing is written" : "Each form is \(target) when you press Done"
    // Done writes each form: Ctrl-S after it has nothing more to save.
    return Editing(
      navigator: navigator, save: nil, hasUnsavedChanges: { false }, nothingToSave: said)
  }

  /// The navigator `library` makes of `descriptor` bound to `root`; its located errors are
  /// printed and end the command.
  static func navigator(
    _ library: DescriptorLibrary, showing descriptor: TableDescriptor, root: any KeyValueCoding
  ) throws -> Navigator {
    do { return try library.makeNavigator(showing: descriptor, root: root) } catch {
      for diagnostic in error.diagnostics { CommandOutput.error(diagnostic.description) }
      throw ExitCode(1)
    }
  }
}

/// Whether the data changed since it was last saved.
final class ChangeFlag {
  var isSet = false
}
