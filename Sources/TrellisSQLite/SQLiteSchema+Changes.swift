import GRDB
import Trellis
import TrellisSQL

extension SQLiteSchema {
  /// Registers the declared renames of `table` and its columns, before anything that would
  /// create or add them under their new names. The indexes named after the old names take
  /// the new ones, so that the plan does not make a second index over the same columns.
  static func registerRenames(of table: SchemaPlan.Table, in migrator: inout DatabaseMigrator) {
    let name = table.name
    let indexes = table.indexesBeforeRenames(.sqlite, formerName: table.renamedFrom)
    if let old = table.renamedFrom {
      registerRename(ofTable: old, to: name, indexes: indexes, in: &migrator)
    }
    for (old, new) in table.renamedColumns {
      migrator.registerMigration("trellis: rename \(name).\(old) to \(new)") { db in
        guard try db.tableExists(name) else { return }
        let existing = try db.columns(in: name).map(\.name)
        guard existing.contains(old), !existing.contains(new) else { return }
        try db.execute(
          sql: "ALTER TABLE \(name.quoted) RENAME COLUMN \(old.quoted) TO \(new.quoted)")
        try replaceIndexes(indexes, of: name, db: db)
      }
    }
  }

  /// Registers renaming the table `old` to `name`, when the file has the one and not the
  /// other, with its `indexes` (see ``replaceIndexes(_:of:db:)``).
  static func registerRename(
    ofTable old: String, to name: String, indexes: [(old: String, new: SchemaPlan.Table.Index)],
    in migrator: inout DatabaseMigrator
  ) {
    migrator.registerMigration("trellis: rename table \(old) to \(name)") { db in
      guard try db.tableExists(old), try !db.tableExists(name) else { return }
      try db.execute(sql: "ALTER TABLE \(old.quoted) RENAME TO \(name.quoted)")
      try replaceIndexes(indexes, of: name, db: db)
    }
  }

  /// Makes each index in `indexes` that `table` has under an old name again under its new
  /// one (SQLite cannot rename an index), once the table has every column it covers: a
  /// column renamed later in the same opening replaces it then.
  private static func replaceIndexes(
    _ indexes: [(old: String, new: SchemaPlan.Table.Index)], of table: String, db: Database
  ) throws {
    let columns = Set(try db.columns(in: table).map(\.name))
    for (old, index) in indexes where index.columns.allSatisfy(columns.contains) {
      let found = try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?)",
        arguments: [old])
      guard found == true else { continue }
      try db.execute(sql: "DROP INDEX \(old.quoted)")
      try db.execute(sql: index.sql)
    }
  }

  /// The columns of `entity`'s table in the file that the entity no longer has: what opening
  /// would lose. Renamed columns, keys, positions and relationship keys are not among them.
  static func droppedColumns(of entity: SQLiteEntity, parent: String?, db: Database) throws
    -> [String]
  {
    let table =
      try db.tableExists(entity.table) ? entity.table : (entity.renamedFrom ?? entity.table)
    guard try db.tableExists(table) else { return [] }
    var kept = Set(entity.columns.map(\.name) + [entity.primaryKey])
    kept.formUnion(entity.renamedColumns.keys)
    kept.formUnion(entity.renamedColumns.values)
    kept.formUnion(entity.toOneRelationships.map(\.foreignKey))
    if let position = entity.positionColumn { kept.insert(position) }
    if let parent { kept.insert(parent) }
    // A data migration drops the columns it replaces itself.
    kept.formUnion(entity.migrations.flatMap(\.dropping))
    return try db.columns(in: table).map(\.name).filter { !kept.contains($0) }
  }

  /// The columns to drop, table by table, when every entity that lost columns allows it;
  /// otherwise a refusal naming them all.
  static func plannedDrops(of root: SQLiteEntity, db: Database) throws -> [(String, String)] {
    var refused: [String] = []
    var planned: [(String, String)] = []
    for (entity, parent) in root.graph {
      let dropped = try droppedColumns(of: entity, parent: parent?.foreignKey, db: db)
      if entity.allowsDroppingColumns {
        planned += dropped.map { (entity.table, $0) }
      } else {
        refused += dropped.map { "\(entity.table).\($0)" }
      }
    }
    guard refused.isEmpty else {
      throw StoreError.failed(
        "the file has columns the classes no longer have: \(refused.joined(separator: ", ")); "
          + "dropping them would lose their values. Declare a rename (renamedColumns) or set "
          + "allowsDroppingColumns on the entity")
    }
    return planned
  }

  /// Registers the entity's data migrations, each dropping the old columns it replaces.
  static func registerDataMigrations(of entity: SQLiteEntity, in migrator: inout DatabaseMigrator) {
    let table = entity.table
    for migration in entity.migrations {
      migrator.registerMigration("trellis: \(table): \(migration.name)") { db in
        let existing = try db.columns(in: table).map(\.name)
        // One that replaces old columns has nothing to do in a file without them.
        if !migration.dropping.isEmpty && !migration.dropping.contains(where: existing.contains) {
          return
        }
        try migration.body(db)
        for column in migration.dropping where existing.contains(column) {
          try dropIndexes(on: column, of: table, db: db)
          try db.execute(sql: "ALTER TABLE \(table.quoted) DROP COLUMN \(column.quoted)")
        }
      }
    }
  }

  /// Registers dropping `column` of `table`, with the indexes on it, as a migration.
  static func registerDrop(
    of column: String, from table: String, in migrator: inout DatabaseMigrator
  ) {
    migrator.registerMigration("trellis: drop \(table).\(column)") { db in
      guard try db.columns(in: table).contains(where: { $0.name == column }) else { return }
      try dropIndexes(on: column, of: table, db: db)
      try db.execute(sql: "ALTER TABLE \(table.quoted) DROP COLUMN \(column.quoted)")
    }
  }

  /// Drops the indexes that cover `column`, which SQLite requires before dropping it.
  private static func dropIndexes(on column: String, of table: String, db: Database) throws {
    for index in try db.indexes(on: table) where index.columns.contains(column) {
      try db.execute(sql: "DROP INDEX IF EXISTS \(index.name.quoted)")
    }
  }
}
