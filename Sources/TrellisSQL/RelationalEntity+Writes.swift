import Trellis

/// The writes of the SQL stores, written once: which columns a write of an object stores,
/// and the `INSERT` and `UPDATE` of one row.
///
/// A row's statement names its columns' values first, then its integer key columns (to-one
/// keys, a child's parent key, a place in an order), whose values the store appends, as it
/// may learn them only inside its transaction; an update's last placeholder is the row's key.
extension RelationalEntity {
  /// The column values a write of an object stores, in the entity's order, read with `value`:
  /// with `only`, just the columns it names. A column the object leaves empty that cannot be
  /// empty is left to the database when it has a default (``SQLRowWrite/Purpose``), and
  /// refuses the write otherwise, naming the column.
  ///
  /// - Parameter ownRow: whether the row is the one a form edits (not a child's, nor an object
  ///   created in place through a reference): a refusal then goes on the column's field.
  package func writtenValues(
    _ purpose: SQLRowWrite.Purpose, only names: Set<String>? = nil, ownRow: Bool = false,
    value: (String) -> Value
  ) throws(StoreError) -> [(column: SQLWritableColumn, value: Value)] {
    var written: [(column: SQLWritableColumn, value: Value)] = []
    for column in writableColumns where names?.contains(column.name) ?? true {
      var value = value(column.name)
      if column.writesEmptyTextAsNull, value == .string("") { value = .null }
      if value.isNull {
        switch purpose {
        case .insert where column.hasDefault: continue
        case .rewrite where column.hasDefault && !column.isNullable: continue
        default: break
        }
        if !column.isNullable {
          throw ownRow
            ? emptyRefusal(of: column.name)
            : .invalidItem("\(table).\(column.name) cannot be empty")
        }
      }
      written.append((column, value))
    }
    return written
  }

  /// The refusal of a write that leaves `property` (a column, or a to-one whose key column
  /// cannot be empty) empty, on its field as a form marks it: "Supplier needs a value".
  package func emptyRefusal(of property: String) -> StoreError {
    let title = definition[property]?.title ?? property
    return .refusedValue(property: property, message: "\(title) needs a value")
  }

  /// The `INSERT` of a row holding `values`, then one placeholder for each of `keyColumns`,
  /// which reads the new row's key back where the dialect does so (PostgreSQL's `RETURNING`).
  package func insertWrite(
    _ values: [(column: SQLWritableColumn, value: Value)], keyColumns: [String] = []
  ) -> SQLRowWrite {
    let dialect = Self.dialect
    let names = values.map { sqlColumn($0.column.name) } + keyColumns.map(dialect.quoted)
    let marks = placeholders(values.map(\.column), keys: keyColumns.count)
    var sql = "INSERT INTO \(dialect.quoted(table)) "
    sql +=
      names.isEmpty
      ? "DEFAULT VALUES"
      : "(\(names.joined(separator: ", "))) VALUES (\(marks.joined(separator: ", ")))"
    sql += returningKey
    return SQLRowWrite(
      sql: sql, arguments: values.map { .value($0.value, column: $0.column.name) })
  }

  /// The `UPDATE` of one row to hold `values`, then one placeholder for each of `keyColumns`,
  /// then the row's key; it reads the key back where the dialect does so, which tells that
  /// the row is there. With nothing to assign, it still names the row.
  package func updateWrite(
    _ values: [(column: SQLWritableColumn, value: Value)], keyColumns: [String] = []
  ) -> SQLRowWrite {
    let dialect = Self.dialect
    let key = dialect.quoted(primaryKey)
    let names = values.map { sqlColumn($0.column.name) } + keyColumns.map(dialect.quoted)
    let marks = placeholders(values.map(\.column), keys: keyColumns.count)
    let assignments =
      names.isEmpty
      ? "\(key) = \(key)" : zip(names, marks).map { "\($0) = \($1)" }.joined(separator: ", ")
    let rowMark = dialect.placeholder(marks.count + 1, for: .int(0))
    return SQLRowWrite(
      sql: "UPDATE \(dialect.quoted(table)) SET \(assignments) WHERE \(key) = \(rowMark)"
        + returningKey,
      arguments: values.map { .value($0.value, column: $0.column.name) })
  }

  /// The `DELETE` of row `id`; it reads the key back where the dialect does so, which tells
  /// that the row was there.
  package func rowDelete(_ id: Int64) -> SQLStatement {
    let dialect = Self.dialect
    let key = dialect.quoted(primaryKey)
    return SQLStatement(
      "DELETE FROM \(dialect.quoted(table)) WHERE \(key) = \(dialect.placeholder(1, for: .int(0)))"
        + returningKey, keys: [id], selects: dialect == .postgres)
  }

  /// The `DELETE` of the rows of this (child) table whose `foreignKey` names row `parent`,
  /// but for the rows `kept`: the children a parent no longer holds, after its write.
  package func childrenDelete(foreignKey: String, parent: Int64, keeping kept: [Int64])
    -> SQLStatement
  {
    let dialect = Self.dialect
    var sql = "DELETE FROM \(dialect.quoted(table)) WHERE \(dialect.quoted(foreignKey)) = "
    sql += dialect.placeholder(1, for: .int(0))
    if !kept.isEmpty {
      let marks = kept.indices.map { dialect.placeholder($0 + 2, for: .int(0)) }
      sql += " AND \(dialect.quoted(primaryKey)) NOT IN (\(marks.joined(separator: ", ")))"
    }
    return SQLStatement(sql, keys: [parent] + kept)
  }

  /// The placeholders of `columns`' values, each with its cast, then those of `keys` keys.
  private func placeholders(_ columns: [SQLWritableColumn], keys: Int) -> [String] {
    let dialect = Self.dialect
    var marks: [String] = []
    for column in columns {
      // A column's value is bound as the column stores it: only a cast the store names
      // follows it.
      marks.append(dialect == .sqlite ? "?" : "$\(marks.count + 1)" + column.cast)
    }
    for _ in 0..<keys { marks.append(dialect.placeholder(marks.count + 1, for: .int(0))) }
    return marks
  }

  /// `RETURNING` the row's key, in the dialect that reads it back so.
  private var returningKey: String {
    Self.dialect == .postgres ? " RETURNING \(Self.dialect.quoted(primaryKey))" : ""
  }
}
