/// The statements that carry out a ``SchemaPlan``, where SQLite and PostgreSQL write them
/// differently: key types, defaults, uniqueness, index names and the order of text.
extension SQLDialect {
  /// The type of a key column: SQLite's `INTEGER`, PostgreSQL's `bigint`.
  package var keyType: String {
    switch self {
    case .sqlite: "INTEGER"
    case .postgres: "bigint"
    }
  }

  /// `CREATE TABLE` of `table` with its key, declared columns, parent key, position and
  /// version; the to-one keys are added after, when every table they point at exists.
  package func createTable(_ table: SchemaPlan.Table) -> String {
    var parts: [String]
    switch self {
    case .sqlite: parts = ["\(quoted(table.key)) INTEGER PRIMARY KEY AUTOINCREMENT"]
    case .postgres: parts = ["\(quoted(table.key)) bigserial PRIMARY KEY"]
    }
    parts += table.columns.map { declaration($0, adding: false) }
    if let parent = table.parent {
      // PostgreSQL requires the parent; SQLite's children may be written before it is known.
      let required = self == .postgres ? " NOT NULL" : ""
      parts.append(
        "\(quoted(parent.column)) \(keyType)\(required) REFERENCES \(quoted(parent.table)) "
          + "(\(quoted(parent.key))) ON DELETE CASCADE")
    }
    if let position = table.position {
      parts.append("\(quoted(position)) \(keyType) NOT NULL DEFAULT 0")
    }
    if let version = table.version {
      parts.append("\(quoted(version)) \(keyType) NOT NULL DEFAULT 1")
    }
    return "CREATE TABLE IF NOT EXISTS \(quoted(table.name)) (\(parts.joined(separator: ", ")))"
  }

  /// The declaration of `column` in `CREATE TABLE`, or in `ALTER TABLE … ADD COLUMN` when
  /// `adding` (where a NOT NULL column needs a value for the rows already there).
  ///
  /// SQLite declares every column with its default (NULL or the zero of its type when the
  /// entity gives none) and keeps uniqueness in an index of its own; PostgreSQL declares
  /// `UNIQUE` with the column, and a default only where the entity gives one or rows need it.
  package func declaration(_ column: SchemaPlan.Column, adding: Bool) -> String {
    var text = "\(quoted(column.name)) \(column.type)"
    switch self {
    case .sqlite:
      text +=
        column.isNullable
        ? " DEFAULT \(column.defaultLiteral ?? "NULL")"
        : " NOT NULL DEFAULT \(column.defaultLiteral ?? column.zeroLiteral)"
    case .postgres:
      if !column.isNullable { text += " NOT NULL" }
      if column.isUnique { text += " UNIQUE" }
      // Rows already there need a value in a NOT NULL column added to their table.
      let needed = adding && !column.isNullable ? column.zeroLiteral : nil
      if let initial = column.defaultLiteral ?? needed { text += " DEFAULT \(initial)" }
    }
    return text
  }

  /// `ALTER TABLE … ADD COLUMN` of `column`.
  package func addColumn(_ column: SchemaPlan.Column, to table: String) -> String {
    let guarded = self == .postgres ? "IF NOT EXISTS " : ""
    return "ALTER TABLE \(quoted(table)) ADD COLUMN \(guarded)\(declaration(column, adding: true))"
  }

  /// The name of the index of `table` over `columns` (`unique` for one that keeps a column's
  /// values unique): `<table>_<columns>` in SQLite, with `_idx` after it in PostgreSQL.
  package func indexName(_ table: String, _ columns: [String], unique: Bool = false) -> String {
    let base = ([table] + columns).joined(separator: "_") + (unique ? "_unique" : "")
    return self == .postgres ? base + "_idx" : base
  }

  /// `CREATE INDEX` named `name` on `table` over `columns`; those in `text` compared as
  /// sorts compare text (ignoring case). A `sorted` index also puts NULL first, as sorts
  /// do, so that PostgreSQL reads a sorted page from it in either direction
  /// (``orderTerm(_:text:ascending:)``); a key's index keeps the default order of the
  /// queries that read by key and position.
  package func createIndex(
    _ name: String, on table: String, _ columns: [String], text: Set<String> = [],
    sorted: Bool = false, unique: Bool = false
  ) -> String {
    let terms = columns.map { column in
      var term = quoted(column)
      switch self {
      case .sqlite:
        if text.contains(column) { term += " COLLATE NOCASE" }
      case .postgres:
        if text.contains(column) { term = "lower(\(term) COLLATE \"C\")" }
        if sorted { term += " NULLS FIRST" }
      }
      return term
    }
    return "CREATE \(unique ? "UNIQUE " : "")INDEX IF NOT EXISTS \(quoted(name)) ON "
      + "\(quoted(table)) (\(terms.joined(separator: ", ")))"
  }

  /// `CREATE TABLE` of a join table: a pair once, its rows deleted with their source where
  /// the dialect keeps the rules (``joinRowsGoWithTheirSource``).
  package func createJoinTable(_ join: SchemaPlan.JoinTable) -> String {
    var source = "\(quoted(join.source.column)) \(keyType) NOT NULL"
    if joinRowsGoWithTheirSource {
      source +=
        " REFERENCES \(quoted(join.source.table)) (\(quoted(join.source.key))) ON DELETE CASCADE"
    }
    var parts = [source, "\(quoted(join.target.column)) \(keyType) NOT NULL"]
    if let position = join.position {
      parts.append("\(quoted(position)) \(keyType) NOT NULL DEFAULT 0")
    }
    parts.append("PRIMARY KEY (\(quoted(join.source.column)), \(quoted(join.target.column)))")
    return "CREATE TABLE IF NOT EXISTS \(quoted(join.name)) (\(parts.joined(separator: ", ")))"
  }

  /// The index a join table has on the key of the row held: its name, and the statement
  /// that makes it.
  package func joinTargetIndex(_ join: SchemaPlan.JoinTable) -> (name: String, sql: String) {
    let name = indexName(join.name, ["target"])
    return (name, createIndex(name, on: join.name, [join.target.column]))
  }

  /// The index of `table` on its stored column `column`: its name, and the statement that
  /// makes it. A declared column's index serves sorts; a key's, reads by key and position.
  package func index(of column: SchemaPlan.Column, in table: SchemaPlan.Table)
    -> (name: String, sql: String)
  {
    let name = indexName(table.name, [column.name])
    let sql = createIndex(
      name, on: table.name, table.indexedColumns(of: column.name),
      text: column.isText ? [column.name] : [], sorted: table.column(column.name) != nil)
    return (name, sql)
  }

  /// The index that keeps the stored column `column` of `table` unique, where SQLite keeps
  /// uniqueness (PostgreSQL declares it with the column): its name, and the statement.
  package func uniqueIndex(of column: SchemaPlan.Column, in table: SchemaPlan.Table)
    -> (name: String, sql: String)
  {
    let name = indexName(table.name, [column.name], unique: true)
    return (name, createIndex(name, on: table.name, [column.name], unique: true))
  }

  /// The declared index of `table` over `columns`: its name, and the statement that makes it.
  package func index(over columns: [String], in table: SchemaPlan.Table)
    -> (name: String, sql: String)
  {
    let name = indexName(table.name, columns)
    let sql = createIndex(
      name, on: table.name, columns, text: Set(columns.filter(table.isText)), sorted: true)
    return (name, sql)
  }
}
