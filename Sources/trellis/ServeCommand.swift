import ArgumentParser
import Foundation
import Trellis
import TrellisDescriptors
import TrellisPostgres
import TrellisServerOptions
import TrellisWeb

/// `trellis serve`: a descriptor bound to a data document, live in a browser; or a plain
/// document, edited and saved as `trellis edit` does (``documentApp()``).
///
/// Every browser window gets its own navigation stack over one shared root object, so an edit
/// in one window reaches the others as a changeset. Edits stay in memory until a descriptor's
/// `save` row writes the `--data` file; a document a section lists is never written. Lists
/// over an SQLite table or a web service write through their store, which every window shares.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve a descriptor's screen through the web host.",
    discussion: """
      The descriptor is checked first, exactly as `trellis validate` would: a descriptor with \
      errors is never served. Edits made in the browser stay in memory, but for lists over an \
      SQLite table or a web service, which are written through, and for a `save` row, which \
      writes the --data file.

      A CSV or TSV file, or a JSON or plist document that is no descriptor (a dictionary, or a \
      list of records), given without --data, is served as `trellis edit` shows it: every window edits the one \
      tree, and every change is saved to the file. A save that fails (a full disk, a file \
      made read-only) is shown on every window until one succeeds; the changes stay, and are \
      saved with the next one.

      An SQLite file, a postgres:// address, an OpenAPI document, or an API's root address \
      (ending in /, as Django REST framework's is) is served as lists and forms over its \
      data, with no descriptor (see `trellis describe`).

      A descriptor, a Settings bundle or a theme is read once, when the server starts: restart \
      it to see a change to one.

      The server listens on loopback unless told otherwise, and then nobody signs in. With \
      --people FILE people sign in with a name and password (`trellis users add`); a --host \
      other machines can reach needs --people, or --no-sign-in to serve it open to all.
      """)

  @OptionGroup var inputs: ScreenInputOptions

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on (0 picks a free one).")
  var port = 8080

  @Option(
    name: .customLong("allowed-host"),
    help: ArgumentHelp(
      "A host name the server answers to besides loopback and --host (repeatable).",
      discussion: "Requests naming any other host are refused, which stops DNS rebinding."))
  var allowedHosts: [String] = []

  @Option(
    help: ServerHelp.maxSessionsPerClient)
  var maxSessionsPerClient = WebConfiguration().maxSessionsPerClient

  @OptionGroup var signIn: SignInOptions

  @Option(
    help: ArgumentHelp(
      "The folder of the images rows name (default: the descriptor's folder, or beside its "
        + "address).",
      discussion: "Only image files inside the folder are served (png, jpg, gif, svg, webp; at "
        + "most 8 MiB; a symbolic link out of the folder is not followed); a missing one shows "
        + "as a placeholder. A descriptor named by an address has its images fetched from "
        + "beside it, each within --timeout seconds."))
  var images: String?

  func validate() throws {
    guard (0...65535).contains(port) else {
      throw ValidationError("--port must be between 0 and 65535, not \(port)")
    }
    guard maxSessionsPerClient >= 1 else {
      throw ValidationError(
        "--max-sessions-per-client must be at least 1, not \(maxSessionsPerClient)")
    }
    try signIn.check(host: host)
  }

  func run() async throws {
    let app: WebApp
    if let document = try documentApp() { app = document } else { app = try await descriptorApp() }
    var configuration = WebConfiguration(
      host: host, port: port, allowedHosts: Set(allowedHosts))
    configuration.maxSessionsPerClient = maxSessionsPerClient
    try await signIn.apply(to: &configuration)
    let isDatabase = DescriptorFiles.isPostgresAddress(inputs.descriptor)
    configuration.imageFolder =
      images ?? (isDatabase ? nil : DescriptorFiles.folder(of: inputs.descriptor))
    if images == nil, let address = DescriptorFiles.webAddress(inputs.descriptor) {
      let fetched = FetchedImages(
        beside: address, timeout: inputs.timeout, maximumBytes: configuration.maxImageBytes)
      configuration.imageFetcher = { name in await fetched.image(named: name) }
    }
    let server = try WebServer(apps: [app], configuration: configuration)
    var banner = ""
    if DescriptorFiles.isSettingsBundle(inputs.descriptor), inputs.settings.suite == nil {
      banner = "  Settings are kept in memory until the server stops (--suite keeps them).\n"
    }
    try await server.run { [configuration, banner] port in
      FileHandle.standardOutput.write(
        Data((configuration.banner("trellis serve", port: port) + banner).utf8))
    }
  }

  /// The app of a descriptor (or of data whose screens are inferred) and its data.
  private func descriptorApp() async throws -> WebApp {
    let (loaded, read, root) = try await inputs.load()
    let library = try savingData(to: read, root: root)
    let served = ServedDescriptor(descriptor: loaded, library: library, root: root)
    // Build one navigator now, so binding errors stop the command before it listens.
    do { _ = try served.makeNavigator() } catch {
      for diagnostic in error.diagnostics { CommandOutput.error(diagnostic.description) }
      throw ExitCode(1)
    }
    let isDatabase = DescriptorFiles.isPostgresAddress(inputs.descriptor)
    let title =
      isDatabase
      ? DescriptorFiles.databaseName(inputs.descriptor)
      : URL(fileURLWithPath: inputs.descriptor).deletingPathExtension().lastPathComponent
    // An address's password is never shown.
    let subtitle = isDatabase ? PostgresAddress.redacted(inputs.descriptor) : inputs.descriptor
    var app = WebApp(id: "table", title: title, subtitle: subtitle, sharing: served) {
      try $0.makeNavigator()
    }
    // The descriptor's `access` holds for everyone who signs in.
    app.policy = loaded.access
    return app
  }
}

/// What every session's navigator is made from; the web host calls it on the app's one
/// serial domain (the app shares it), so the root object is never touched from two places at
/// once.
final class ServedDescriptor {
  let descriptor: TableDescriptor
  let library: DescriptorLibrary
  let root: any KeyValueCoding

  init(descriptor: TableDescriptor, library: DescriptorLibrary, root: any KeyValueCoding) {
    self.descriptor = descriptor
    self.library = library
    self.root = root
  }

  func makeNavigator() throws(DiagnosticList) -> Navigator {
    try library.makeNavigator(showing: descriptor, root: root)
  }
}
