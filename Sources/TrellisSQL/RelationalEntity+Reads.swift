import Trellis

/// The reads of the SQL stores, written once: a page of rows, their count, rows by key, the
/// children of parents, and the pairs of many-to-many lists.
///
/// Every row is read with ``RelationalEntity/selectedColumns(child:)``: its key, its declared
/// columns, its to-one keys, then what the store adds; a child row comes after its parent's
/// key. Lists of keys go in statements of at most ``SQLDialect/keysPerRead`` keys.
extension RelationalEntity {
  /// `SELECT` of the rows' columns (after `prefix`, quoted) from the table.
  private func select(prefix: [String] = [], child: Bool = false) throws(StoreError) -> String {
    let columns = prefix.map(Self.dialect.quoted) + (try selectedColumns(child: child))
    return "SELECT \(columns.joined(separator: ", ")) FROM \(Self.dialect.quoted(table))"
  }

  /// The rows `query` selects, in its order: `limit` of them (all when `nil`) after the first
  /// `offset`.
  package func pageRead(_ query: SQLQuery, limit: Int? = nil, offset: Int = 0)
    throws(StoreError) -> SQLRowRead
  {
    var read = SQLRowRead(
      try rowsSelect() + query.whereSQL + " ORDER BY \(query.order)",
      arguments: query.arguments.map { .value($0) })
    read.page(limit: limit, offset: offset, in: Self.dialect)
    return read
  }

  /// How many rows `query` selects; without one, how many the table holds.
  package func countRead(_ query: SQLQuery? = nil) -> SQLRowRead {
    SQLRowRead(
      "SELECT count(*) FROM \(Self.dialect.quoted(table))\(query?.whereSQL ?? "")",
      arguments: query?.arguments.map { .value($0) } ?? [])
  }

  /// The distinct first characters of the text column bound to `key` among the rows `query`
  /// selects, in no particular order, for a list grouped by first letter.
  package func firstCharactersRead(of key: String, _ query: SQLQuery) -> SQLRowRead {
    let dialect = Self.dialect
    return SQLRowRead(
      "SELECT DISTINCT substr(\(sqlColumn(key)), 1, 1) FROM \(dialect.quoted(table))"
        + query.whereSQL,
      arguments: query.arguments.map { .value($0) })
  }

  /// The rows whose keys are `keys`, in no particular order.
  package func rowsRead(keys: [Int64]) throws(StoreError) -> [SQLRowRead] {
    let select = try rowsSelect()
    let key = Self.dialect.quoted(primaryKey)
    return Self.chunks(of: keys).map { chunk in
      let (condition, arguments) = Self.dialect.membership(key, of: chunk)
      return SQLRowRead(select + " WHERE " + condition, arguments: arguments)
    }
  }

  /// The children `relationship` holds for the rows whose keys are `parents`: each child's
  /// parent key, then its columns, in each parent's order.
  package func childrenRead(_ relationship: SQLRelationship<Self>, parents: [Int64])
    throws(StoreError) -> [SQLRowRead]
  {
    let child = relationship.entity
    let select = try child.select(prefix: [relationship.foreignKey], child: true)
    let foreignKey = Self.dialect.quoted(relationship.foreignKey)
    return Self.chunks(of: parents).map { chunk in
      let (condition, arguments) = Self.dialect.membership(foreignKey, of: chunk)
      return SQLRowRead(
        select + " WHERE \(condition) ORDER BY \(foreignKey), \(child.defaultOrder)",
        arguments: arguments)
    }
  }

  /// The pairs the many-to-many `relationship` holds for the rows whose keys are `sources`:
  /// (source, target) keys, in each list's order.
  package func pairsRead(_ relationship: SQLRelationship<Self>, sources: [Int64])
    -> [SQLRowRead]
  {
    let dialect = Self.dialect
    let join = dialect.quoted(relationship.joinTableName(of: self))
    let source = dialect.quoted(relationship.joinSourceColumn)
    let target = dialect.quoted(relationship.joinTargetColumn)
    // The pairs' order: their place when the join table keeps one, else when they were
    // added (SQLite, in a table with row ids), else the keys of the rows held (a join table
    // made elsewhere).
    let place =
      relationship.joinPositionColumn.map(dialect.quoted)
      ?? (relationship.joinHasRowIDs ? dialect.insertionOrder : nil)
    let order = [source] + (place.map { [$0] } ?? []) + [target]
    // Keys narrower than 64 bits in a table made elsewhere are read as 64-bit.
    let (sourceKey, targetKey) =
      dialect == .postgres ? ("\(source)::bigint", "\(target)::bigint") : (source, target)
    return Self.chunks(of: sources).map { chunk in
      let (condition, arguments) = dialect.membership(source, of: chunk)
      return SQLRowRead(
        "SELECT \(sourceKey), \(targetKey) FROM \(join) WHERE \(condition) "
          + "ORDER BY \(order.joined(separator: ", "))", arguments: arguments)
    }
  }

  /// `keys` in runs of at most ``SQLDialect/keysPerRead``; none when it is empty.
  private static func chunks(of keys: [Int64]) -> [[Int64]] {
    let size = dialect.keysPerRead
    return stride(from: 0, to: keys.count, by: size).map {
      Array(keys[$0..<Swift.min($0 + size, keys.count)])
    }
  }
}
