extension InferredTable {
  /// The tables migration tools keep about the schema, by name, each with what it holds.
  private static let bookkeepingTables: [String: (tool: String, holds: String)] = [
    "schema_migrations": ("Rails", "record of the migrations it ran"),
    "ar_internal_metadata": ("Rails", "record of the environment that made the schema"),
    "django_migrations": ("Django", "record of the migrations it ran"),
    "__EFMigrationsHistory": ("Entity Framework", "record of the migrations it ran"),
    "knex_migrations": ("Knex", "record of the migrations it ran"),
    "knex_migrations_lock": ("Knex", "lock on its migrations"),
    "goose_db_version": ("goose", "record of the migrations it ran"),
    "flyway_schema_history": ("Flyway", "record of the migrations it ran"),
    "grdb_migrations": ("GRDB", "record of the migrations it ran"),
    "_prisma_migrations": ("Prisma", "record of the migrations it ran"),
    "alembic_version": ("Alembic", "record of the schema's version"),
    "SequelizeMeta": ("Sequelize", "record of the migrations it ran"),
    "doctrine_migration_versions": ("Doctrine", "record of the migrations it ran"),
    "migrations": ("Laravel", "record of the migrations it ran"),
  ]

  /// Why a table that a migration tool keeps is shown but never edited: a row changed by hand
  /// makes the app's next migration fail or run twice. `nil` for any other table.
  package var bookkeepingReason: String? {
    guard kind == .table, let table = Self.bookkeepingTables[name] else { return nil }
    // Laravel's table has a plain name: it is Laravel's only when it looks like it.
    if name == "migrations", column("migration") == nil || column("batch") == nil { return nil }
    return "\(table.tool)'s \(table.holds), which only \(table.tool) changes"
  }
}
