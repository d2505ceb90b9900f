import Trellis
import TrellisSQL

extension PostgresEntity {
  /// The kind of the stored column `name`'s values.
  package func columnKind(_ name: String) -> SQLColumn.Kind? { column(name)?.kind.predicateKind }

  /// `ILIKE` over the columns among `keyPaths` (other kinds than text read as text), any of
  /// which may hold `text`; `FALSE` when none is a column.
  package func searchCondition(for text: String, in keyPaths: [String], placeholderOffset: Int)
    -> (sql: String, arguments: [Value])?
  {
    let columns = keyPaths.compactMap(column)
    guard !columns.isEmpty else { return ("FALSE", []) }
    let pattern = Value.string("%" + SQLDialect.postgres.likeEscaped(text) + "%")
    let tests = columns.enumerated().map { index, column in
      let name = SQLDialect.postgres.quoted(column.name)
      let value = column.kind == .text && column.storedType == nil ? name : "\(name)::text"
      return "\(value) ILIKE $\(placeholderOffset + index + 1)::text ESCAPE '\\'"
    }
    return (tests.joined(separator: " OR "), Array(repeating: pattern, count: tests.count))
  }
}
