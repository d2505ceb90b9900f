import Trellis
import TrellisSQL

/// Filters as SQL conditions: predicates through the PostgreSQL dialect of the predicate
/// writer, searches as `ILIKE` over the searched columns.
///
/// A predicate the writer declines (a key path without a column, `[d]`, a regular expression
/// PostgreSQL reads otherwise, a number compared with a string) is filtered in memory instead,
/// so that the answers are the same as in memory.
enum PostgresFilter {
  /// Whether the whole of `term` becomes SQL.
  static func translates(_ term: ItemFilter.Term, of entity: PostgresEntity) -> Bool {
    var statement = PostgresStatement()
    return (try? append(term, of: entity, to: &statement)) == true
  }

  /// Appends the condition for the parts of `term` that translate to `statement` (`TRUE` when
  /// none does), and returns whether that is the whole of it.
  @discardableResult
  static func append(
    _ term: ItemFilter.Term, of entity: PostgresEntity, to statement: inout PostgresStatement
  ) throws(StoreError) -> Bool {
    switch term {
    case .search(let keyPaths, let text):
      let columns = keyPaths.compactMap(entity.column)
      guard !text.isEmpty else {
        statement.append("TRUE")
        return true
      }
      guard !columns.isEmpty else {
        statement.append("FALSE")
        return true
      }
      statement.append("(")
      for (index, column) in columns.enumerated() {
        if index > 0 { statement.append(" OR ") }
        let name = try PostgresIdentifier.quoted(column.name)
        statement.append(column.kind == .text && column.storedType == nil ? name : "\(name)::text")
        statement.append(" ILIKE ")
        statement.bind("%" + SQLDialect.postgres.likeEscaped(text) + "%")
        statement.append(" ESCAPE '\\'")
      }
      statement.append(")")
      return true
    case .all(let terms):
      guard !terms.isEmpty else {
        statement.append("TRUE")
        return true
      }
      var complete = true
      statement.append("(")
      for (index, term) in terms.enumerated() {
        if index > 0 { statement.append(" AND ") }
        complete = try append(term, of: entity, to: &statement) && complete
      }
      statement.append(")")
      return complete
    case .predicate(let predicate, let variables):
      guard
        let (clause, arguments) = try? predicate.sql(
          in: .postgres, columns: { column(for: $0, in: entity) },
          memberships: { membership(for: $0, in: entity) }, variables: variables,
          placeholderOffset: statement.binds.count),
        arguments.allSatisfy(PostgresStatement.canBind)
      else {
        statement.append("TRUE")
        return false
      }
      statement.append("(\(clause))")
      for argument in arguments { statement.appendArgument(argument) }
      return true
    case .opaque:
      statement.append("TRUE")
      return false
    }
  }

  /// The column a key path reads, with the kind of its values: the primary key, a to-one's
  /// key (``PostgresStore/filter(relationship:pointingAt:)``), or a column.
  static func column(for keyPath: String, in entity: PostgresEntity) -> SQLColumn? {
    if keyPath == entity.primaryKey { return SQLColumn(keyPath, kind: .integer) }
    if entity.toOneRelationships.contains(where: { $0.foreignKey == keyPath }) {
      return SQLColumn(keyPath, kind: .integer)
    }
    guard let column = entity.column(keyPath), PostgresIdentifier.isPlain(keyPath) else {
      return nil
    }
    return SQLColumn(keyPath, kind: column.kind.predicateKind)
  }

  /// The join table of the many-to-many relationship `keyPath` names, for `ANY tags == $tag`
  /// (``PostgresStore/filter(relationship:pointingAt:)``); `nil` for any other key path.
  static func membership(for keyPath: String, in entity: PostgresEntity) -> PredicateSQLMembership?
  {
    PostgresIdentifier.isPlain(keyPath) ? entity.membership(for: keyPath) : nil
  }
}
