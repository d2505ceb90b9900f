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

extension SQLRowWrite {
  /// The arguments as GRDB binds them: each column's value as `entity`'s column stores it,
  /// then the keys.
  func statementArguments(_ entity: SQLiteEntity) throws(StoreError) -> StatementArguments {
    var values: [(any DatabaseValueConvertible)?] = []
    values.reserveCapacity(arguments.count)
    for argument in arguments {
      switch argument {
      case .value(let value, let name):
        guard let column = entity.column(name) else {
          throw .invalidItem("'\(entity.table)' has no column '\(name)'")
        }
        values.append(
          try SQLiteValues.column(value, column: name, kind: column.kind, layout: column.dateLayout)
        )
      case .key(let key):
        values.append(key?.databaseValue ?? .null)
      }
    }
    return StatementArguments(values)
  }
}
