import GRDB
import Trellis

/// Creates and migrates an entity's tables with GRDB's `DatabaseMigrator`.
///
/// Each table has a creation migration, and each column an "add if missing" migration, so that
/// a column added to a class later is added to existing files. A rename is declared on the
/// entity and carried out keeping the values; a column the class no longer has is dropped only
/// when the entity allows it, and otherwise stops the store. GRDB records every migration
/// applied in `grdb_migrations`; Trellis's names start with `trellis:`.
enum SQLiteSchema {
  /// The migrator for `entity` and every entity it relates to.
  static func migrator(for entity: SQLiteEntity) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    for (entity, parent) in entity.graph {
      let table = entity.table
      registerRenames(of: entity, in: &migrator)
      migrator.registerMigration("trellis: create \(table)") { db in
        guard try !db.tableExists(table) else { return }
        try db.execute(sql: createTable(entity, parent: parent))
      }
      for columns in entity.indexes where !columns.isEmpty {
        let name = "\(table)_" + columns.joined(separator: "_")
        let list = columns.map { column in
          column.quoted + (entity.column(column)?.kind == .text ? " COLLATE NOCASE" : "")
        }.joined(separator: ", ")
        migrator.registerMigration("trellis: index \(table)(\(columns.joined(separator: ",")))") {
          db in
          try db.execute(
            sql: "CREATE INDEX IF NOT EXISTS \(name.quoted) ON \(table.quoted)(\(list))")
        }
      }
      var extra: [SQLiteColumn] = []
      if let parent { extra.append(.integer(parent.foreignKey, nullable: true, indexed: true)) }
      if let position = entity.positionColumn { extra.append(.integer(position, indexed: true)) }
      // A to-one's key; the store keeps the delete rules itself, so no REFERENCES clause.
      for relationship in entity.toOneRelationships {
        extra.append(.integer(relationship.foreignKey, nullable: true, indexed: true))
      }
      for column in entity.columns + extra {
        migrator.registerMigration("trellis: add \(table).\(column.name)") { db in
          let existing = try db.columns(in: table).map(\.name)
          guard !existing.contains(column.name) else { return }
          try db.execute(sql: "ALTER TABLE \(table.quoted) ADD COLUMN \(declaration(column))")
        }
        if column.isUnique {
          migrator.registerMigration("trellis: unique \(table).\(column.name)") { db in
            try db.execute(
              sql: """
                CREATE UNIQUE INDEX IF NOT EXISTS \("\(table)_\(column.name)_unique".quoted) \
                ON \(table.quoted)(\(column.name.quoted))
                """)
          }
        }
        if column.isIndexed {
          migrator.registerMigration("trellis: index \(table).\(column.name)") { db in
            try db.execute(
              sql: """
                CREATE INDEX IF NOT EXISTS \("\(table)_\(column.name)".quoted) \
                ON \(table.quoted)(\(column.name.quoted)\(column.kind == .text ? " COLLATE NOCASE" : ""))
                """)
          }
        }
      }
    }
    for (entity, _) in entity.graph {
      for relationship in entity.manyToManyRelationships {
        let join = relationship.joinTableName(of: entity)
        migrator.registerMigration("trellis: create join \(join)") { db in
          try db.execute(
            sql: """
              CREATE TABLE IF NOT EXISTS \(join.quoted) (
                sourceId INTEGER NOT NULL, targetId INTEGER NOT NULL,
                PRIMARY KEY (sourceId, targetId));
              CREATE INDEX IF NOT EXISTS \("\(join)_target".quoted) ON \(join.quoted)(targetId);
              """)
        }
      }
    }
    // Data migrations last, when every table has every declared column.
    for (entity, _) in entity.graph { registerDataMigrations(of: entity, in: &migrator) }
    return migrator
  }

  static func declaration(_ column: SQLiteColumn) -> String {
    var text = "\(column.name.quoted) \(column.kind.sqlType)"
    let initial = column.defaultValue.map(SQLiteValues.literal)
    if column.isNullable {
      text += " DEFAULT \(initial ?? "NULL")"
    } else {
      text += " NOT NULL DEFAULT \(initial ?? SQLiteValues.literal(column.kind.zero))"
    }
    return text
  }

  static func createTable(
    _ entity: SQLiteEntity, parent: (entity: SQLiteEntity, foreignKey: String)?
  ) -> String {
    var parts = ["\(entity.primaryKey.quoted) INTEGER PRIMARY KEY AUTOINCREMENT"]
    parts += entity.columns.map(declaration)
    if let parent {
      parts.append(
        "\(parent.foreignKey.quoted) INTEGER REFERENCES \(parent.entity.table.quoted)"
          + "(\(parent.entity.primaryKey.quoted)) ON DELETE CASCADE")
    }
    if let position = entity.positionColumn {
      parts.append("\(position.quoted) INTEGER NOT NULL DEFAULT 0")
    }
    return "CREATE TABLE \(entity.table.quoted) (\(parts.joined(separator: ", ")))"
  }
}
