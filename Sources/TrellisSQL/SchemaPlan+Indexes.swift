extension SchemaPlan.Table {
  /// One index the plan makes for the table.
  package struct Index: Sendable {
    /// Its name, after the table and the columns in `namedAfter`.
    package var name: String
    /// The columns its name is made of.
    package var namedAfter: [String]
    /// The columns it covers, most significant first.
    package var columns: [String]
    /// Whether it keeps its columns' values unique.
    package var isUnique: Bool
    /// The statement that makes it.
    package var sql: String
  }

  /// Every index the plan makes for the table: those of the stored columns indexed, of the
  /// unique columns in SQLite, and the declared ones over several columns.
  package func plannedIndexes(_ dialect: SQLDialect) -> [Index] {
    var result: [Index] = []
    for column in storedColumns(dialect) {
      if column.isIndexed {
        let (name, sql) = dialect.index(of: column, in: self)
        result.append(
          Index(
            name: name, namedAfter: [column.name], columns: indexedColumns(of: column.name),
            isUnique: false, sql: sql))
      }
      // PostgreSQL keeps uniqueness in the column's constraint, SQLite in an index.
      if column.isUnique, dialect == .sqlite {
        let (name, sql) = dialect.uniqueIndex(of: column, in: self)
        result.append(
          Index(
            name: name, namedAfter: [column.name], columns: [column.name], isUnique: true,
            sql: sql))
      }
    }
    for columns in indexes {
      let (name, sql) = dialect.index(over: columns, in: self)
      result.append(
        Index(name: name, namedAfter: columns, columns: columns, isUnique: false, sql: sql))
    }
    return result
  }

  /// The indexes the plan makes for the table, each with a name it may have had before the
  /// declared renames of its columns, and of the table when `formerName` gives its name then
  /// (under the old table name, with the old and with the new column names): a store renames
  /// those it finds, so that the plan finds each index under its name instead of making a
  /// second one over the same columns.
  package func indexesBeforeRenames(_ dialect: SQLDialect, formerName: String? = nil)
    -> [(old: String, new: Index)]
  {
    let oldNames = Dictionary(
      renamedColumns.map { ($0.new, $0.old) }, uniquingKeysWith: { first, _ in first })
    guard !oldNames.isEmpty || formerName != nil else { return [] }
    var result: [(old: String, new: Index)] = []
    for index in plannedIndexes(dialect) {
      let oldColumns = index.namedAfter.map { oldNames[$0] ?? $0 }
      var names = [dialect.indexName(name, oldColumns, unique: index.isUnique)]
      if let formerName {
        names.append(dialect.indexName(formerName, oldColumns, unique: index.isUnique))
        names.append(dialect.indexName(formerName, index.namedAfter, unique: index.isUnique))
      }
      for old in Set(names) where old != index.name { result.append((old, index)) }
    }
    return result
  }
}

extension SchemaPlan.JoinTable {
  /// The join table's index on the row held, with its name before the join table was
  /// renamed; none when it was not.
  package func indexesBeforeRenames(_ dialect: SQLDialect)
    -> [(old: String, new: SchemaPlan.Table.Index)]
  {
    guard let renamedFrom else { return [] }
    let (name, sql) = dialect.joinTargetIndex(self)
    let index = SchemaPlan.Table.Index(
      name: name, namedAfter: ["target"], columns: [target.column], isUnique: false, sql: sql)
    return [(dialect.indexName(renamedFrom, ["target"]), index)]
  }
}
