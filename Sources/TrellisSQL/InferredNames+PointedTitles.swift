import Trellis

/// The titles of the rows a table's foreign keys point at, for a table that has none of its
/// own (a join table, an order's line): a row is then known by "Earthsea · fantasy", not by
/// its keys.
extension InferredNames {
  /// The title of the row one foreign key points at.
  package struct PointedTitle: Sendable, Equatable {
    /// The name it is shown under: the key's to-one ("book" for `book_id`).
    package var property: String
    /// The key pointing at the row.
    package var key: InferredForeignKey
    /// The column of the row pointed at that the key holds.
    package var targetKey: String
    /// The text column that titles the row pointed at.
    package var title: String

    /// A scalar subquery reading the title for each row of `table` (quoted, as the outer
    /// query names it), as `dialect` writes it, as text.
    package func select(from table: String, in dialect: SQLDialect) -> String {
      let title = dialect.quoted(self.title) + (dialect == .postgres ? "::text" : "")
      return "(SELECT \(title) FROM \(dialect.quoted(key.targetTable)) WHERE "
        + "\(dialect.quoted(key.targetTable)).\(dialect.quoted(targetKey)) = "
        + "\(table).\(dialect.quoted(key.column)) LIMIT 1)"
    }
  }

  /// For each foreign key of `table` whose target has a text title column (another table's),
  /// in the order of the key's columns: what titles the row it points at.
  package func pointedTitles(_ table: InferredTable) -> [PointedTitle] {
    let place = { (key: InferredForeignKey) in
      table.columns.firstIndex { $0.name == key.column } ?? Int.max
    }
    return table.foreignKeys.sorted { place($0) < place($1) }.compactMap { key in
      guard let target = schema.table(key.targetTable), target.name != table.name,
        let title = titleColumn(target), target.column(title)?.kind == .text,
        let targetKey = key.targetColumn ?? target.rowKey ?? target.primaryKey.first
      else { return nil }
      return PointedTitle(
        property: toOne(key, in: table), key: key, targetKey: targetKey, title: title)
    }
  }
}
