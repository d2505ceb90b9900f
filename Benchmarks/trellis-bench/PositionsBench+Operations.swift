import Foundation
import Logging
import PostgresNIO
import Synchronization
import TrellisPostgres

/// The two schemes' inserts, moves and checks, as plain SQL.
extension PositionsBench {
  static let logger = Logger(label: "trellis-bench positions")

  /// The advisory lock of `table`'s order: exclusive for a shift or a renumbering, shared
  /// for a rank write (which must not meet a renumbering).
  static func lock(_ table: String, shared: Bool = false) -> PostgresQuery {
    let key = Int64(bitPattern: UInt64(truncatingIfNeeded: table.hashValue))
    let function = shared ? "pg_advisory_xact_lock_shared" : "pg_advisory_xact_lock"
    return PostgresQuery(unsafeSQL: "SELECT \(function)(\(key))")
  }

  /// Inserts a row right after row `after`.
  static func insert(
    after: Int64, in table: String, scheme: Scheme, _ client: PostgresClient, _ tally: Tally
  ) async throws {
    switch scheme {
    case .lock:
      try await underOrderLock(table, client) { connection in
        let place = try await position(of: after, in: table, connection)
        try await connection.query(
          "UPDATE \(unescaped: table) SET position = position + 1 WHERE position > \(place)",
          logger: logger)
        try await connection.query(
          "INSERT INTO \(unescaped: table) (position) VALUES (\(place + 1))", logger: logger)
      }
    case .ranks:
      try await writeRank(after: after, in: table, client, tally) { rank in
        "INSERT INTO \(unescaped: table) (rank) VALUES (\(rank))"
      }
    }
  }

  /// Moves row `moved` to right after row `after`.
  static func move(
    _ moved: Int64, after: Int64, in table: String, scheme: Scheme, _ client: PostgresClient,
    _ tally: Tally
  ) async throws {
    switch scheme {
    case .lock:
      try await underOrderLock(table, client) { connection in
        let source = try await position(of: moved, in: table, connection)
        let target = try await position(of: after, in: table, connection)
        let destination = source < target ? target : target + 1
        guard destination != source else { return }
        let shift =
          source < destination
          ? "position = position - 1 WHERE position > \(source) AND position <= \(destination)"
          : "position = position + 1 WHERE position >= \(destination) AND position < \(source)"
        try await connection.query(
          PostgresQuery(unsafeSQL: "UPDATE \(table) SET \(shift)"), logger: logger)
        try await connection.query(
          "UPDATE \(unescaped: table) SET position = \(destination) WHERE id = \(moved)",
          logger: logger)
      }
    case .ranks:
      try await writeRank(after: after, in: table, client, tally) { rank in
        "UPDATE \(unescaped: table) SET rank = \(rank) WHERE id = \(moved)"
      }
    }
  }

  /// Runs `body` in a transaction that holds `table`'s order lock, as the store's writes do.
  static func underOrderLock(
    _ table: String, _ client: PostgresClient,
    _ body: @escaping @Sendable (PostgresConnection) async throws -> Void
  ) async throws {
    try await client.withConnection { connection in
      try await connection.withTransaction(logger: logger) { connection in
        try await connection.query(lock(table), logger: logger)
        try await body(connection)
      }
    }
  }

  /// Row `id`'s position.
  static func position(of id: Int64, in table: String, _ connection: PostgresConnection)
    async throws -> Int64
  {
    let rows = try await connection.query(
      "SELECT position FROM \(unescaped: table) WHERE id = \(id)", logger: logger)
    for try await position in rows.decode(Int64.self) { return position }
    throw PositionsFailure(text: "row \(id) is missing")
  }

  /// Runs `write` with the midpoint between row `after`'s rank and the next, trying again
  /// when another writer took that midpoint first, and renumbering when it cannot be split.
  static func writeRank(
    after: Int64, in table: String, _ client: PostgresClient, _ tally: Tally,
    _ write: @escaping @Sendable (Double) -> PostgresQuery
  ) async throws {
    while true {
      let outcome: RankOutcome = try await client.withConnection { connection in
        do {
          return try await connection.withTransaction(logger: logger) { connection in
            try await connection.query(lock(table, shared: true), logger: logger)
            let rows = try await connection.query(
              """
              SELECT a.rank, (SELECT min(rank) FROM \(unescaped: table) WHERE rank > a.rank)
              FROM \(unescaped: table) a WHERE a.id = \(after)
              """, logger: logger)
            var bounds: (Double, Double?)?
            for try await row in rows.decode((Double, Double?).self) { bounds = row }
            guard let (low, high) = bounds else {
              throw PositionsFailure(text: "row \(after) is missing")
            }
            let rank = high.map { low + ($0 - low) / 2 } ?? low + 1024
            guard rank > low, high.map({ rank < $0 }) ?? true else { return .tooClose }
            try await connection.query(write(rank), logger: logger)
            return .written
          }
        } catch let error as PostgresTransactionError {
          if let failed = error.closureError as? PSQLError,
            failed.serverInfo?[.sqlState] == "23505"
          {
            return .taken
          }
          throw error
        }
      }
      switch outcome {
      case .written: return
      case .taken: tally.retries.add(1, ordering: .relaxed)
      case .tooClose:
        tally.renumbers.add(1, ordering: .relaxed)
        try await renumber(table, client)
      }
    }
  }

  enum RankOutcome: Sendable {
    case written
    case taken
    case tooClose
  }

  /// Spreads the ranks out again, 1,024 apart, while no rank write runs.
  static func renumber(_ table: String, _ client: PostgresClient) async throws {
    try await client.withConnection { connection in
      try await connection.withTransaction(logger: logger) { connection in
        try await connection.query(lock(table), logger: logger)
        try await connection.query("SET CONSTRAINTS ALL DEFERRED", logger: logger)
        try await connection.query(
          """
          UPDATE \(unescaped: table) t SET rank = r.n * 1024.0
          FROM (SELECT id, row_number() OVER (ORDER BY rank) AS n FROM \(unescaped: table)) r
          WHERE t.id = r.id
          """, logger: logger)
      }
    }
  }

  /// What is wrong with the table's order at rest; `nil` when it is whole.
  static func check(_ table: String, scheme: Scheme, client: PostgresClient) async throws
    -> String?
  {
    let column = scheme == .lock ? "position" : "rank"
    let rows = try await client.query(
      """
      SELECT count(*), count(DISTINCT \(unescaped: column)),
        coalesce(min(position_or_zero), 0), coalesce(max(position_or_zero), -1)
      FROM (SELECT \(unescaped: column), \(unescaped: scheme == .lock ? "position" : "0::bigint")
        AS position_or_zero FROM \(unescaped: table)) t
      """)
    for try await (count, distinct, low, high) in rows.decode((Int64, Int64, Int64, Int64).self) {
      if distinct != count { return "\(count - distinct) rows share a place" }
      if scheme == .lock, low != 0 || high != count - 1 {
        return "positions \(low)…\(high) for \(count) rows"
      }
    }
    return nil
  }
}

/// A positions case that could not go on.
struct PositionsFailure: Error, CustomStringConvertible {
  var text: String
  var description: String { text }
}
