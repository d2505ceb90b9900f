import GRDB

/// A data migration of an entity's table: SQL of your own, run once, after the columns the
/// entity declares exist, then dropping the old columns it replaces. One that replaces columns
/// runs only on files that have them (a new file is simply recorded as migrated).
///
/// ```swift
/// // Text categories become rows of the category table, pointed at by the tasks.
/// entity.migrations = [
///   SQLiteMigration("categories become rows", dropping: ["category"]) { db in
///     try db.execute(sql: "INSERT INTO category (name) SELECT DISTINCT category FROM task")
///     try db.execute(sql: "UPDATE task SET categoryId = (SELECT id FROM category ...)")
///   }
/// ]
/// ```
public struct SQLiteMigration: Sendable {
  /// The migration's name, recorded in the file once it has run.
  public var name: String
  /// Old columns of the entity's table that the migration replaces, dropped after it runs.
  public var dropping: [String]
  /// The work, inside the migration's transaction.
  public var body: @Sendable (Database) throws -> Void

  /// Creates a migration.
  public init(
    _ name: String, dropping: [String] = [], body: @escaping @Sendable (Database) throws -> Void
  ) {
    self.name = name
    self.dropping = dropping
    self.body = body
  }
}
