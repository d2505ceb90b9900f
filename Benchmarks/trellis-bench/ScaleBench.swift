import Foundation
import PostgresNIO
import Trellis
import TrellisPostgres
import TrellisSQLite

/// `trellis-bench scale`: N servers on one PostgreSQL database, M sessions each, on loopback in
/// this process. Each server has its own store and connection pool, and processes its
/// sessions on its own actor, as separate demo processes would; they learn of each other's
/// writes only through PostgreSQL's `NOTIFY`.
///
/// Every server runs one writer, which edits its own share of the rows: first at a paced rate
/// (`--rate` edits per second, all writers together), for an edit's time from its commit on
/// one server to the changeset that shows it in a session on another (p50, p99); then back to
/// back, for the edits per second the servers commit. Both report the edits some session
/// never showed (lost); and the memory per session.
/// The baseline is the same load on one server with SQLite, in the same run.
enum ScaleBench {
  struct Configuration {
    var servers: Int
    var sessions: Int
    var store: String
  }

  struct Result {
    var configuration: Configuration
    var p50: Double
    var p99: Double
    var editsPerSecond: Double
    var lostEdits: Int
    var bytesPerSession: Int

    var jsonLine: String {
      let object: [String: Any] = [
        "servers": configuration.servers, "sessions": configuration.sessions,
        "store": configuration.store, "p50": p50, "p99": p99, "editsPerSecond": editsPerSecond,
        "lostEdits": lostEdits, "bytesPerSession": bytesPerSession,
      ]
      let data =
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
      return String(decoding: data, as: UTF8.self)
    }

    var tableLine: String {
      let name = "\(configuration.store) \(configuration.servers) × \(configuration.sessions)"
      return name.padding(toLength: 18, withPad: " ", startingAt: 0)
        + String(
          format: "p50 %7.2f ms   p99 %7.2f ms   %7.1f edits/s   lost %d   %6.1f KB/session",
          p50 * 1000, p99 * 1000, editsPerSecond, lostEdits, Double(bytesPerSession) / 1024)
    }
  }

  static func run(
    url: String, servers: [Int], sessions: Int, rows: Int, seconds: Double, rate: Double,
    json: Bool
  ) async throws {
    var results: [Result] = []
    results.append(
      try await sqlite(sessions: sessions, rows: rows, seconds: seconds, rate: rate))
    if !json { print(results[0].tableLine) }
    for count in servers {
      let result = try await postgres(
        url: url, servers: count, sessions: sessions, rows: rows, seconds: seconds, rate: rate)
      results.append(result)
      if !json { print(result.tableLine) }
    }
    if json { for result in results { print(result.jsonLine) } }
  }

  /// The baseline: one server, its sessions over an SQLite file, edits by one writer.
  static func sqlite(sessions: Int, rows: Int, seconds: Double, rate: Double) async throws
    -> Result
  {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-bench-scale-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let entity = try SQLiteEntity(table: "item", definition: ScaleItem.definition(), ordered: true)
    let store = try SQLiteStore(
      path: directory.appendingPathComponent("scale.sqlite").path, entity: entity)
    for row in 0..<rows { try store.insert(ScaleItem.item("Row \(row)"), at: nil) }
    let log = ScaleLog(crossServerOnly: false)
    let before = MemoryProbe.resident ?? 0
    let server = ScaleServer(number: 0, log: log)
    try await server.open(count: sessions, rows: rows) {
      let section = ArrayOfObjectsSection(store: store, definition: entity.definition)
      return section
    }
    let bytes = ((MemoryProbe.resident ?? before) - before) / max(sessions, 1)
    let items = try store.fetch(FetchOptions())
    for paced in [true, false] {
      let writer = Task {
        try await write(
          items: items, rows: 0..<rows, server: 0, seconds: seconds, log: log,
          every: paced ? .milliseconds(Int(1000 / rate)) : nil, first: paced ? 0 : 1_000_000
        ) { item, values throws(StoreError) in try store.update(item, values: values) }
      }
      try await writer.value
      await settle(log, keys: (0..<sessions).map { ScaleSessionKey(server: 0, session: $0) })
    }
    let keys = (0..<sessions).map { ScaleSessionKey(server: 0, session: $0) }
    return await result(
      Configuration(servers: 1, sessions: sessions, store: "sqlite"), log: log, keys: keys,
      seconds: seconds, bytesPerSession: bytes)
  }

  /// N servers on one PostgreSQL table.
  static func postgres(
    url: String, servers count: Int, sessions: Int, rows: Int, seconds: Double, rate: Double
  ) async throws -> Result {
    let table = "bench_scale_\(UUID().uuidString.prefix(8).lowercased())"
    let entity = try PostgresEntity(table: table, definition: ScaleItem.definition(), ordered: true)
    let stores = try (0..<count).map { _ in try PostgresStore(url: url, entity: entity) }
    defer {
      for store in stores { store.shutdown() }
    }
    for row in 0..<rows {
      try await stores[0].insert(ScaleItem.item("Row \(row)"), at: nil)
    }
    let log = ScaleLog(crossServerOnly: count > 1)
    let before = MemoryProbe.resident ?? 0
    var servers: [ScaleServer] = []
    for (number, store) in stores.enumerated() {
      let server = ScaleServer(number: number, log: log)
      try await server.open(count: sessions, rows: rows) {
        let section = ArrayOfObjectsSection(store: store, definition: entity.definition)
        section.fetchOptions.batchSize = rows
        return section
      }
      servers.append(server)
    }
    let bytes = ((MemoryProbe.resident ?? before) - before) / max(sessions * count, 1)
    // Every store listens before the first edit, so that none is missed.
    let deadline = ContinuousClock.now + .seconds(30)
    while stores.contains(where: { !$0.isListening }) {
      guard ContinuousClock.now < deadline else {
        throw ScaleBenchError("the stores were not listening after 30 s")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    try await Task.sleep(for: .milliseconds(200))
    let keys = (0..<count).flatMap { server in
      (0..<sessions).map { ScaleSessionKey(server: server, session: $0) }
    }
    // Each server's writer edits its share of the rows: first at the paced rate (all writers
    // together), for the latencies, then as fast as the commits go, for the throughput.
    for paced in [true, false] {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (number, store) in stores.enumerated() {
          let items = try await store.fetchPage(FetchOptions(), from: nil).items
          let share = stride(from: number, to: rows, by: count)
          let interval: Duration? = paced ? .milliseconds(Int(1000 * Double(count) / rate)) : nil
          group.addTask {
            try await write(
              items: items, rows: share, server: number, seconds: seconds, log: log,
              every: interval, first: paced ? 0 : 1_000_000
            ) { item, values throws(StoreError) in try await store.update(item, values: values) }
          }
        }
        try await group.waitForAll()
      }
      await settle(log, keys: keys)
    }
    let result = await result(
      Configuration(servers: count, sessions: sessions, store: "postgres"), log: log, keys: keys,
      seconds: seconds, bytesPerSession: bytes)
    _ = try? await stores[0].client.query(PostgresQuery(unsafeSQL: "DROP TABLE \"\(table)\""))
    return result
  }

  /// Edits `rows` of `items` in turn, back to back, for `seconds`; each edit a new name.
  static func write<S: Sequence<Int>>(
    items: [Value], rows: S, server: Int, seconds: Double, log: ScaleLog,
    every interval: Duration? = nil, first: Int = 0,
    update: (Value, [String: Value]) async throws(StoreError) -> Void
  ) async throws {
    let rows = Array(rows)
    guard !rows.isEmpty else { return }
    let clock = ContinuousClock()
    let end = clock.now + .milliseconds(Int(seconds * 1000))
    var next = clock.now
    var sequence = first
    while clock.now < end {
      if let interval {
        next += interval
        try await clock.sleep(until: next)
      }
      let row = rows[sequence % rows.count]
      let name = "Edit \(server)-\(sequence)"
      log.committing(name, row: row, sequence: sequence, server: server, paced: interval != nil)
      try await update(items[row], ["name": .string(name)])
      log.committed(name)
      sequence += 1
    }
  }

  /// Waits up to ten seconds for every session to show every edit.
  static func settle(_ log: ScaleLog, keys: [ScaleSessionKey]) async {
    let deadline = ContinuousClock.now + .seconds(10)
    while log.lost(sessions: keys) > 0, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Sums up a configuration.
  static func result(
    _ configuration: Configuration, log: ScaleLog, keys: [ScaleSessionKey], seconds: Double,
    bytesPerSession: Int
  ) async -> Result {
    let latencies = log.latencies.sorted()
    func percentile(_ p: Double) -> Double {
      latencies.isEmpty
        ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
    }
    return Result(
      configuration: configuration, p50: percentile(0.5), p99: percentile(0.99),
      editsPerSecond: Double(log.editCount(paced: false)) / seconds,
      lostEdits: log.lost(sessions: keys),
      bytesPerSession: bytesPerSession)
  }
}

/// The rows `trellis-bench scale` edits.
final class ScaleItem {
  var name = ""
  var rank = 0

  static func definition() throws -> DataDefinition {
    var definition = try DataDefinition(
      for: ScaleItem.self,
      properties: [.init("name", \ScaleItem.name), .init("rank", \ScaleItem.rank)],
      make: { ScaleItem() })
    definition.name = "Item"
    definition.titlePropertyNames = ["name"]
    return definition
  }

  /// A new item named `name`.
  static func item(_ name: String) -> Value {
    let object = ScaleItem()
    object.name = name
    return .object(ObjectReference(object))
  }
}
