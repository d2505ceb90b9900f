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
    let dialect = Entity.dialect
    var order: [String] = []
    for key in options.sort {
      guard let column = entity.queryColumn(key.keyPath) else {
        throw .unsupported(
          "sorting by '\(key.keyPath)': the table '\(entity.table)' has no such column")
      }
      order.append(
        dialect.orderTerm(
          dialect.quoted(column.name), text: column.kind == .text, ascending: key.ascending))
    }
    order.append(entity.defaultOrder)
    self.order = order.joined(separator: ", ")
    guard let filter = options.filter else { return }
    var parts: [String] = []
    let complete = translate(
      filter.term, of: entity, placeholderOffset: placeholderOffset, keys: keys, into: &parts)
    if !parts.isEmpty { condition = parts.map { "(\($0))" }.joined(separator: " AND ") }
    if !complete { memoryFilter = filter }
  }

  /// ` WHERE …`, or nothing.
  package var whereSQL: String { condition.map { " WHERE \($0)" } ?? "" }

  /// Adds the conditions of the parts of `term` SQL answers to `parts`, and their arguments;
  /// returns whether they are the whole of it.
  private mutating func translate<Entity: RelationalEntity>(
    _ term: ItemFilter.Term, of entity: Entity, placeholderOffset: Int,
    keys: (AnyObject) -> Int64?, into parts: inout [String]
  ) -> Bool {
    let dialect = Entity.dialect
    let offset = placeholderOffset + arguments.count
    switch term {
    case .opaque:
      return false
    case .all(let terms):
      var complete = true
      for term in terms {
        complete =
          translate(
            term, of: entity, placeholderOffset: placeholderOffset, keys: keys, into: &parts)
          && complete
      }
      return complete
    case .predicate(let predicate, let variables):
      guard
        let (sql, arguments) = try? predicate.sql(
          in: dialect, columns: { entity.queryColumn($0) },
          memberships: { entity.membership(for: $0) },
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
      guard
        let (sql, arguments) = entity.searchCondition(
          for: text, in: keyPaths, placeholderOffset: offset),
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
    if let kind = columnKind(keyPath) { return SQLColumn(keyPath, kind: kind) }
    if let toOne = toOneRelationships.first(where: { $0.name == keyPath }) {
      return SQLColumn(toOne.foreignKey, kind: .integer)
    }
    if toOneRelationships.contains(where: { $0.foreignKey == keyPath }) {
      return SQLColumn(keyPath, kind: .integer)
    }
    return nil
  }
}
