import Foundation
import GRDB
import Synchronization
import Trellis
import TrellisSQL

/// Every table of an SQLite file made elsewhere, as stores whose relationships, checks and
/// read-only columns are read from its schema: one connection, one object per row across the
/// tables, and changes other programs make shown within the watch interval. Nothing in the
/// file is created or migrated; only the rows a person saves change.
///
/// An app opens a file with ``open(_:readOnly:)`` and lists a table with its store:
///
/// ```swift
/// let file = try SQLiteFileStores.open("shop.sqlite")
/// guard let products = file.store(for: "product") else { return }  // a table with a key
/// let model = TableModel(title: "Products")
/// model.addSection(ArrayOfObjectsSection(store: products, definition: products.itemsDefinition!))
/// ```
public final class SQLiteFileStores: Sendable {
  /// The file's schema, as read when it was opened.
  package let schema: InferredSchema
  /// The file's path.
  package let path: String
  private let root: SQLiteStore?
  private let stores: [String: SQLiteStore]
  private let queue: DatabaseQueue
  private let views = Mutex<[String: SQLiteViewStore]>([:])

  /// Opens the file at `path` and reads its schema.
  ///
  /// - Parameters:
  ///   - watchInterval: How often to look for other programs' changes; never when `nil`.
  ///   - readOnly: Whether the connection is opened read-only, so that nothing, whatever a
  ///     screen tries, can write the file.
  package init(
    path: String, watchInterval: Duration? = .milliseconds(250), readOnly: Bool = false
  ) throws(SQLiteSchemaReader.Failure) {
    guard FileManager.default.fileExists(atPath: path) else {
      throw .init(path: path, reason: "no such file")
    }
    let queue: DatabaseQueue
    let schema: InferredSchema
    do {
      var configuration = SQLiteStore.configuration()
      configuration.readonly = readOnly
      queue = try DatabaseQueue(path: path, configuration: configuration)
      schema = try queue.read { db in try SQLiteSchemaReader.read(db) }
    } catch {
      throw .init(path: path, reason: "cannot read it as an SQLite database: \(error)")
    }
    self.queue = queue
    self.schema = schema
    self.path = path
    let entities = SQLiteEntity.inferred(from: schema)
    guard let first = entities.first,
      let root = try? SQLiteStore(existing: queue, entities: entities, table: first.table)
    else {
      self.root = nil
      self.stores = [:]
      return
    }
    var stores: [String: SQLiteStore] = [:]
    // A table whose rows cannot be edited (a join table with more columns, a composite key)
    // is listed as a view's rows are (``viewStore(for:)``): by the rows its keys point at.
    for entity in entities where schema.table(entity.table)?.readOnlyReason == nil {
      stores[entity.table] = entity.table == first.table ? root : root.sibling(entity.table)
    }
    self.root = root
    self.stores = stores
    if let watchInterval { root.startWatching(every: watchInterval) }
  }

  /// The store of `table`'s rows, `nil` for a view or a table whose rows cannot be edited
  /// (``viewStore(for:)`` lists those): its form's controls, required fields, checks, object
  /// selections (foreign keys), many-to-many selections (join tables) and delete rules come
  /// from the schema.
  public func store(for table: String) -> SQLiteStore? { stores[table] }

  /// The tables that have a store (``store(for:)``), by name.
  public var tableNames: [String] { stores.keys.sorted() }

  /// The stores of the SQLite file at `path`, opened once per process and watched for other
  /// programs' changes every quarter of a second; a file that is missing or is no SQLite
  /// database is an error that says so.
  ///
  /// - Parameter readOnly: Whether the connection is read-only, so that nothing can write the
  ///   file (when this is the first to open it).
  public static func open(_ path: String, readOnly: Bool = false) throws(StoreError)
    -> SQLiteFileStores
  {
    do { return try shared(path: path, readOnly: readOnly) } catch {
      throw .failed(error.description)
    }
  }

  /// The rows of a view or of a table no store edits (without a key, read-only) as a store
  /// that reads them a page at a time, reported changed whenever the file changes, shown and
  /// never edited; one per table.
  package func viewStore(for table: String) throws(StoreError) -> SQLiteViewStore {
    if let found = views.withLock({ $0[table] }) { return found }
    guard let inferred = schema.table(table) else { throw .notFound("no table '\(table)'") }
    let names = InferredNames(schema)
    guard let definition = inferred.shownRowDefinition(names: names) else {
      throw .unsupported("the columns of \(table) cannot be shown")
    }
    let store = SQLiteViewStore(
      query: ViewRowsQuery(inferred, names: names, dialect: .sqlite), definition: definition,
      queue: queue)
    return views.withLock { views in
      if let found = views[table] { return found }
      views[table] = store
      return store
    }
  }

  /// Forgets the stores of the file at `path` and stops watching it (a temporary file about
  /// to be removed).
  package static func close(path: String) {
    let key = URL(fileURLWithPath: path).standardizedFileURL.path
    let closed = opened.withLock { $0.removeValue(forKey: key) }
    closed?.root?.stopWatching()
  }

  /// The stores opened so far, by absolute path: every section over a table of the same file
  /// shares one connection and one object per row.
  private static let opened = Mutex<[String: SQLiteFileStores]>([:])

  /// The stores of the file at `path`, opened once per process (read-only when the first to
  /// open it asks).
  package static func shared(path: String, readOnly: Bool = false)
    throws(SQLiteSchemaReader.Failure) -> SQLiteFileStores
  {
    let key = URL(fileURLWithPath: path).standardizedFileURL.path
    if let found = opened.withLock({ $0[key] }) { return found }
    let stores = try SQLiteFileStores(path: key, readOnly: readOnly)
    return opened.withLock { opened in
      if let found = opened[key] { return found }
      opened[key] = stores
      return stores
    }
  }
}
