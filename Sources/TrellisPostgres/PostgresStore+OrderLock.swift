import Logging
import PostgresNIO
import Trellis

extension PostgresStore {
  /// Takes the order locks of the ordered tables among `entities` for the rest of the
  /// transaction, in one order (by table name), so that two transactions never wait on each
  /// other's.
  ///
  /// An ordered table keeps its rows at positions 0, 1, 2…: an insert, a delete or a move
  /// reads positions and shifts the rows after them. Under READ COMMITTED two of those at
  /// once would read the same positions, and leave two rows at one place and a gap. With the
  /// lock they run one after another on every server that shares the database (it is an
  /// advisory lock, held by the database), and each statement after it reads what the last
  /// holder committed. Reads take no lock and are not held up.
  static func lockOrders(
    of entities: [PostgresEntity], connection: PostgresConnection, logger: Logger
  ) async throws {
    let tables = Set(entities.filter { $0.positionColumn != nil }.map(\.table)).sorted()
    for table in tables {
      var statement = PostgresStatement("SELECT pg_advisory_xact_lock(")
      statement.bind(Int(orderLockKey(of: table)))
      statement.append(")")
      try await connection.query(statement.query, logger: logger)
    }
  }

  /// The advisory lock key of a table's order: the table's name, hashed (64-bit FNV-1a), the
  /// same in every process.
  package static func orderLockKey(of table: String) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in "trellis order \(table)".utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return Int64(bitPattern: hash)
  }
}
