extension SQLRelationship where Entity: RelationalEntity {
  /// How many pairs one `INSERT` writes at the most, well within either database's limit on
  /// placeholders.
  static var pairsPerInsert: Int { 300 }

  /// The statements making the pairs of this many-to-many of row `source` of `entity` those
  /// of `targets`: the old pairs deleted, then the new ones inserted in order, each target
  /// once (with its place in the list when the join table keeps one).
  package func joinWrites(of source: Int64, in entity: Entity, holding targets: [Int64])
    -> [SQLStatement]
  {
    let dialect = Entity.dialect
    let join = dialect.quoted(joinTableName(of: entity))
    let sourceColumn = dialect.quoted(joinSourceColumn)
    var statements = [
      SQLStatement(
        "DELETE FROM \(join) WHERE \(sourceColumn) = \(dialect.placeholder(1, for: .int(0)))",
        keys: [source])
    ]
    var seen = Set<Int64>()
    let held = targets.filter { seen.insert($0).inserted }
    let columns =
      [sourceColumn, dialect.quoted(joinTargetColumn)]
      + (joinPositionColumn.map { [dialect.quoted($0)] } ?? [])
    for start in stride(from: 0, to: held.count, by: Self.pairsPerInsert) {
      var keys: [Int64] = []
      var rows: [String] = []
      for place in start..<min(start + Self.pairsPerInsert, held.count) {
        let pair = [source, held[place]] + (joinPositionColumn == nil ? [] : [Int64(place)])
        let marks = pair.indices.map { dialect.placeholder(keys.count + $0 + 1, for: .int(0)) }
        rows.append("(" + marks.joined(separator: ", ") + ")")
        keys += pair
      }
      statements.append(
        SQLStatement(
          "INSERT INTO \(join) (\(columns.joined(separator: ", "))) VALUES "
            + rows.joined(separator: ", ") + " ON CONFLICT DO NOTHING", keys: keys))
    }
    return statements
  }
}
