import ArgumentParser
import Trellis
import TrellisDescriptors

/// The inputs of a command that shows a descriptor's screen: the descriptor, the data bound as
/// its root object, and a theme.
struct ScreenInputOptions: ParsableArguments {
  @Argument(
    help: ArgumentHelp(
      "The descriptor file (JSON or any property list format), its http(s) address, a "
        + "Settings.bundle, an SQLite file, a postgres:// address or an OpenAPI document "
        + "(its screens inferred)."))
  var descriptor: String

  @Option(help: "The data document (JSON or plist) bound as the root object.")
  var data: String?

  @Option(help: "A theme file (.sct) whose styles the screen shows.")
  var theme: String?

  @Option(
    help: ArgumentHelp(
      "A classes file (JSON or plist) registering the app's own cell and section classes.",
      discussion: #"{"cells": {"NAME": {"like": "RMSArrayPickerCell"}}, "sections": {...}}"#))
  var classes: String?

  @OptionGroup var settings: SettingsBundleArguments

  @Flag(help: "For a database or an OpenAPI document: lists and forms that change nothing.")
  var readOnly = false

  @OptionGroup var postgres: PostgresOptions

  @OptionGroup var openAPI: OpenAPIArguments

  @Option(
    help: ArgumentHelp(
      "How long to wait for what arrives over the network, in seconds.",
      discussion: "A descriptor, data document or theme named by an http(s) address, and "
        + "(render) the first page of each list over a source."))
  var timeout: Double = 30

  func validate() throws {
    guard timeout > 0, timeout <= 3600 else {
      throw ValidationError("--timeout must be between 0 and 3600 seconds, not \(timeout)")
    }
  }

  /// Loads the inputs, opening the PostgreSQL databases they show first, or prints every
  /// diagnostic and exits with status 1.
  func load() async throws -> (
    descriptor: TableDescriptor, library: DescriptorLibrary, root: any KeyValueCoding
  ) {
    if DescriptorFiles.isPostgresAddress(descriptor) {
      try await postgres.open(descriptor, readOnly: readOnly)
    }
    var files = DescriptorFiles()
    files.readOnly = readOnly
    files.timeout = timeout
    if let classes { files.loadClasses(classes) }
    openAPI.apply(to: &files, data: descriptor)
    let options = settings.options(loadingChoicesInto: &files)
    guard
      let inputs = files.screenInputs(
        descriptor: descriptor, data: data, theme: theme, settings: options,
        suite: settings.suiteName)
    else {
      files.printDiagnostics(toStandardError: true)
      throw ExitCode(1)
    }
    // A descriptor's own `postgres` sources.
    files.diagnostics += await inputs.library.openPostgresSources(
      pollInterval: .milliseconds(Int(postgres.poll * 1000)))
    if !DescriptorFiles.isSettingsBundle(descriptor) && !files.hasErrors {
      files.checkBinding(inputs.descriptor, root: inputs.root, library: inputs.library)
    }
    // Warnings (an unregistered class, a key ignored, a colour not found) are worth seeing
    // even when the screen can be shown; errors stop here.
    files.printDiagnostics(toStandardError: true)
    if files.hasErrors { throw ExitCode(1) }
    return inputs
  }
}
