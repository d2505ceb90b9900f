import Foundation
import PostgresNIO
import Synchronization
import TrellisPostgres

/// `trellis-bench positions`: two ways to keep an ordered PostgreSQL table's order under
/// concurrent writers, side by side on the same database.
///
/// - **Shift under a lock** (what ``PostgresStore`` does): rows sit at positions 0, 1, 2…; an
///   insert or a move takes the table's advisory transaction lock and shifts the rows between
///   the old and the new place. Positions stay gapless, so an index is a position.
/// - **Ranks with gaps** (the alternative): each row has a floating-point rank, unique; an
///   insert or a move takes the midpoint between its new neighbours, with no lock. Two
///   writers that pick one midpoint collide on the unique index, and one tries again; when
///   neighbours get too close to split, the table is renumbered under a lock.
///
/// Each writer inserts after, or moves after, a random row, back to back; half the steps are
/// inserts, half moves. After each case the table is checked: no two rows share a place, and
/// (for the lock) the positions are 0..<count.
enum PositionsBench {
  enum Scheme: String, CaseIterable {
    case lock = "shift under lock"
    case ranks = "ranks with gaps"
  }

  struct Result {
    var scheme: Scheme
    var rows: Int
    var writers: Int
    var operations: Int
    var seconds: Double
    var latency: Timing
    var retries: Int
    var renumbers: Int
    var problem: String?

    var line: String {
      let name = "\(scheme.rawValue), \(rows) rows, \(writers) writers"
      return name.padding(toLength: 40, withPad: " ", startingAt: 0)
        + String(
          format: "%8.0f ops/s   p50 %7.2f ms   p99 %7.2f ms   retries %d   renumbered %d   %@",
          Double(operations) / seconds, latency.median * 1000, latency.percentile(99) * 1000,
          retries, renumbers, problem ?? "order whole")
    }
  }

  /// Counts kept by the writers of one case.
  final class Tally: Sendable {
    let retries = Atomic(0)
    let renumbers = Atomic(0)
  }

  static func run(url: String, rows: [Int], writers: [Int], seconds: Double) async throws {
    let configuration = try PostgresAddress.configuration(from: url)
    let client = PostgresClient(configuration: configuration)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await client.run() }
      for count in rows {
        for writerCount in writers {
          for scheme in Scheme.allCases {
            let result = try await measure(
              scheme, rows: count, writers: writerCount, seconds: seconds, client: client)
            print(result.line)
          }
        }
      }
      group.cancelAll()
    }
  }

  /// One case on a fresh table.
  static func measure(
    _ scheme: Scheme, rows: Int, writers: Int, seconds: Double, client: PostgresClient
  ) async throws -> Result {
    let table = "positions_\(UUID().uuidString.prefix(8).lowercased())"
    try await create(table, scheme: scheme, rows: rows, client: client)
    defer {
      Task { _ = try? await client.query(PostgresQuery(unsafeSQL: "DROP TABLE \(table)")) }
    }
    let tally = Tally()
    let deadline = ContinuousClock.now + .seconds(seconds)
    let started = ContinuousClock.now
    let samples = try await withThrowingTaskGroup(of: [Double].self) { group in
      for writer in 0..<writers {
        group.addTask {
          var random = SeededRandom(seed: UInt64(writer + 1))
          var samples: [Double] = []
          while ContinuousClock.now < deadline {
            let begin = ContinuousClock.now
            let after = Int64.random(in: 1...Int64(rows), using: &random)
            if random.next() % 2 == 0 {
              try await insert(after: after, in: table, scheme: scheme, client, tally)
            } else {
              let moved = Int64.random(in: 1...Int64(rows), using: &random)
              guard moved != after else { continue }
              try await move(moved, after: after, in: table, scheme: scheme, client, tally)
            }
            let took = ContinuousClock.now - begin
            samples.append(
              Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
          }
          return samples
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    let took = ContinuousClock.now - started
    return Result(
      scheme: scheme, rows: rows, writers: writers, operations: samples.count,
      seconds: Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18,
      latency: Timing(samples: samples), retries: tally.retries.load(ordering: .relaxed),
      renumbers: tally.renumbers.load(ordering: .relaxed),
      problem: try await check(table, scheme: scheme, client: client))
  }

  /// A table of `rows` rows, ids 1…rows, in id order.
  static func create(_ table: String, scheme: Scheme, rows: Int, client: PostgresClient)
    async throws
  {
    let place =
      scheme == .lock
      ? "position bigint NOT NULL" : "rank double precision NOT NULL UNIQUE DEFERRABLE"
    let fill =
      scheme == .lock
      ? "SELECT g, g - 1 FROM generate_series(1, \(rows)) g"
      : "SELECT g, g * 1024.0 FROM generate_series(1, \(rows)) g"
    for statement in [
      "CREATE TABLE \(table) (id bigserial PRIMARY KEY, \(place))",
      scheme == .lock ? "CREATE INDEX ON \(table) (position)" : nil,
      "INSERT INTO \(table) (id, \(scheme == .lock ? "position" : "rank")) \(fill)",
      "SELECT setval(pg_get_serial_sequence('\(table)', 'id'), \(rows))",
      "ANALYZE \(table)",
    ].compactMap({ $0 }) {
      try await client.query(PostgresQuery(unsafeSQL: statement))
    }
  }
}
