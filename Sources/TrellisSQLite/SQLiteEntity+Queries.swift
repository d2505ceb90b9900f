import Trellis
import TrellisSQL

extension SQLiteEntity {
  /// The kind of the stored column `name`'s values (dates kept as text compare as text).
  package func columnKind(_ name: String) -> SQLColumn.Kind? { column(name)?.kind.predicateKind }

  /// The key, every column, then every to-one's key, in the entity's order, quoted, for a
  /// child's row as for any.
  package func selectedColumns(child: Bool = false) -> [String] {
    [primaryKey.quoted] + columns.map { sqlColumn($0.name) }
      + toOneRelationships.map(\.foreignKey.quoted)
  }

  /// A search in the table's FTS5 index when it covers `keyPaths` (each word a prefix), else
  /// `LIKE` over text columns, folded as in memory when `text` is not ASCII; `nil` when a key
  /// path is not a text column.
  package func searchCondition(for text: String, in keyPaths: [String], placeholderOffset: Int)
    -> (sql: String, arguments: [Value])?
  {
    if let index = fullTextIndex, Set(keyPaths).isSubset(of: index.columns) {
      return index.search(text) ?? ("1", [])
    }
    guard !keyPaths.isEmpty, keyPaths.allSatisfy({ column($0)?.kind == .text }) else {
      return nil
    }
    let ascii = text.unicodeScalars.allSatisfy(\.isASCII)
    let needle = ascii ? text : PredicateSQLFunctions.fold(text, flags: 1)
    let pattern = "%" + SQLDialect.sqlite.likeEscaped(needle) + "%"
    let tests = keyPaths.map { key in
      ascii
        ? "\(sqlColumn(key)) LIKE ? ESCAPE '\\'"
        : "\(PredicateSQLFunctions.foldName)(\(sqlColumn(key)), 1) LIKE ? ESCAPE '\\'"
    }
    return (
      tests.joined(separator: " OR "), Array(repeating: .string(pattern), count: tests.count)
    )
  }
}
