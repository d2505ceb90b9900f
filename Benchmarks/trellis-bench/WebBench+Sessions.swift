import Foundation
import Trellis
import TrellisExamples
import TrellisWeb

/// `sessions-10k`: 10,000 WebSocket sessions open on one 200-task list of one server, ten of
/// them editing it (one edit every 100 ms in all), the rest watching: how long a reply takes,
/// how long an edit takes to reach the other windows, and what an open session costs the
/// server's memory.
struct SessionsResult {
  static let name = "sessions-10k"
  /// The targets: fan-out p99 under 100 ms, reply p99 under 50 ms, under 20 KB per open
  /// session above an idle server, no errors and no lost edits.
  static let targets = (
    sessions: 10_000, editors: 10, fanoutP99: 0.100, p99: 0.050, bytesPerSession: 20 * 1024
  )

  /// One watching page in this many keeps its rows, to be compared with a fresh page's: 100
  /// pages of 10,000.
  static let keepRowsEvery = 100

  var sessions: Int
  var clients: ConcurrentClients
  var lostEdits: Int
  /// The server's resident memory at its peak during the case, less before it, per session.
  var bytesPerSession: Int

  /// What misses the targets.
  var missedTargets: [String] {
    var missed: [String] = []
    if clients.fanoutP99 >= Self.targets.fanoutP99 { missed.append("fan-out p99") }
    if clients.p99 >= Self.targets.p99 { missed.append("reply p99") }
    if bytesPerSession >= Self.targets.bytesPerSession { missed.append("memory per session") }
    if clients.errors > 0 || lostEdits > 0 { missed.append("errors or lost edits") }
    if clients.pagesDiffering > 0 { missed.append("pages different from a fresh page") }
    return missed
  }

  var tableLine: String {
    let missed = missedTargets
    return
      "\(Self.name) (\(sessions) sessions, \(Self.targets.editors) editing): event → reply p50 "
      + "\(WebBench.format(clients.p50 * 1000)) ms, p99 \(WebBench.format(clients.p99 * 1000)) ms; "
      + "fan-out p50 \(WebBench.format(clients.fanoutP50 * 1000)) ms, "
      + "p99 \(WebBench.format(clients.fanoutP99 * 1000)) ms; "
      + "\(Int(clients.eventsPerSecond)) events/s; "
      + String(format: "%.1f KB per session; ", Double(bytesPerSession) / 1024)
      + "\(clients.errors) errors, \(lostEdits) lost edits; "
      + "\(clients.pagesDiffering) of \(clients.pagesKept) kept pages differ from a fresh page"
      + (clients.firstDifference.map { " (\($0))" } ?? "") + "\n"
      + "  targets (fan-out p99 < 100 ms, reply p99 < 50 ms, < 20 KB per session, no errors, "
      + "every page equal to a fresh one): "
      + (missed.isEmpty ? "met" : "missed (\(missed.joined(separator: ", ")))")
  }

  var jsonLine: String {
    let object: [String: Any] = [
      "case": Self.name, "sessions": sessions, "p50": clients.p50, "p99": clients.p99,
      "fanoutP50": clients.fanoutP50, "fanoutP99": clients.fanoutP99,
      "eventsPerSecond": clients.eventsPerSecond, "errors": clients.errors,
      "lostEdits": lostEdits, "bytesPerSession": bytesPerSession,
      "pagesKept": clients.pagesKept, "pagesDiffering": clients.pagesDiffering,
      "meetsTargets": missedTargets.isEmpty,
    ]
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}

extension WebBench {
  /// Runs `sessions-10k` (with `sessions` sessions), its clients in a child process; the
  /// server's memory is sampled meanwhile.
  static func manySessions(
    port: Int, sessions: Int, seconds: Double, store: MemoryStore, server: WebServer,
    clientsNice: Int = 0
  ) async throws -> SessionsResult {
    let idle = StoresBench.heapInUse()
    let peak = Locked(idle)
    let sampling = Task {
      while !Task.isCancelled {
        let now = StoresBench.heapInUse()
        peak.withLock { $0 = max($0, now) }
        try? await Task.sleep(for: .milliseconds(250))
      }
    }
    defer { sampling.cancel() }
    let editors = SessionsResult.targets.editors
    // Ten editors, each resting about a second between edits: ten edits a second in all.
    let clients = try await ConcurrentClients.inChildProcess(
      port: port, app: SessionsResult.name, sessions: sessions, seconds: seconds, rest: 950,
      editors: editors, keepRowsEvery: SessionsResult.keepRowsEvery, niceness: clientsNice)
    sampling.cancel()
    let names = try await server.perform(onApp: SessionsResult.name) {
      Set(
        ((try? store.fetch(FetchOptions())) ?? []).compactMap {
          ($0.objectValue as? TaskItem)?.name
        })
    }
    return SessionsResult(
      sessions: sessions, clients: clients,
      lostEdits: clients.added.filter { !names.contains($0) }.count,
      bytesPerSession: (peak.withLock { $0 } - idle) / max(sessions, 1))
  }
}
