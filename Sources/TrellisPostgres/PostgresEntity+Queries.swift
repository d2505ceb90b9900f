import Trellis
import TrellisSQL

extension PostgresEntity {
  /// The kind of the stored column `name`'s values.
  package func columnKind(_ name: String) -> SQLColumn.Kind? { column(name)?.kind.predicateKind }

  /// The key, every column (cast to the kind the store reads when stored as another type),
  /// every to-one's key, then the row's version (but in a child's table, which keeps none),
  /// quoted. A table made elsewhere may key its rows by a narrower integer, read as 64-bit,
  /// and has no versions.
  package func selectedColumns(child: Bool) throws(StoreError) -> [String] {
    let keyCast = isExisting ? "::bigint" : ""
    var names = [try PostgresIdentifier.quoted(primaryKey) + keyCast]
    for column in columns { names.append(try column.selected(in: self)) }
    for relationship in toOneRelationships {
      names.append(try PostgresIdentifier.quoted(relationship.foreignKey) + keyCast)
    }
    if !child { names.append(isExisting ? "NULL::bigint" : PostgresStore.versionColumn) }
    return names
  }

  /// `ILIKE` over the columns among `keyPaths` (other kinds than text read as text), any of
  /// which may hold `text`; `FALSE` when none is a column.
  package func searchCondition(for text: String, in keyPaths: [String], placeholderOffset: Int)
    -> (sql: String, arguments: [Value])?
  {
    let columns = keyPaths.compactMap(column)
    guard !columns.isEmpty else { return ("FALSE", []) }
    let pattern = Value.string("%" + SQLDialect.postgres.likeEscaped(text) + "%")
    let tests = columns.enumerated().map { index, column in
      let name = sqlColumn(column.name)
      let value = column.kind == .text && column.storedType == nil ? name : "\(name)::text"
      return "\(value) ILIKE $\(placeholderOffset + index + 1)::text ESCAPE '\\'"
    }
    return (tests.joined(separator: " OR "), Array(repeating: pattern, count: tests.count))
  }
}
