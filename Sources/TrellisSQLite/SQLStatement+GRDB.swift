import GRDB
import TrellisSQL

extension Database {
  /// Runs `statement` of the relational layer: the keys a select reads, or none.
  @discardableResult
  func run(_ statement: SQLStatement) throws -> [Int64] {
    let arguments = StatementArguments(statement.keys)
    if statement.selects {
      return try Int64.fetchAll(self, sql: statement.sql, arguments: arguments)
    }
    try execute(sql: statement.sql, arguments: arguments)
    return []
  }
}
