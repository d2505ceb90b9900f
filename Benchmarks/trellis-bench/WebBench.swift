import Foundation
import HummingbirdWSClient
import Logging
import Observation
import Trellis
import TrellisExamples
import TrellisWeb

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `trellis-bench web`: the web host measured against its own server on loopback.
///
/// - one edit event in → its changeset out, on a 10,000-row section (p50, p99);
/// - the first page of a 100,000-row list (server time and bytes);
/// - 50 concurrent WebSocket sessions editing one shared store (errors, lost edits);
/// - `concurrent-20`, `concurrent-50`, `concurrent-200`: that many sessions editing one
///   200-task list at once (event → reply p50 and p99, fan-out p99, events per second, and
///   the conflicts met when two sessions rename the same task at once);
/// - `sessions-10k`: 10,000 sessions open on one 200-task list, ten of them editing (see
///   ``SessionsResult``); 100 of the watching pages apply every message, and must end equal
///   to a page opened after the last edit.
enum WebBench {
  /// The session counts of the concurrent cases.
  static let concurrentCounts = [20, 50, 200]

  /// Runs the cases whose names contain `only` (every case when `nil`) and prints a table, or
  /// one JSON line per case when `json` is true; each concurrent case runs for `seconds`, its
  /// sessions resting `rest` to `rest` + 100 ms on the list between edits, and the server
  /// passing edits on to the other windows at most every `deliveryInterval` seconds; their
  /// clients run in a child process (at niceness `clientsNice`) unless `clientsApart` is false.
  static func run(
    json: Bool, only: String? = nil, seconds: Double = 5, rest: Int = 50, sessions: Int = 10_000,
    deliveryInterval: Double = 0.02, clientsApart: Bool = true, clientsNice: Int = 0,
    churnCycles: Int = 500
  ) async throws {
    if only == ChurnResult.name { return try await churn(json: json, cycles: churnCycles) }
    if only == "held" { return try await held(json: json) }
    let definition = try TasksApp.taskDefinition()
    let crowdStore = MemoryStore(
      objects: (0..<200).map { TaskItem(name: "Task \($0)") }, definition: definition)
    var crowd = WebApp(id: SessionsResult.name, title: "\(sessions) sessions") {
      Navigator(root: TasksApp.listScreen(store: crowdStore, definition: definition))
    }
    crowd.domain = crowd.id
    let tasks = MemoryStore(
      objects: (0..<50).map { TaskItem(name: "Task \($0)") }, definition: definition)
    let concurrent = concurrentApps(concurrentCounts, definition: definition)
    let (slowApp, slowStore) = slowReaderApp(definition: definition)
    let apps =
      [crowd, slowApp] + concurrent.map(\.0) + [
        WebApp(id: "form", title: "10,000-row form") { try formNavigator(rows: 10_000) },
        WebApp(id: "list", title: "100,000-row list") {
          listNavigator(rows: 100_000, onDemand: true)
        },
        WebApp(id: "list-up-front", title: "100,000-row list, rendered up front") {
          listNavigator(rows: 100_000, onDemand: false)
        },
        WebApp(id: "tasks", title: "Tasks") {
          Navigator(root: TasksApp.listScreen(store: tasks, definition: definition))
        },
      ]
    var configuration = WebConfiguration(
      host: "127.0.0.1", port: 0, maxSessionsPerApp: max(1000, sessions + 100),
      allowedOrigins: ["ws://localhost"])
    // The concurrent cases' lists grow past 200 rows as sessions add tasks: keep them whole
    // (the 10,000-row form and the 100,000-row list stay virtual).
    configuration.renderer = HTMLRenderer(virtualThreshold: 5_000)
    // Every session of the bench comes from loopback.
    configuration.maxSessionsPerClient = configuration.maxSessionsPerApp
    configuration.rateBurst = 10_000
    configuration.ratePerSecond = 10_000
    configuration.deliveryInterval = deliveryInterval
    let server = try WebServer(apps: apps, configuration: configuration)
    let (port, serving) = try await listen(server)
    defer { serving.cancel() }
    let base = "http://127.0.0.1:\(port)"

    // First, while the server is idle: its memory is measured against what it holds now.
    if only.map({ $0 == SessionsResult.name }) ?? true {
      let result = try await manySessions(
        port: port, sessions: sessions, seconds: seconds, store: crowdStore, server: server,
        clientsNice: clientsNice)
      print(json ? result.jsonLine : result.tableLine)
    }

    if only.map({ $0 == SlowReaderResult.name }) ?? true {
      let result = try await slowReader(
        base: base, port: port, server: server, store: slowStore)
      print(json ? result.jsonLine : result.tableLine)
    }

    for (count, (_, store)) in zip(concurrentCounts, concurrent)
    where only.map({ $0 == "concurrent" || $0 == "concurrent-\(count)" }) ?? true {
      let result = try await Self.concurrent(
        base: base, port: port, sessions: count, seconds: seconds, rest: rest, store: store,
        server: server, clientsApart: clientsApart, clientsNice: clientsNice)
      if json {
        print(result.jsonLine)
      } else {
        let clients = result.clients
        print(
          "\(result.name): event → reply p50 \(format(clients.p50 * 1000)) ms, p99 "
            + "\(format(clients.p99 * 1000)) ms; fan-out p50 \(format(clients.fanoutP50 * 1000)) ms, "
            + "p99 \(format(clients.fanoutP99 * 1000)) ms; "
            + "\(Int(clients.eventsPerSecond)) events/s; \(clients.errors) errors, "
            + "\(result.lostEdits) lost edits; \(clients.conflicts) conflicts saved over")
        if let line = result.targetsLine { print(line) }
      }
    }
    guard only.map({ $0 == "single" }) ?? true else { return }

    let page = try await firstPage(base: base, app: "list", runs: 20)
    let upFront = try await firstPage(base: base, app: "list-up-front", runs: 10)
    let edit = try await editLatency(base: base, port: port, edits: 500)
    let sessions = try await concurrentSessions(base: base, port: port, count: 50)
    let names = try await server.perform(onApp: "tasks") {
      Set(
        ((try? tasks.fetch(FetchOptions())) ?? []).compactMap {
          ($0.objectValue as? TaskItem)?.name
        })
    }
    let lost = (0..<50).filter { !names.contains("Edited \($0)") }.count

    let results: [(String, String, String)] = [
      ("edit → changeset, 10,000 rows, p50", format(edit.p50), "ms"),
      ("edit → changeset, 10,000 rows, p99", format(edit.p99), "ms (target < 5)"),
      ("first page, 100,000 rows, median", format(page.median), "ms (target < 50)"),
      ("  baseline: every row rendered up front", format(upFront.median), "ms"),
      ("first page, 100,000 rows, size", String(page.bytes / 1024), "KB (target < 300)"),
      ("50 sessions: error events", String(sessions.errors), ""),
      ("50 sessions: lost edits", String(lost), ""),
    ]
    if json {
      var object = Dictionary(uniqueKeysWithValues: results.map { ($0.0, $0.1) })
      object["case"] = "single"
      let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
      print(String(decoding: data, as: UTF8.self))
    } else {
      print("web host, on loopback")
      for (name, value, unit) in results {
        print("  \(name.padding(toLength: 40, withPad: " ", startingAt: 0)) \(value) \(unit)")
      }
    }
  }

  // MARK: Apps

  /// A form of `rows` text fields, each bound to its own observed cell, so that an edit
  /// re-renders one row.
  static func formNavigator(rows: Int) throws -> Navigator {
    let model = TableModel(title: "Form")
    let section = Section(id: "form")
    for index in 0..<rows {
      let cell = BenchCell()
      let binding = RowBinding(
        object: cell, keyPath: "field\(index)", valueKind: .string,
        read: { .string(cell.text) },
        write: { value throws(BindingError) in cell.text = value.stringValue ?? "" })
      section.addRow("Field \(index)", kind: .textField, binding: binding, id: "f\(index)")
    }
    model.addSection(section)
    return Navigator(root: Screen(model: model))
  }

  static func listNavigator(rows: Int, onDemand: Bool) -> Navigator {
    let model = TableModel(title: "List", style: .plain)
    let numbers = (0..<rows).map { "Row \($0)" }
    let section = ContentSection(id: "rows", content: numbers) { n, row in row.text = n }
    section.rendersRowsOnDemand = onDemand
    model.addSection(section)
    return Navigator(root: Screen(model: model))
  }

  // MARK: Cases

  static func firstPage(base: String, app: String, runs: Int) async throws
    -> (median: Double, bytes: Int)
  {
    var times: [Double] = []
    var bytes = 0
    for _ in 0..<runs {
      guard let url = URL(string: "\(base)/apps/\(app)") else { throw BenchFailure("bad URL") }
      let start = ContinuousClock.now
      let (data, _) = try await URLSession.shared.data(from: url)
      times.append(milliseconds(start.duration(to: .now)))
      bytes = data.count
    }
    return (percentile(times, 0.5), bytes)
  }

  /// Starts `server` on loopback and returns the port it listens on, with the task that serves
  /// until cancelled.
  static func listen(_ server: WebServer) async throws -> (
    port: Int, serving: Task<Void, any Error>
  ) {
    let (ports, portContinuation) = AsyncStream<Int>.makeStream()
    let serving = Task { try await server.run { port in portContinuation.yield(port) } }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else {
      serving.cancel()
      throw BenchFailure("the server did not start")
    }
    return (port, serving)
  }

  static func session(base: String, app: String) async throws -> String {
    guard let url = URL(string: "\(base)/apps/\(app)") else { throw BenchFailure("bad URL") }
    let (data, _) = try await URLSession.shared.data(from: url)
    let html = String(decoding: data, as: UTF8.self)
    guard let id = attribute("data-session", html), let token = attribute("data-token", html) else {
      throw BenchFailure("the page has no session")
    }
    return "app=\(app)&session=\(id)&token=\(token)"
  }

  static func editLatency(base: String, port: Int, edits: Int) async throws
    -> (p50: Double, p99: Double)
  {
    let query = try await session(base: base, app: "form")
    let timings = Timings()
    try await WebSocketClient.connect(
      url: "ws://localhost:\(port)/ws?\(query)",
      configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 22), logger: quiet
    ) { inbound, outbound, _ in
      var messages = inbound.messages(maxSize: .max).makeAsyncIterator()
      guard case .text(let screen)? = try await messages.next() else {
        throw BenchFailure("no screen")
      }
      // The form is virtual: the page learns its rows' keys window by window.
      var keys = rowKeys(in: screen)
      while keys.count < 10_000 {
        try await outbound.write(
          .text(#"{"type":"window","section":"form","start":\#(keys.count),"end":10000}"#))
        guard case .text(let rows)? = try await messages.next(), rows.contains(#""type":"rows""#)
        else { throw BenchFailure("no rows") }
        let more = rowKeys(in: rows)
        guard !more.isEmpty else { throw BenchFailure("an empty window") }
        keys += more
      }
      for edit in 0..<edits {
        let row = (edit * 37) % 10_000
        let start = ContinuousClock.now
        let key = keys[row]
        try await outbound.write(.text(#"{"type":"set","row":"\#(key)","value":"value \#(edit)"}"#))
        while case .text(let text)? = try await messages.next() {
          if text.contains(#""type":"patch""#) { break }
          if text.contains(#""type":"error""#) { throw BenchFailure(text) }
        }
        await timings.add(milliseconds(start.duration(to: .now)))
      }
      try await outbound.close(.normalClosure, reason: nil)
    }
    let all = await timings.values
    return (percentile(all, 0.5), percentile(all, 0.99))
  }

  static func concurrentSessions(base: String, port: Int, count: Int) async throws
    -> (errors: Int, done: Int)
  {
    let errors = Timings()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<count {
        group.addTask {
          let query = try await session(base: base, app: "tasks")
          try await WebSocketClient.connect(
            url: "ws://localhost:\(port)/ws?\(query)",
            configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 22), logger: quiet
          ) { inbound, outbound, _ in
            var messages = inbound.messages(maxSize: .max).makeAsyncIterator()
            func awaitMessage(_ prefix: String) async throws -> String {
              while case .text(let text)? = try await messages.next() {
                if isMessage(text, "error") { await errors.add(1) }
                if text.hasPrefix(prefix) { return text }
              }
              return ""
            }
            let list = rowKeys(in: try await awaitMessage(#"{"type":"screen""#))
            guard list.count > index else { throw BenchFailure("the list is too short") }
            try await outbound.write(.text(#"{"type":"select","row":"\#(list[index])"}"#))
            guard let name = rowKeys(in: try await awaitMessage(#"{"type":"push""#)).first else {
              throw BenchFailure("no form")
            }
            try await outbound.write(
              .text(#"{"type":"set","row":"\#(name)","value":"Edited \#(index)"}"#))
            try await outbound.write(.text(#"{"type":"done"}"#))
            // Back on the list: the patch that pops the form.
            _ = try await awaitMessage(#"{"type":"patch","pane":"top","pop":"#)
            try await outbound.close(.normalClosure, reason: nil)
          }
        }
      }
      try await group.waitForAll()
    }
    return (await errors.values.count, count)
  }

  // MARK: Helpers

  static var quiet: Logger {
    var logger = Logger(label: "trellis-bench-web")
    logger.logLevel = .critical
    return logger
  }

  static func attribute(_ name: String, _ html: String) -> String? {
    guard let start = html.range(of: "\(name)=\"") else { return nil }
    guard let end = html[start.upperBound...].firstIndex(of: "\"") else { return nil }
    return String(html[start.upperBound..<end])
  }

  static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }

  static func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
  }

  static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}

/// One field's text, observed.
@Observable final class BenchCell {
  var text = ""
}

/// Measurements gathered from concurrent tasks.
actor Timings {
  private(set) var values: [Double] = []
  func add(_ value: Double) { values.append(value) }
}

/// Why a benchmark could not run.
struct BenchFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
