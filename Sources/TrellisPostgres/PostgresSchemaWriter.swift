import Logging
import PostgresNIO
import Trellis
import TrellisSQL

/// Carries out a ``SchemaPlan`` on one connection, inside the schema's transaction: each
/// statement only when the catalog lacks what it makes, because a statement on a table that
/// has it still locks the table, and waits for (and is waited for by) the writes of servers
/// already running.
struct PostgresSchemaWriter {
  /// The connection holding the schema's transaction.
  let connection: PostgresConnection
  /// Where statements are logged.
  let logger: Logger
  private var dialect: SQLDialect { .postgres }

  /// Renames `table` and its columns as declared, creates it when missing, and adds the
  /// columns and indexes it lacks.
  func prepare(_ table: SchemaPlan.Table) async throws {
    if let old = table.renamedFrom, try await exists(old), try await !exists(table.name) {
      try await run("ALTER TABLE \(dialect.quoted(old)) RENAME TO \(dialect.quoted(table.name))")
      try await renameIndexes(of: table.name, from: old + "_", to: table.name + "_")
    }
    var existing = try await columns(of: table.name)
    for (old, new) in table.renamedColumns where existing.contains(old) && !existing.contains(new) {
      try await run(
        "ALTER TABLE \(dialect.quoted(table.name)) RENAME COLUMN \(dialect.quoted(old)) TO "
          + dialect.quoted(new))
      // The constraint keeping a unique column's values unique is named after it too.
      try await renameIndexes(
        of: table.name, from: "\(table.name)_\(old)_key", to: "\(table.name)_\(new)_key")
      existing.remove(old)
      existing.insert(new)
    }
    // The indexes named after the old column names take the new ones.
    for (old, index) in table.indexesBeforeRenames(dialect) where try await exists(old) {
      guard try await !exists(index.name) else { continue }
      try await run("ALTER INDEX \(dialect.quoted(old)) RENAME TO \(dialect.quoted(index.name))")
    }
    if existing.isEmpty {
      try await run(dialect.createTable(table))
      existing = Set([table.key] + table.columns.map(\.name))
      existing.formUnion([table.parent?.column, table.position, table.version].compactMap { $0 })
    }
    let stored = table.storedColumns(dialect)
    for column in stored where !existing.contains(column.name) {
      try await run(dialect.addColumn(column, to: table.name))
    }
    for column in stored where column.isIndexed {
      try await create(dialect.index(of: column, in: table))
    }
    for columns in table.indexes { try await create(dialect.index(over: columns, in: table)) }
  }

  /// Creates a join table when missing, with its index on the row held and the foreign key
  /// that keeps its delete rule.
  func prepare(_ join: SchemaPlan.JoinTable) async throws {
    // The pairs of a table renamed keep to it under the join table's new default name.
    if let old = join.renamedFrom, try await exists(old), try await !exists(join.name) {
      try await run("ALTER TABLE \(dialect.quoted(old)) RENAME TO \(dialect.quoted(join.name))")
      try await renameIndexes(of: join.name, from: old + "_", to: join.name + "_")
    }
    if try await !exists(join.name) { try await run(dialect.createJoinTable(join)) }
    try await create(dialect.joinTargetIndex(join))
    try await foreignKey(join.name, join.target)
  }

  /// Makes the foreign key of `table`'s `reference` delete as its rule says: SET NULL,
  /// CASCADE, RESTRICT, or no key at all for no action (the key may point at a row that is
  /// gone). A key with another rule is replaced; one added to a table with rows checks new
  /// rows only (`NOT VALID`), so that start-up never scans a long table.
  func foreignKey(_ table: String, _ reference: SchemaPlan.Reference) async throws {
    let name = table + "_" + reference.column + "_fkey"
    let quotedTable = dialect.quoted(table)
    let (expected, action): (String?, String) =
      switch reference.deleteRule {
      case .nullify: ("n", "SET NULL")
      case .cascade: ("c", "CASCADE")
      case .deny: ("r", "RESTRICT")
      case .noAction: (nil, "")
      }
    var check = PostgresStatement("SELECT confdeltype::text FROM pg_constraint WHERE conname = ")
    check.bind(name)
    check.append(" AND conrelid = to_regclass(")
    check.bind(quotedTable)
    check.append(")")
    var current: String?
    for try await type in try await connection.query(check.query, logger: logger)
      .decode(String.self)
    {
      current = type
    }
    guard current != expected else { return }
    if current != nil {
      try await run("ALTER TABLE \(quotedTable) DROP CONSTRAINT \(dialect.quoted(name))")
    }
    guard expected != nil else { return }
    try await run(
      "ALTER TABLE \(quotedTable) ADD CONSTRAINT \(dialect.quoted(name)) FOREIGN KEY "
        + "(\(dialect.quoted(reference.column))) REFERENCES \(dialect.quoted(reference.table)) "
        + "(\(dialect.quoted(reference.key))) ON DELETE \(action) NOT VALID")
  }

  /// Renames the indexes and foreign keys of `table` whose names start with `prefix` (those
  /// named after a table or column that has been renamed) to start with `replacement`, so
  /// that the plan finds them instead of making them again.
  private func renameIndexes(of table: String, from prefix: String, to replacement: String)
    async throws
  {
    var statement = PostgresStatement(
      "SELECT c.relname::text FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
        + "WHERE i.indrelid = to_regclass(")
    statement.bind(dialect.quoted(table))
    statement.append(") UNION ALL SELECT conname::text FROM pg_constraint WHERE contype = 'f' ")
    statement.append("AND conrelid = to_regclass(")
    statement.bind(dialect.quoted(table))
    statement.append(")")
    var names: [String] = []
    for try await name in try await connection.query(statement.query, logger: logger)
      .decode(String.self) where name.hasPrefix(prefix)
    {
      names.append(name)
    }
    for name in names {
      let renamed = replacement + name.dropFirst(prefix.count)
      guard try await !exists(renamed) else { continue }
      if try await exists(name) {
        try await run("ALTER INDEX \(dialect.quoted(name)) RENAME TO \(dialect.quoted(renamed))")
      } else {
        try await run(
          "ALTER TABLE \(dialect.quoted(table)) RENAME CONSTRAINT \(dialect.quoted(name)) TO "
            + dialect.quoted(renamed))
      }
    }
  }

  /// Runs an index's statement when no index has its name.
  private func create(_ index: (name: String, sql: String)) async throws {
    guard try await !exists(index.name) else { return }
    try await run(index.sql)
  }

  /// The columns `table` has in the current schema; none when it does not exist.
  private func columns(of table: String) async throws -> Set<String> {
    var statement = PostgresStatement(
      "SELECT column_name::text FROM information_schema.columns "
        + "WHERE table_schema = current_schema() AND table_name = ")
    statement.bind(table)
    var names = Set<String>()
    for try await name in try await connection.query(statement.query, logger: logger)
      .decode(String.self)
    {
      names.insert(name)
    }
    return names
  }

  /// Whether a table or an index called `name` exists (on the search path).
  private func exists(_ name: String) async throws -> Bool {
    var statement = PostgresStatement("SELECT to_regclass(")
    statement.bind(dialect.quoted(name))
    statement.append(") IS NOT NULL")
    for try await found in try await connection.query(statement.query, logger: logger)
      .decode(Bool.self)
    {
      return found
    }
    return false
  }

  /// Runs one statement that binds nothing.
  private func run(_ sql: String) async throws {
    try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
  }
}
