import Foundation
import Logging
import PostgresNIO
import Trellis

/// The schema: tables created when missing, columns and keys added when lacking, and the
/// foreign keys of relationships kept to their delete rules.
extension PostgresStore {
  /// Creates the tables of the store's graph (each entity's, its children's, the join
  /// tables), adds the columns and keys they lack and installs the triggers that announce
  /// changes, once per graph; concurrent stores take turns through an advisory lock on each
  /// table's name, taken in one order.
  func prepareSchema(_ connection: PostgresConnection) async throws {
    if graph.schemaReady.withLock({ $0 }) { return }
    let entities = graph.entities
    try await connection.withTransaction(logger: logger) { connection in
      for table in entities.map(\.table).sorted() {
        var lock = PostgresStatement("SELECT pg_advisory_xact_lock(hashtext(")
        lock.bind(table)
        lock.append("))")
        try await connection.query(lock.query, logger: logger)
      }
      // Another store of the graph (a related store starting to listen) may have prepared
      // it while this one waited: its statements would wait for the writes begun since,
      // which wait for them (a deadlock).
      if graph.schemaReady.withLock({ $0 }) { return }
      for entity in entities {
        try await Self.createTable(of: entity, parent: nil, on: connection, logger: logger)
      }
      // Every table exists now: the keys between them can point both ways.
      for entity in entities {
        try await Self.createReferences(of: entity, on: connection, logger: logger)
      }
      for entity in entities {
        try await PostgresTriggers.install(for: entity, on: connection, logger: logger)
        try await Self.installVersionTrigger(for: entity, on: connection, logger: logger)
      }
    }
    graph.schemaReady.withLock { $0 = true }
  }

  /// Creates `entity`'s table when it is missing and adds the columns it lacks, then its
  /// children's tables; a child table's foreign key (`parent`: the column and the parent)
  /// references its parent's key and deletes the child with it.
  private static func createTable(
    of entity: PostgresEntity, parent: (String, PostgresEntity)?,
    on connection: PostgresConnection, logger: Logger
  ) async throws {
    let table = try PostgresIdentifier.quoted(entity.table)
    var definitions = ["\(try PostgresIdentifier.quoted(entity.primaryKey)) bigserial PRIMARY KEY"]
    var added: [(name: String, definition: String)] = []
    if let (foreignKey, parent) = parent {
      definitions.append(
        "\(try PostgresIdentifier.quoted(foreignKey)) bigint NOT NULL REFERENCES "
          + "\(try PostgresIdentifier.quoted(parent.table)) "
          + "(\(try PostgresIdentifier.quoted(parent.primaryKey))) ON DELETE CASCADE")
    }
    if let position = entity.positionColumn {
      let column = "\(try PostgresIdentifier.quoted(position)) bigint NOT NULL DEFAULT 0"
      definitions.append(column)
      added.append((position, column))
    }
    if parent == nil {
      let column = "\(versionColumn) bigint NOT NULL DEFAULT 1"
      definitions.append(column)
      added.append((versionColumn, column))
    }
    for column in entity.columns {
      var text = "\(try PostgresIdentifier.quoted(column.name)) \(column.kind.sqlType)"
      if !column.isNullable { text += " NOT NULL" }
      if column.isUnique { text += " UNIQUE" }
      definitions.append(text)
      // A column added to a table with rows needs a value for them.
      added.append(
        (column.name, column.isNullable ? text : text + " DEFAULT \(zeroLiteral(column.kind))"))
    }
    // Only what is missing: a statement on a table that has it still locks the table, and
    // waits for (and is waited for by) the writes of servers already running.
    let existing = try await columns(of: entity.table, connection, logger)
    if existing.isEmpty {
      try await run(
        "CREATE TABLE IF NOT EXISTS \(table) (\(definitions.joined(separator: ", ")))",
        connection, logger)
    } else {
      for column in added where !existing.contains(column.name) {
        try await run(
          "ALTER TABLE \(table) ADD COLUMN IF NOT EXISTS \(column.definition)", connection, logger)
      }
    }
    if parent == nil, let position = entity.positionColumn {
      // A page of an ordered table is read in its order: the index gives the first rows
      // without sorting the table.
      let name = entity.table + "_" + position + "_idx"
      if try await !exists(name, connection, logger) {
        try await run(
          "CREATE INDEX IF NOT EXISTS \(try PostgresIdentifier.quoted(name)) ON \(table) "
            + "(\(try PostgresIdentifier.quoted(position)), "
            + "\(try PostgresIdentifier.quoted(entity.primaryKey)))", connection, logger)
      }
    }
    if let (foreignKey, _) = parent {
      // A page of parents reads its children by their key.
      let name = entity.table + "_" + foreignKey + "_idx"
      if try await !exists(name, connection, logger) {
        try await run(
          "CREATE INDEX IF NOT EXISTS \(try PostgresIdentifier.quoted(name)) ON \(table) "
            + "(\(try PostgresIdentifier.quoted(foreignKey)))", connection, logger)
      }
    }
    for relationship in entity.toManyRelationships {
      try await createTable(
        of: relationship.entity, parent: (relationship.foreignKey, entity), on: connection,
        logger: logger)
    }
  }

  /// Adds the key columns of `entity`'s to-one relationships and the join tables of its
  /// many-to-many ones, with foreign keys that follow their delete rules.
  private static func createReferences(
    of entity: PostgresEntity, on connection: PostgresConnection, logger: Logger
  ) async throws {
    let table = try PostgresIdentifier.quoted(entity.table)
    let key = try PostgresIdentifier.quoted(entity.primaryKey)
    for relationship in entity.toOneRelationships {
      let column = try PostgresIdentifier.quoted(relationship.foreignKey)
      try await run(
        "ALTER TABLE \(table) ADD COLUMN IF NOT EXISTS \(column) bigint", connection, logger)
      let index = try PostgresIdentifier.quoted(
        entity.table + "_" + relationship.foreignKey + "_idx")
      try await run(
        "CREATE INDEX IF NOT EXISTS \(index) ON \(table) (\(column))", connection, logger)
      try await foreignKey(
        table: entity.table, column: relationship.foreignKey, to: relationship.entity,
        onDelete: relationship.deleteRule, connection, logger)
    }
    for relationship in entity.manyToManyRelationships {
      let name = relationship.joinTableName(of: entity)
      let join = try PostgresIdentifier.quoted(name)
      if try await !exists(name, connection, logger) {
        try await run(
          "CREATE TABLE IF NOT EXISTS \(join) (source_id bigint NOT NULL REFERENCES \(table) "
            + "(\(key)) ON DELETE CASCADE, target_id bigint NOT NULL, "
            + "position bigint NOT NULL DEFAULT 0, PRIMARY KEY (source_id, target_id))",
          connection, logger)
      }
      let index = name + "_target_idx"
      if try await !exists(index, connection, logger) {
        try await run(
          "CREATE INDEX IF NOT EXISTS \(try PostgresIdentifier.quoted(index)) ON \(join) "
            + "(target_id)", connection, logger)
      }
      // A pair goes with its target, unless the rule refuses (deny) or leaves it (no action);
      // a cascade deletes the holders first, by their own rules.
      let rule: RelationshipDeleteRule =
        relationship.deleteRule == .nullify ? .cascade : relationship.deleteRule
      try await foreignKey(
        table: name, column: "target_id", to: relationship.entity, onDelete: rule, connection,
        logger)
    }
  }

  /// Makes the foreign key of `table.column` to `target` delete as `rule` says: SET NULL,
  /// CASCADE, RESTRICT, or no key at all for no action (the key may point at a row that is
  /// gone). A key with another rule is replaced; one added to a table with rows checks new
  /// rows only (`NOT VALID`), so that start-up never scans a long table.
  private static func foreignKey(
    table: String, column: String, to target: PostgresEntity, onDelete rule: RelationshipDeleteRule,
    _ connection: PostgresConnection, _ logger: Logger
  ) async throws {
    let name = table + "_" + column + "_fkey"
    let quotedTable = try PostgresIdentifier.quoted(table)
    let constraint = try PostgresIdentifier.quoted(name)
    let (expected, action): (String?, String) =
      switch rule {
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
      try await run(
        "ALTER TABLE \(quotedTable) DROP CONSTRAINT \(constraint)", connection, logger)
    }
    guard expected != nil else { return }
    try await run(
      "ALTER TABLE \(quotedTable) ADD CONSTRAINT \(constraint) FOREIGN KEY "
        + "(\(try PostgresIdentifier.quoted(column))) REFERENCES "
        + "\(try PostgresIdentifier.quoted(target.table)) "
        + "(\(try PostgresIdentifier.quoted(target.primaryKey))) ON DELETE \(action) NOT VALID",
      connection, logger)
  }

  /// The columns `table` has in the current schema; none when it does not exist.
  private static func columns(
    of table: String, _ connection: PostgresConnection, _ logger: Logger
  ) async throws -> Set<String> {
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
  static func exists(_ name: String, _ connection: PostgresConnection, _ logger: Logger)
    async throws -> Bool
  {
    var statement = PostgresStatement("SELECT to_regclass(")
    statement.bind(try PostgresIdentifier.quoted(name))
    statement.append(") IS NOT NULL")
    for try await found in try await connection.query(statement.query, logger: logger)
      .decode(Bool.self)
    {
      return found
    }
    return false
  }

  /// Runs one statement that binds nothing.
  private static func run(_ sql: String, _ connection: PostgresConnection, _ logger: Logger)
    async throws
  {
    try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
  }
}
