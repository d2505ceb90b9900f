import GRDB
import Trellis
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

extension SQLRowRead {
  /// The arguments as GRDB binds them, one placeholder per key of a list.
  func statementArguments() throws(StoreError) -> StatementArguments {
    var values: [Value] = []
    for argument in arguments {
      switch argument {
      case .value(let value): values.append(value)
      case .keys(let keys): values += keys.map { .int(Int($0)) }
      }
    }
    return try SQLiteValues.arguments(values)
  }
}
