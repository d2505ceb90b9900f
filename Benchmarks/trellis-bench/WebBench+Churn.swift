import Foundation
import HummingbirdWSClient
import Logging
import Trellis
import TrellisDescriptors
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisSettings
import TrellisWeb

/// `churn`: sessions opened and closed again and again on each of the demo's kinds of app,
/// one at a time, each showing its first screen: the server's memory after a warm-up and
/// after the churn, which must stay within 10 % (no session leaves anything behind); and over
/// all apps, the growth per session, which must stay under ``ChurnResult/mostBytesPerSession``
/// (the measure counts the clients too, which run in the same process).
struct ChurnResult {
  static let name = "churn"

  var app: String
  var sessions: Int
  var before: Int
  var after: Int

  /// The most memory, on average over all apps, a session opened and closed may leave: well
  /// under what a leaked session holds (its socket handler, context and names, about 650
  /// bytes), above what the allocator's own growth shows.
  static let mostBytesPerSession = 512.0

  var isFlat: Bool { Double(after) <= Double(before) * 1.1 }
  var bytesPerSession: Double { Double(after - before) / Double(max(sessions, 1)) }

  var tableLine: String {
    "\(Self.name) \(app) (\(sessions) sessions opened and closed): server memory "
      + "\(mb(before)) before, \(mb(after)) after, "
      + String(format: "%.0f B per session", bytesPerSession) + "; target (within 10 %): "
      + (isFlat ? "met" : "missed")
  }

  var jsonLine: String {
    jsonObject([
      "case": "\(Self.name)-\(app)", "sessions": sessions, "before": before, "after": after,
      "bytesPerSession": bytesPerSession, "meetsTargets": isFlat,
    ])
  }
}

/// Megabytes, to one decimal.
func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

/// One JSON line with sorted keys.
func jsonObject(_ object: [String: Any]) -> String {
  let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
  return String(decoding: data, as: UTF8.self)
}

extension WebBench {
  /// The apps the churn opens: the demo's kinds of screen, over stores of their own.
  static func churnApps(folder: URL) throws -> [WebApp] {
    let database = folder.appendingPathComponent("churn.sqlite").path
    let taskStore = try TasksApp.sqliteStore(path: database)
    if try taskStore.count(FetchOptions()) == 0 { try TasksApp.insertSampleTasks(into: taskStore) }
    let taskDefinition = try taskStore.itemsDefinition ?? TasksApp.taskDefinition()
    let contactStore = try SQLiteStore(path: database, entity: ContactsApp.entity())
    if try contactStore.count(FetchOptions()) == 0 {
      try contactStore.insertAll(ContactsApp.people(300).map { .object(ObjectReference($0)) })
    }
    let teamStore = try TeamApp.sqliteStore(path: database)
    let teamDefinition = try teamStore.itemsDefinition ?? TeamApp.taskDefinition()
    let settings = try UserDefaultsStore(suiteName: "trellis-bench-churn")
    let numbers = SampleContent.numbersStore(SampleContent.numbers(10_000))
    // Every window's form edits the one document, as `trellis serve data.json` serves it.
    let documentURL = folder.appendingPathComponent("churn.json")
    _ = try DocumentFile.create(at: documentURL, root: SampleContent.document, format: .json)
    let document = try DocumentStore(contentsOf: documentURL)
    let documentDefinition = DataDefinition.document(document.root.root, name: "churn.json")
    return [
      WebApp(id: "tasks", title: "Tasks") {
        Navigator(root: TasksApp.listScreen(store: taskStore, definition: taskDefinition))
      },
      WebApp(id: "contacts", title: "Contacts") {
        let list = try ContactsApp.model(store: contactStore)
        return Navigator(root: Screen(arrayOfObjects: list, navigationBar: .editRight))
      },
      WebApp(id: "team", title: "Team") {
        Navigator(root: TeamApp.listScreen(store: teamStore, definition: teamDefinition))
      },
      WebApp(id: "settings", title: "Settings", sharing: SettingsApp.settings(in: settings)) {
        Navigator(root: try SettingsApp.screen(for: $0))
      },
      WebApp(id: "numbers", title: "Numbers") { SampleContent.numbersNavigator(store: numbers) },
      WebApp(id: "documents", title: "Documents") {
        let model = TableModel(title: "churn.json")
        let draft = try model.generateSections(
          for: document.root, definition: documentDefinition, mode: .deferred)
        return Navigator(
          root: Screen(model: model, navigationBar: .doneRightCancelLeft, draft: draft))
      },
      WebApp(id: "gofish", title: "Go Fish", sharing: GoFishGame.seedExample()) {
        GoFishTable.playableNavigator(for: $0)
      },
      WebApp(id: "theme", title: "Theme", sharing: try ThemeExample.store()) {
        Navigator(root: try ThemeExample.screen(store: $0.0, definition: $0.1))
      },
      WebApp(id: "shapes", title: "Editing shapes", sharing: try EditingShapes.State()) {
        EditingShapes.navigator(state: $0)
      },
    ]
  }

  /// Runs `churn`: for each app, `cycles` sessions after a warm-up of a third as many (at least
  /// 100), which fills the server's bounded caches (the rows' HTML).
  static func churn(json: Bool, cycles: Int) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-bench-churn-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let apps = try churnApps(folder: folder)
    var configuration = WebConfiguration(
      host: "127.0.0.1", port: 0, allowedOrigins: ["ws://localhost"])
    configuration.maxSessionsPerClient = configuration.maxSessionsPerApp
    let server = try WebServer(apps: apps, configuration: configuration)
    let (port, serving) = try await listen(server)
    defer { serving.cancel() }
    let base = "http://127.0.0.1:\(port)"
    var results: [ChurnResult] = []
    for app in apps {
      try await churnSessions(
        app.id, count: max(cycles / 3, 100), base: base, port: port, server: server)
      let before = heapInUse()
      try await churnSessions(app.id, count: cycles, base: base, port: port, server: server)
      let result = ChurnResult(app: app.id, sessions: cycles, before: before, after: heapInUse())
      results.append(result)
      print(json ? result.jsonLine : result.tableLine)
    }
    let grown = results.reduce(0) { $0 + $1.after - $1.before }
    let perSession = Double(grown) / Double(max(results.count * cycles, 1))
    let met = perSession <= ChurnResult.mostBytesPerSession
    if json {
      print(
        jsonObject([
          "case": "\(ChurnResult.name)-all", "bytesPerSession": perSession, "meetsTargets": met,
        ]))
    } else {
      print(
        "\(ChurnResult.name) all apps: "
          + String(format: "%.0f B per session opened and closed", perSession)
          + "; target (at most \(Int(ChurnResult.mostBytesPerSession)) B): "
          + (met ? "met" : "missed"))
    }
  }

  /// Opens `count` sessions of app `id` one after another, each until its page has its first
  /// screen, then closes it; returns once the server holds none of them.
  static func churnSessions(_ id: String, count: Int, base: String, port: Int, server: WebServer)
    async throws
  {
    var quiet = Logger(label: "churn")
    quiet.logLevel = .critical
    for _ in 0..<count {
      let query = try await session(base: base, app: id)
      try await WebSocketClient.connect(
        url: "ws://localhost:\(port)/ws?\(query)",
        configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 24), logger: quiet
      ) { inbound, _, _ in
        var messages = inbound.messages(maxSize: .max).makeAsyncIterator()
        while case .text(let text)? = try await messages.next() {
          if text.hasPrefix(#"{"type":"screen""#) { break }
        }
      }
    }
    let deadline = ContinuousClock.now + .seconds(30)
    while await server.sessionCount(app: id) > 0, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
    }
    try await Task.sleep(for: .milliseconds(300))
  }
}
