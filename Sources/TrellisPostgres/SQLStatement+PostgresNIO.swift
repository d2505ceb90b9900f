import Logging
import PostgresNIO
import TrellisSQL

extension PostgresConnection {
  /// Runs `statement` of the relational layer: the keys a select reads, or none.
  @discardableResult
  func run(_ statement: SQLStatement, logger: Logger) async throws -> [Int64] {
    var binds = PostgresBindings()
    for key in statement.keys { binds.append(key) }
    let rows = try await query(
      PostgresQuery(unsafeSQL: statement.sql, binds: binds), logger: logger)
    var keys: [Int64] = []
    if statement.selects {
      for try await key in rows.decode(Int64.self) { keys.append(key) }
    } else {
      for try await _ in rows {}
    }
    return keys
  }
}
