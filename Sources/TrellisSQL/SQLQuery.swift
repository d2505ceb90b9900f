import Trellis

/// Fetch options as SQL, for every SQL store: a condition for `WHERE`, an `ORDER BY`, and
/// what is left to filter in memory.
///
/// The parts of a filter SQL can answer as the list would in memory (predicates the dialect's
/// writer accepts, searches the entity's ``RelationalEntity/searchCondition(for:in:placeholderOffset:)``
/// writes) go into the condition, joined by `AND`; when any part cannot, the whole filter is
/// also kept as ``memoryFilter``, to run over the rows SQL selected.
package struct SQLQuery: Sendable {
  /// The condition, without `WHERE`; `nil` when SQL filters nothing.
  package var condition: String?
  /// The values of the condition's placeholders, in order.
  package var arguments: [Value] = []
  /// The `ORDER BY` list: the sort keys, then the store's own order so that pages are stable.
  package var order: String
  /// The filter to run in memory over the rows SQL selected, when SQL could not express it all.
  package var memoryFilter: ItemFilter?

  /// Translates `options` for `entity`'s table.
  ///
  /// - Parameters:
  ///   - placeholderOffset: How many arguments a statement binds before the condition's.
  ///   - keys: The row key of an object a predicate compares a to-one with (`group == $red`);
  ///     `nil` when no store holds it, which then matches no row.
  /// - Throws: ``StoreError/unsupported(_:)`` for a sort by a key path that is not a column.
  package init<Entity: RelationalEntity>(
    _ options: FetchOptions, of entity: Entity, placeholderOffset: Int = 0,
    keys: (AnyObject) -> Int64?
  ) throws(StoreError) {
    try self.init(
      options, in: Entity.dialect, table: entity.table, defaultOrder: entity.defaultOrder,
      placeholderOffset: placeholderOffset, columns: { entity.queryColumn($0) },
      memberships: { entity.membership(for: $0) },
      search: { entity.searchCondition(for: $0, in: $1, placeholderOffset: $2) }, keys: keys)
  }

  /// Translates `options` for a table (or a view's rows) whose key paths `columns` names.
  ///
  /// - Parameters:
  ///   - table: The table's name, for messages.
  ///   - defaultOrder: The order that follows the sort keys, so that pages are stable.
  ///   - columns: The column a key path reads, with the kind of its values; `nil` for none.
  ///   - memberships: The join of a key path naming a many-to-many relationship.
  ///   - search: The condition of a search for a text (not empty) in key paths, its
  ///     placeholders numbered after the given number of arguments; `nil` when SQL cannot
  ///     answer it as the list would in memory.
  ///   - keys: The row key of an object a predicate compares a to-one with.
  package init(
    _ options: FetchOptions, in dialect: SQLDialect, table: String, defaultOrder: String,
    placeholderOffset: Int = 0, columns: (String) -> SQLColumn?,
    memberships: @escaping (String) -> PredicateSQLMembership? = { _ in nil },
    search: (String, [String], Int) -> (sql: String, arguments: [Value])?,
    keys: (AnyObject) -> Int64? = { _ in nil }
  ) throws(StoreError) {
    var order: [String] = []
    for key in options.sort {
      guard let column = columns(key.keyPath) else {
        throw .unsupported(
          "sorting by '\(key.keyPath)': the table '\(table)' has no such column")
      }
      order.append(
        dialect.orderTerm(
          dialect.quoted(column.name), text: column.kind == .text, ascending: key.ascending))
    }
    order.append(defaultOrder)
    self.order = order.joined(separator: ", ")
    guard let filter = options.filter else { return }
    var parts: [String] = []
    let complete = translate(
      filter.term, in: dialect, placeholderOffset: placeholderOffset, columns: columns,
      memberships: memberships, search: search, keys: keys, into: &parts)
    if !parts.isEmpty { condition = parts.map { "(\($0))" }.joined(separator: " AND ") }
    if !complete { memoryFilter = filter }
  }

  /// ` WHERE …`, or nothing.
  package var whereSQL: String { condition.map { " WHERE \($0)" } ?? "" }

  /// Adds the conditions of the parts of `term` SQL answers to `parts`, and their arguments;
  /// returns whether they are the whole of it.
  private mutating func translate(
    _ term: ItemFilter.Term, in dialect: SQLDialect, placeholderOffset: Int,
    columns: (String) -> SQLColumn?,
    memberships: @escaping (String) -> PredicateSQLMembership?,
    search: (String, [String], Int) -> (sql: String, arguments: [Value])?,
    keys: (AnyObject) -> Int64?, into parts: inout [String]
  ) -> Bool {
    let offset = placeholderOffset + arguments.count
    switch term {
    case .opaque:
      return false
    case .all(let terms):
      var complete = true
      for term in terms {
        complete =
          translate(
            term, in: dialect, placeholderOffset: placeholderOffset, columns: columns,
            memberships: memberships, search: search, keys: keys, into: &parts)
          && complete
      }
      return complete
    case .predicate(let predicate, let variables):
      guard
        let (sql, arguments) = try? predicate.sql(
          in: dialect, columns: columns, memberships: memberships,
          variables: variables.mapValues { value in
            // An object stands for its row's key; one no store holds matches no key.
            guard case .object(let ref) = value else { return value }
            return .int(Int(keys(ref.identity) ?? -1))
          }, placeholderOffset: offset),
        arguments.allSatisfy(dialect.binds)
      else { return false }
      parts.append(sql)
      self.arguments += arguments
      return true
    case .search(let keyPaths, let text):
      if text.isEmpty { return true }
      guard let (sql, arguments) = search(text, keyPaths, offset),
        arguments.allSatisfy(dialect.binds)
      else { return false }
      parts.append(sql)
      self.arguments += arguments
      return true
    }
  }
}

extension RelationalEntity {
  /// The column a key path reads in a query, with the kind of its values: the primary key, a
  /// stored column, or a to-one's key column (named by the relationship or by the column),
  /// which compares with the keys objects stand for.
  package func queryColumn(_ keyPath: String) -> SQLColumn? {
    if keyPath == primaryKey { return SQLColumn(keyPath, kind: .integer) }
    if let kind = columnKind(keyPath) {
      return SQLColumn(columnKeys.column(of: keyPath), kind: kind)
    }
    if let toOne = toOneRelationships.first(where: { $0.name == keyPath }) {
      return SQLColumn(toOne.foreignKey, kind: .integer)
    }
    if toOneRelationships.contains(where: { $0.foreignKey == keyPath }) {
      return SQLColumn(keyPath, kind: .integer)
    }
    return nil
  }
}
