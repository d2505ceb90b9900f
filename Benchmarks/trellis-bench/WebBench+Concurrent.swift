import Foundation
import HummingbirdWSClient
import Trellis
import TrellisExamples
import TrellisWeb

/// `concurrent-N`: N WebSocket sessions on one 200-task list, each editing it at once (see
/// ``ConcurrentClients``), and whether every task they added reached the store.
struct ConcurrentResult {
  var name: String
  /// What the clients measured.
  var clients: ConcurrentClients
  var lostEdits: Int

  /// The targets of the 200-session case: at least 1,000 events per second, with event →
  /// reply p99 and fan-out p99 under 50 ms, no errors and no lost edits.
  static let targets = (sessions: 200, eventsPerSecond: 1_000.0, p99: 0.050, fanoutP99: 0.050)

  /// What misses the targets, for the case they are set for; `nil` for the other cases.
  var missedTargets: [String]? {
    let targets = Self.targets
    guard name == "concurrent-\(targets.sessions)" else { return nil }
    var missed: [String] = []
    if clients.eventsPerSecond < targets.eventsPerSecond { missed.append("events/s") }
    if clients.p99 >= targets.p99 { missed.append("event p99") }
    if clients.fanoutP99 >= targets.fanoutP99 { missed.append("fan-out p99") }
    if clients.errors > 0 || lostEdits > 0 { missed.append("errors or lost edits") }
    return missed
  }

  /// One line on the targets, for the case they are set for.
  var targetsLine: String? {
    guard let missed = missedTargets else { return nil }
    var line =
      "  targets at \(Self.targets.sessions) sessions (≥ 1,000 events/s; p99 and fan-out p99 "
      + "< 50 ms; no errors): "
    if missed.isEmpty { return line + "met" }
    line += "missed (\(missed.joined(separator: ", ")))"
    // Short rests load the server far past the targets' rate, where events queue.
    if clients.eventsPerSecond > 2 * Self.targets.eventsPerSecond {
      line += " at \(Int(clients.eventsPerSecond)) events/s; --rest 450 gives about 1,200"
    }
    return line
  }

  var jsonLine: String {
    var object: [String: Any] = [
      "case": name, "p50": clients.p50, "p99": clients.p99, "fanoutP50": clients.fanoutP50,
      "fanoutP99": clients.fanoutP99, "eventsPerSecond": clients.eventsPerSecond,
      "errors": clients.errors, "lostEdits": lostEdits, "conflicts": clients.conflicts,
    ]
    if let missed = missedTargets { object["meetsTargets"] = missed.isEmpty }
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}

extension WebBench {
  /// The apps the concurrent cases use: one per case, each over its own 200-task store.
  static func concurrentApps(_ counts: [Int], definition: DataDefinition) -> [(WebApp, MemoryStore)]
  {
    counts.map { count in
      let store = MemoryStore(
        objects: (0..<200).map { TaskItem(name: "Task \($0)") }, definition: definition)
      var app = WebApp(id: "concurrent-\(count)", title: "\(count) sessions") {
        Navigator(root: TasksApp.listScreen(store: store, definition: definition))
      }
      // Its store is its own: it need not take turns with the other apps.
      app.domain = app.id
      return (app, store)
    }
  }

  /// Runs case `concurrent-COUNT`: its clients in a child process of their own (as a
  /// server's clients are on other machines, at niceness `clientsNice`), or beside the server
  /// when `clientsApart` is false; then checks that every task added reached the store.
  static func concurrent(
    base: String, port: Int, sessions count: Int, seconds: Double, rest: Int = 50,
    store: MemoryStore, server: WebServer, clientsApart: Bool = true, clientsNice: Int = 0
  ) async throws -> ConcurrentResult {
    let app = "concurrent-\(count)"
    let clients =
      clientsApart
      ? try await ConcurrentClients.inChildProcess(
        port: port, app: app, sessions: count, seconds: seconds, rest: rest,
        niceness: clientsNice)
      : try await ConcurrentClients.run(
        base: base, port: port, app: app, sessions: count, seconds: seconds, rest: rest)
    let names = try await server.perform(onApp: app) {
      Set(
        ((try? store.fetch(FetchOptions())) ?? []).compactMap {
          ($0.objectValue as? TaskItem)?.name
        })
    }
    return ConcurrentResult(
      name: app, clients: clients,
      lostEdits: clients.added.filter { !names.contains($0) }.count)
  }

  /// Every row key a screen or patch names, in order.
  static func rowKeys(in text: String) -> [String] {
    bytes(of: text) { rowKeys(in: $0) }
  }

  static func rowKeys(in bytes: UnsafeRawBufferPointer) -> [String] {
    // `data-row=\"KEY\"` inside the JSON text.
    scan(bytes, after: Array(#"data-row=\""#.utf8)) { $0 != UInt8(ascii: "\\") }
  }

  /// Whether `text` is a message of `type`: the server writes `type` first.
  static func isMessage(_ text: String, _ type: String) -> Bool {
    text.utf8.starts(with: #"{"type":"\#(type)""#.utf8)
  }

  /// Whether `bytes` hold a message of `type`.
  static func isMessage(_ bytes: UnsafeRawBufferPointer, _ type: String) -> Bool {
    bytes.starts(with: #"{"type":"\#(type)""#.utf8)
  }

  /// Whether `bytes` hold a patch that pops back to a screen the page kept (`pop` follows
  /// `pane`).
  static func isPop(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.starts(with: #"{"type":"patch","pane":"top","pop":"#.utf8)
  }

  /// The edit markers (`Edit#SESSION.EDIT`) a changeset shows, as their keys
  /// (``markerKey(session:edit:)``): read from the bytes, with no text made.
  static func markerKeys(in bytes: UnsafeRawBufferPointer) -> [Int] {
    var keys: [Int] = []
    let dot = UInt8(ascii: ".")
    runs(in: bytes, after: markerPrefix, { $0 == dot || (48...57).contains($0) }) { run in
      var session = 0
      var edit = 0
      var pastDot = false
      for byte in run {
        if byte == dot {
          pastDot = true
        } else if pastDot {
          edit = edit * 10 + Int(byte - 48)
        } else {
          session = session * 10 + Int(byte - 48)
        }
      }
      if pastDot { keys.append(markerKey(session: session, edit: edit)) }
    }
    return keys
  }

  /// The key of session `session`'s edit `edit`, the one ``markerKeys(in:)`` reads.
  static func markerKey(session: Int, edit: Int) -> Int { session << 32 | edit }

  private static let markerPrefix = Array("Edit#".utf8)

  /// `body` over the bytes of `text`.
  private static func bytes<T>(of text: String, _ body: (UnsafeRawBufferPointer) -> T) -> T {
    var text = text
    return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
  }

  /// The runs of bytes accepted by `accepts` that follow each `prefix` in `bytes`, found with
  /// `memchr`: the client must cost little beside the server it measures.
  static func scan(
    _ bytes: UnsafeRawBufferPointer, after prefix: [UInt8], _ accepts: (UInt8) -> Bool
  ) -> [String] {
    var found: [String] = []
    runs(in: bytes, after: prefix, accepts) { found.append(String(decoding: $0, as: UTF8.self)) }
    return found
  }

  /// Calls `body` with each run of bytes accepted by `accepts` that follows a `prefix` in
  /// `bytes`.
  private static func runs(
    in bytes: UnsafeRawBufferPointer, after prefix: [UInt8], _ accepts: (UInt8) -> Bool,
    _ body: (Slice<UnsafeRawBufferPointer>) -> Void
  ) {
    guard let first = prefix.first, let base = bytes.baseAddress else { return }
    let count = bytes.count
    var index = 0
    while index + prefix.count <= count,
      let hit = memchr(base + index, Int32(first), count - index - prefix.count + 1)
    {
      index = base.distance(to: UnsafeRawPointer(hit))
      guard memcmp(base + index, prefix, prefix.count) == 0 else {
        index += 1
        continue
      }
      var end = index + prefix.count
      while end < count, accepts(bytes[end]) { end += 1 }
      body(bytes[(index + prefix.count)..<end])
      index = end
    }
  }
}
