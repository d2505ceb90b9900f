import Foundation
import Logging
import PostgresNIO
import Trellis

/// Done's conflict check where the row is: the row is locked (`SELECT … FOR UPDATE`), so no
/// other server writes it between the check and the update.
extension PostgresStore {
  /// The columns an update expects, with the values it expects and the ones it writes.
  struct ConflictCheck: Sendable {
    var query: PostgresQuery
    var columns: [(name: String, kind: PostgresColumn.Kind, expected: Value, yours: Value)]

    /// Locks the row and throws ``StoreError/conflict(_:)`` naming every column that holds
    /// neither the expected value nor the new one.
    func run(on connection: PostgresConnection, logger: Logger) async throws {
      var conflicts: [FieldConflict] = []
      for try await row in try await connection.query(query, logger: logger) {
        for (cell, column) in zip(Array(row), columns) {
          let theirs = try PostgresValues.value(cell, kind: column.kind)
          if theirs != column.expected && theirs != column.yours {
            conflicts.append(FieldConflict(name: column.name, theirs: theirs, yours: column.yours))
          }
        }
      }
      if !conflicts.isEmpty { throw StoreError.conflict(conflicts) }
    }
  }

  /// The check of the columns `expecting` names that `values` writes; `nil` when none.
  func conflictCheck(_ id: Int64, values: [String: Value], expecting: [String: Value])
    throws(StoreError) -> ConflictCheck?
  {
    var columns: [(name: String, kind: PostgresColumn.Kind, expected: Value, yours: Value)] = []
    for (name, expected) in expecting.sorted(by: { $0.key < $1.key }) {
      guard let column = entity.column(name), let yours = values[name] else { continue }
      columns.append((name, column.kind, expected, yours))
    }
    guard !columns.isEmpty else { return nil }
    var names: [String] = []
    for column in columns {
      if let stored = entity.column(column.name) {
        names.append(try stored.selected(in: entity))
      } else {
        names.append(try PostgresIdentifier.quoted(column.name))
      }
    }
    let key = try PostgresIdentifier.quoted(entity.primaryKey)
    var statement = PostgresStatement(
      "SELECT \(names.joined(separator: ", ")) FROM \(try table) WHERE \(key) = ")
    statement.bind(Int(id))
    statement.append(" FOR UPDATE")
    return ConflictCheck(query: statement.query, columns: columns)
  }
}
