import GRDB
import Trellis
import TrellisSQL

/// Creates and migrates an entity's tables with GRDB's `DatabaseMigrator`, carrying out the
/// ``SchemaPlan`` the SQL stores share.
///
/// Each table has a creation migration, and each column an "add if missing" migration, so that
/// a column added to a class later is added to existing files. A rename is declared on the
/// entity and carried out keeping the values; a column the class no longer has is dropped only
/// when the entity allows it, and otherwise stops the store. GRDB records every migration
/// applied in `grdb_migrations`; Trellis's names start with `trellis:`.
enum SQLiteSchema {
  /// The migrator for `entity` and every entity it relates to: the ``SchemaPlan`` of its
  /// graph, each step a migration recorded under the name it has always had.
  static func migrator(for entity: SQLiteEntity) -> DatabaseMigrator {
    let plan = SchemaPlan(entity.graph)
    let dialect = plan.dialect
    var migrator = DatabaseMigrator()
    for table in plan.tables {
      let name = table.name
      registerRenames(of: table, in: &migrator)
      migrator.registerMigration("trellis: create \(name)") { db in
        guard try !db.tableExists(name) else { return }
        try db.execute(sql: dialect.createTable(table))
      }
      for columns in table.indexes {
        let sql = dialect.index(over: columns, in: table).sql
        migrator.registerMigration("trellis: index \(name)(\(columns.joined(separator: ",")))") {
          db in try db.execute(sql: sql)
        }
      }
      for column in table.storedColumns(dialect) {
        let add = dialect.addColumn(column, to: name)
        migrator.registerMigration("trellis: add \(name).\(column.name)") { db in
          guard try !db.columns(in: name).contains(where: { $0.name == column.name }) else {
            return
          }
          try db.execute(sql: add)
        }
        if column.isUnique {
          let sql = dialect.uniqueIndex(of: column, in: table).sql
          migrator.registerMigration("trellis: unique \(name).\(column.name)") { db in
            try db.execute(sql: sql)
          }
        }
        if column.isIndexed {
          let sql = dialect.index(of: column, in: table).sql
          migrator.registerMigration("trellis: index \(name).\(column.name)") { db in
            try db.execute(sql: sql)
          }
        }
      }
    }
    for join in plan.joinTables {
      // The pairs of a table renamed keep to it under the join table's new default name.
      let index = dialect.joinTargetIndex(join)
      if let old = join.renamedFrom {
        registerRename(
          ofTable: old, to: join.name, indexes: join.indexesBeforeRenames(dialect), in: &migrator)
      }
      let sql = dialect.createJoinTable(join) + "; " + index.sql
      migrator.registerMigration("trellis: create join \(join.name)") { db in
        try db.execute(sql: sql)
      }
    }
    // Data migrations last, when every table has every declared column.
    for (entity, _) in entity.graph { registerDataMigrations(of: entity, in: &migrator) }
    return migrator
  }
}
