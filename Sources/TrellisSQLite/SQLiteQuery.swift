import Foundation
import Trellis
import TrellisSQL

/// Fetch options translated to SQL: a WHERE clause, an ORDER BY, and what is left to filter in
/// memory (closures, key paths without a column).
struct SQLiteQuery {
  var clause: String?
  var arguments: [Value] = []
  var order: String
  /// The filter to run in memory over the rows SQL selected, when SQL could not express it all.
  var memoryFilter: ItemFilter?

  /// Translates `options`; `keys` gives the row key of an object a predicate compares a
  /// to-one with (`group == $red`), `nil` when no store holds it.
  init(
    entity: SQLiteEntity, keys: @escaping (AnyObject) -> Int64? = { _ in nil },
    options: FetchOptions
  ) throws(StoreError) {
    var order: [String] = []
    for key in options.sort {
      guard let column = Self.column(for: key.keyPath, in: entity) else {
        throw .unsupported(
          "sorting by '\(key.keyPath)': the table '\(entity.table)' has no such column")
      }
      let collation = entity.column(key.keyPath)?.kind == .text ? " COLLATE NOCASE" : ""
      order.append("\(column.quoted)\(collation) \(key.ascending ? "ASC" : "DESC")")
    }
    order.append(entity.defaultOrder)
    self.order = order.joined(separator: ", ")
    if let filter = options.filter {
      let (parts, complete) = Self.translate(filter.term, entity: entity, keys: keys)
      if !parts.isEmpty {
        clause = parts.map { "(\($0.sql))" }.joined(separator: " AND ")
        arguments = parts.flatMap(\.arguments)
      }
      if !complete { memoryFilter = filter }
    }
  }

  /// The join a many-to-many key path is asked through, if it names one.
  static func membership(for keyPath: String, in entity: SQLiteEntity) -> PredicateSQLMembership? {
    entity.membership(for: keyPath)
  }

  /// The column a key path reads, if it has one: a to-one reads its key column.
  static func column(for keyPath: String, in entity: SQLiteEntity) -> String? {
    if keyPath == entity.primaryKey || entity.column(keyPath) != nil { return keyPath }
    return entity.toOneRelationships.first { $0.name == keyPath }?.foreignKey
  }

  /// The column a key path reads, with the kind of its values when it holds a property (a
  /// to-one's key column compares with the keys objects stand for, so it has none).
  static func typedColumn(for keyPath: String, in entity: SQLiteEntity) -> SQLColumn? {
    if keyPath == entity.primaryKey { return SQLColumn(keyPath, kind: .integer) }
    if let column = entity.column(keyPath) {
      return SQLColumn(keyPath, kind: column.kind.predicateKind)
    }
    return column(for: keyPath, in: entity).map { SQLColumn($0) }
  }

  /// The translatable conjuncts of `term`, and whether they are the whole of it.
  static func translate(
    _ term: ItemFilter.Term, entity: SQLiteEntity, keys: (AnyObject) -> Int64?
  ) -> (parts: [(sql: String, arguments: [Value])], complete: Bool) {
    switch term {
    case .opaque:
      return ([], false)
    case .all(let terms):
      var parts: [(sql: String, arguments: [Value])] = []
      var complete = true
      for term in terms {
        let (inner, done) = translate(term, entity: entity, keys: keys)
        parts += inner
        complete = complete && done
      }
      return (parts, complete)
    case .predicate(let predicate, let variables):
      guard
        let (sql, arguments) = try? predicate.sql(
          in: .sqlite, columns: { typedColumn(for: $0, in: entity) },
          memberships: { membership(for: $0, in: entity) },
          variables: variables.mapValues { value in
            // An object stands for its row's key; one no store holds matches no key.
            guard case .object(let ref) = value else { return value }
            return .int(Int(keys(ref.identity) ?? -1))
          })
      else { return ([], false) }
      return ([(sql, arguments)], true)
    case .search(let keyPaths, let text):
      if text.isEmpty { return ([], true) }
      if let index = entity.fullTextIndex, Set(keyPaths).isSubset(of: index.columns) {
        return (index.search(text).map { [$0] } ?? [], true)
      }
      guard !keyPaths.isEmpty, keyPaths.allSatisfy({ entity.column($0)?.kind == .text }) else {
        return ([], false)
      }
      let ascii = text.unicodeScalars.allSatisfy(\.isASCII)
      let needle = ascii ? text : PredicateSQLFunctions.fold(text, flags: 1)
      let pattern = "%" + SQLDialect.sqlite.likeEscaped(needle) + "%"
      let tests = keyPaths.map { key in
        ascii
          ? "\(key.quoted) LIKE ? ESCAPE '\\'"
          : "\(PredicateSQLFunctions.foldName)(\(key.quoted), 1) LIKE ? ESCAPE '\\'"
      }
      return (
        [(tests.joined(separator: " OR "), Array(repeating: .string(pattern), count: tests.count))],
        true
      )
    }
  }

  /// `WHERE …` or nothing.
  var whereSQL: String { clause.map { " WHERE \($0)" } ?? "" }
}
