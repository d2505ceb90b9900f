import ArgumentParser
import Foundation
import Trellis
import TrellisExamples
import TrellisServerOptions
import TrellisWeb

/// `trellis-demo`: serves the demo apps in a browser, or prints the text demo with `--text`.
@main
struct TrellisDemo: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trellis-demo",
    abstract:
      "Serves the Trellis demo apps (Tasks, Settings, a Settings bundle, Contacts, Documents, "
      + "Go Fish).")

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(
    name: .customLong("allowed-host"),
    help: "A host name the server answers to besides loopback and --host (repeatable).")
  var allowedHosts: [String] = []

  @Option(
    help: ServerHelp.maxSessionsPerClient)
  var maxSessionsPerClient = WebConfiguration().maxSessionsPerClient

  @OptionGroup var signIn: SignInOptions

  @Option(help: "The port to listen on (0 picks a free one).")
  var port = 8080

  @Option(help: "The SQLite file that keeps the demo's data.")
  var db = "./trellis-demo.sqlite"

  @Option(help: "A JSON or plist file for the Documents app to open and edit.")
  var document: String?

  @Option(help: "How many rows the Numbers app lists, 1 to 10,000,000.")
  var rows = 100_000

  @Option(
    help: "The Settings.bundle the Settings Bundle app shows (the test fixtures' by default).")
  var settingsBundle: String?

  @Option(help: "The language of the Settings bundle's titles (en, de).")
  var settingsLocale = "en"

  @Option(
    help: "What deleting a category does to its tasks: nullify, cascade, deny or noAction.")
  var categoryDeleteRule: RelationshipDeleteRule = .nullify

  @Option(
    help: "What deleting a tag does to the tasks that have it: nullify, cascade, deny or noAction.")
  var tagDeleteRule: RelationshipDeleteRule = .nullify

  @Option(
    name: .customLong("api-latency"),
    help: ArgumentHelp(
      "How long the contacts API waits before each answer: a slow network.",
      valueName: "milliseconds"))
  var apiLatency = 0

  @Option(
    help: ArgumentHelp(
      "The list address of a REST API for the Web Service app, in Django REST framework's "
        + "shape (results, next, count); the demo's own contacts API by default.",
      valueName: "url"))
  var service: String?

  @Option(
    help: ArgumentHelp(
      "The keys of the --service API's objects, as a names string (\"name;email;city\").",
      valueName: "keys"))
  var serviceKeys: String?

  @Option(
    help: ArgumentHelp(
      "Keep Tasks and Contacts in this PostgreSQL database (postgres://user@host:port/db).",
      discussion:
        "Several demo servers given the same database share the data: what one window changes, "
        + "windows on every server show at once."))
  var postgres: String?

  @Option(help: "Whose synced settings the Settings app shows, with --postgres.")
  var person = "demo"

  @Flag(help: "Print the text demo instead of serving the web apps.")
  var text = false

  @Flag(help: "Run the demo apps in this terminal instead of serving them.")
  var terminal = false

  func validate() throws {
    guard (0...65535).contains(port) else {
      throw ValidationError("--port must be between 0 and 65535, not \(port)")
    }
    guard maxSessionsPerClient >= 1 else {
      throw ValidationError(
        "--max-sessions-per-client must be at least 1, not \(maxSessionsPerClient)")
    }
    try signIn.check(host: host)
    guard (1...10_000_000).contains(rows) else {
      throw ValidationError("--rows must be between 1 and 10,000,000, not \(rows)")
    }
    if let service {
      guard let url = URL(string: service), ["http", "https"].contains(url.scheme ?? ""),
        url.host != nil
      else {
        throw ValidationError("--service must be an http or https address, not '\(service)'")
      }
    }
    guard (0...60_000).contains(apiLatency) else {
      throw ValidationError("--api-latency must be between 0 and 60,000, not \(apiLatency)")
    }
  }

  func run() async throws {
    if text {
      try TextDemo.run()
      return
    }
    if terminal {
      let apps = try DemoApps(
        databasePath: db, documentPath: document, numberCount: rows,
        settingsBundle: settingsBundle, settingsLocale: settingsLocale,
        categoryDeleteRule: categoryDeleteRule, tagDeleteRule: tagDeleteRule,
        service: service, serviceKeys: serviceKeys)
      try TerminalDemo.run(apps: apps.webApps)
      return
    }
    var postgresApps: PostgresApps?
    if let postgres {
      postgresApps = try await PostgresApps(
        url: postgres, person: person, categoryDeleteRule: categoryDeleteRule,
        tagDeleteRule: tagDeleteRule)
    }
    defer { for store in postgresApps?.stores ?? [] { store.shutdown() } }
    let apps = try DemoApps(
      databasePath: db, documentPath: document, numberCount: rows,
      settingsBundle: settingsBundle, settingsLocale: settingsLocale,
      categoryDeleteRule: categoryDeleteRule, tagDeleteRule: tagDeleteRule,
      apiLatency: .milliseconds(apiLatency), service: service, serviceKeys: serviceKeys,
      postgres: postgresApps)
    var configuration = WebConfiguration(
      host: host, port: port, allowedHosts: Set(allowedHosts))
    configuration.maxSessionsPerClient = maxSessionsPerClient
    try await signIn.apply(to: &configuration)
    if let signIn = configuration.signIn {
      // The Web Service app reads the demo's own API, as a program does: with a token, whose
      // session ends with the server (below).
      DemoAPI.serviceToken = try await signIn.issueToken(
        for: "trellis-demo-web-service", lifetime: .seconds(30 * 86_400))
    }
    // Go Fish's cards name their faces; they are drawn on request.
    configuration.imageMaker = CardFaces.image(named:)
    configuration.renderer.templates[EditingShapes.postTemplate] = PostTemplate.html
    let server = try WebServer(apps: apps.webApps, configuration: configuration)
    let host = self.host
    let ran: Result<Void, any Error>
    do {
      try await server.run { [configuration] port in
        // Written unbuffered, so that a script reading the pipe sees it at once.
        FileHandle.standardOutput.write(
          Data(configuration.banner("Trellis demo", port: port).utf8))
        DemoAPI.serverStarted(host: host, port: port)
        FileHandle.standardOutput.write(Data("Contacts API: \(DemoAPI.contactsURL ?? "")\n".utf8))
      }
      ran = .success(())
    } catch {
      ran = .failure(error)
    }
    if let signIn = configuration.signIn, let token = DemoAPI.serviceToken {
      try? await signIn.revokeToken(token)
    }
    try ran.get()
  }
}

extension RelationshipDeleteRule: ExpressibleByArgument {}
