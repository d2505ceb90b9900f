import Foundation
import GRDB
import Trellis

extension SQLiteStore {
  /// A store over a table already in the SQLite file at `path`, its entity read from the
  /// table's columns (``SQLiteEntity/existing(table:in:keys:)``), watching for changes
  /// other connections make. Nothing in the file changes but the rows edited, and GRDB's
  /// record of the migrations checked (`grdb_migrations`).
  ///
  /// - Parameters:
  ///   - keys: a names string picking and grouping the columns shown; every column when `nil`.
  ///   - name: the items' name in titles ("New Task"); the table's, capitalised, when `nil`.
  package static func existingTable(
    _ table: String, path: String, keys: String?, name: String?,
    watchInterval: Duration? = .milliseconds(500)
  ) throws(SQLiteEntity.ExistingTableError) -> SQLiteStore {
    let queue: DatabaseQueue
    do {
      queue = try DatabaseQueue(path: path, configuration: configuration())
      try queue.read { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
    } catch {
      throw .notADatabase("\(error)")
    }
    var entity = try SQLiteEntity.existing(table: table, in: queue, keys: keys)
    if let name { entity.definition.name = name }
    let store: SQLiteStore
    do { store = try SQLiteStore(database: queue, entity: entity) } catch {
      throw .unsupported(error.description)
    }
    if let watchInterval { store.startWatching(every: watchInterval) }
    return store
  }
}
