extension RelationalEntity {
  /// The statement giving an ordered table's rows the positions 0, 1, 2… again, in their
  /// order, after rows left it from the middle; `nil` when the entity keeps no order.
  ///
  /// Only rows whose position changes are written, so that a store's change tracking sees
  /// those rows and no others. SQLite reads `UPDATE … FROM` since 3.33.
  package var renumbering: String? {
    guard let position = positionColumn else { return nil }
    let table = Self.dialect.quoted(self.table)
    let key = Self.dialect.quoted(primaryKey)
    let column = Self.dialect.quoted(position)
    return """
      UPDATE \(table) SET \(column) = ranked.place FROM (
        SELECT \(key) AS id, row_number() OVER (ORDER BY \(column), \(key)) - 1 AS place
        FROM \(table)) AS ranked
      WHERE \(table).\(key) = ranked.id AND \(table).\(column) <> ranked.place
      """
  }
}
