import Foundation
import GRDB
import Trellis

/// The embedded relational store: the items of an ``SQLiteEntity`` in an SQLite file (or in
/// memory), on GRDB.
///
/// Rows are listed as faults (``ObjectFault``): titles, details, conditions, groups and
/// searches read the fetched values, and the entity's definition makes a row's object only
/// when something asks for it (a detail screen opening the row, an edit, code reading
/// `ObjectReference.object`). The same row always gives the same fault, and its object, while
/// the store lives, so sections diff by identity. Filters made from predicates or
/// searches and sort keys run in SQL; batches use LIMIT and OFFSET, and counts use COUNT, so a
/// section over a million rows loads one batch. Each write (a detail screen's commit of a task
/// with its steps, say) is one transaction. Changes made through the store are reported at
/// once, by identity; changes made around the store (raw SQL on its connection) and by another
/// process (found by ``checkForExternalChanges()``, which ``startWatching(every:)`` runs
/// periodically) are reported as ``StoreChange/reset``. All of them take one path: a GRDB
/// transaction observer (``SQLiteChanges``).
///
/// ```swift
/// let store = try SQLiteStore(path: "tasks.sqlite", entity: TasksApp.taskEntity())
/// let screen = TasksApp.listScreen(store: store, definition: store.entity.definition)
/// ```
public final class SQLiteStore: RelationalStore, Sendable {
  /// What the store holds.
  public let entity: SQLiteEntity
  /// The GRDB connection, for queries of your own. Writes made here without the store are
  /// reported to observers as ``StoreChange/reset``; prefer the store's methods, which
  /// report precise changes.
  public let database: DatabaseQueue

  /// What the store keeps between calls, from any thread.
  struct State {
    /// Each row's identity by table and primary key: its ``ObjectFault`` for a row read from
    /// the database, its object for a row the app inserted. One per row.
    var objects: [String: [Int64: AnyObject]] = [:]
    /// The primary key of every identity in ``objects``.
    var keys: [ObjectIdentifier: Int64] = [:]
    /// How the faults of each table are laid out, made once per table.
    var layouts: [String: ObjectFaultLayout] = [:]
    var dataVersion: Int?
    var watcher: _Concurrency.Task<Void, Never>?
    /// Objects whose children some to-many relationships have not read yet, by name.
    var unreadChildren: [ObjectIdentifier: Set<String>] = [:]
    /// Why a row the app's own object stands for holds a value the object cannot hold, by
    /// the object; a fault says so itself (``ObjectFault/problem``).
    var problems: [ObjectIdentifier: String] = [:]
    /// How many identities make the next sweep (``sweep()``).
    var sweepAt = State.fewestSwept
    /// The sweep asked for by a list letting go, until it runs.
    var pendingSweep: _Concurrency.Task<Void, Never>?
    /// Objects the app made whose rows were deleted, so that a relationship still holding one
    /// does not make its row again (a fault says so itself: its key is gone).
    var gone = GoneObjects()
  }

  /// What every store over the same database shares: the objects, and observers by table.
  let shared: SQLiteShared
  /// Whether this store opened the database (and watches it), rather than being a related
  /// store made by ``store(for:)``.
  private let isRoot: Bool
  var state: UncheckedLocked<State> { shared.state }

  /// Opens (creating or migrating) the SQLite file at `path`.
  ///
  /// - Parameter watchInterval: How often to look for changes made by other connections or
  ///   processes; never when `nil`.
  public convenience init(
    path: String, entity: SQLiteEntity, watchInterval: Duration? = .milliseconds(500)
  ) throws(StoreError) {
    let queue: DatabaseQueue
    do {
      queue = try DatabaseQueue(path: path, configuration: Self.configuration())
    } catch {
      throw .failed("\(path): cannot open the database: \(error)")
    }
    try self.init(database: queue, entity: entity)
    if let watchInterval { startWatching(every: watchInterval) }
  }

  /// A store in memory, for tests and scratch data.
  public static func inMemory(entity: SQLiteEntity) throws(StoreError) -> SQLiteStore {
    let queue: DatabaseQueue
    do { queue = try DatabaseQueue(configuration: configuration()) } catch {
      throw .failed("cannot open an in-memory database: \(error)")
    }
    return try SQLiteStore(database: queue, entity: entity)
  }

  /// A store over an open connection, which should use ``configuration()``; creates and
  /// migrates the entity's tables.
  public init(database: DatabaseQueue, entity: SQLiteEntity) throws(StoreError) {
    self.entity = entity
    self.database = database
    self.shared = SQLiteShared(root: entity)
    self.isRoot = true
    let mismatches = entity.mismatches()
    guard mismatches.isEmpty else {
      throw .failed(
        "the tables disagree with their classes:\n" + DiagnosticList(mismatches).description)
    }
    do {
      // Columns the classes lost are dropped only where allowed; otherwise nothing changes.
      let drops = try database.read { db in try SQLiteSchema.plannedDrops(of: entity, db: db) }
      var migrator = SQLiteSchema.migrator(for: entity)
      for (table, column) in drops {
        SQLiteSchema.registerDrop(of: column, from: table, in: &migrator)
      }
      try migrator.migrate(database)
    } catch let error as StoreError {
      throw error
    } catch {
      throw .failed("cannot create or migrate the table '\(entity.table)': \(error)")
    }
    let version = currentDataVersion()
    state.withLock { $0.dataVersion = version }
    // Held by the shared state as long as any store of the database lives.
    database.add(transactionObserver: shared.changes, extent: .observerLifetime)
  }

  /// A store over tables already in `database`, as they are: nothing is created or migrated.
  /// `entities` are every table's entity, with the relationships read from the schema; the
  /// store lists the one named `table`. Its siblings come from ``sibling(_:)``.
  package init(existing database: DatabaseQueue, entities: [SQLiteEntity], table: String)
    throws(StoreError)
  {
    guard let entity = entities.first(where: { $0.table == table }) else {
      throw .notFound("no table '\(table)'")
    }
    self.entity = entity
    self.database = database
    self.shared = SQLiteShared(entities: entities)
    self.isRoot = true
    let version = currentDataVersion()
    state.withLock { $0.dataVersion = version }
    database.add(transactionObserver: shared.changes, extent: .observerLifetime)
  }

  /// The store of another table of the same database, sharing this one's objects, observers
  /// and connection.
  package func sibling(_ table: String) -> SQLiteStore? {
    shared.indexed.entity(table).map { SQLiteStore(related: $0, of: self) }
  }

  /// A store of another entity of the same database, sharing its objects and observers.
  init(related entity: SQLiteEntity, of store: SQLiteStore) {
    self.entity = entity
    self.database = store.database
    self.shared = store.shared
    self.isRoot = false
  }

  /// The store of the objects a to-one relationship points at (a task's categories), over the
  /// same database: the same row is the same object in both, and a change made through one is
  /// reported to the other's observers when it touches them (a category deleted with its
  /// tasks, say).
  public func store(for relationship: String) throws(StoreError) -> SQLiteStore {
    // This entity's own relationships first, then any other entity's of the database.
    for entity in [entity] + shared.entities {
      if let found = entity.relationships.first(where: { $0.name == relationship }) {
        return SQLiteStore(related: found.entity, of: self)
      }
    }
    let names = shared.entities.flatMap { $0.relationships.map(\.name) }
    var message = "no relationship '\(relationship)' in '\(entity.table)'"
    if let close = NameSuggestion.closest(to: relationship, among: names) {
      message += "; did you mean '\(close)'?"
    }
    throw .notFound(message)
  }

  public func relatedStore(for name: String) throws(StoreError) -> any DataStore {
    try store(for: name)
  }

  deinit {
    guard isRoot else { return }
    state.withLock { $0.watcher }?.cancel()
  }

  /// A GRDB configuration with the SQL functions that translated predicates call (`regexp`,
  /// `trellis_fold`), for every connection that runs Trellis's SQL.
  public static func configuration() -> Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    configuration.prepareDatabase { db in
      db.add(
        function: DatabaseFunction(PredicateSQLFunctions.regexpName, argumentCount: 2, pure: true) {
          arguments in
          guard let pattern = String.fromDatabaseValue(arguments[0]),
            let value = String.fromDatabaseValue(arguments[1])
          else { return nil }
          return try PredicateSQLFunctions.matches(pattern, value)
        })
      db.add(
        function: DatabaseFunction(PredicateSQLFunctions.foldName, argumentCount: 2, pure: true) {
          arguments in
          guard let text = String.fromDatabaseValue(arguments[0]) else { return arguments[0] }
          let flags = Int.fromDatabaseValue(arguments[1]) ?? 0
          return PredicateSQLFunctions.fold(text, flags: flags)
        })
    }
    return configuration
  }

  /// The entity's definition as screens use it: every to-one property an object selection
  /// over the store of its target (``store(for:)``), so choosing a task's category pushes the
  /// categories, with "none"; and every to-one of another entity that points here and names
  /// its inverse a row listing, in batches, the objects pointing at this one (a category's
  /// tasks).
  public var itemsDefinition: DataDefinition? {
    definitionForScreens(entity.definition, inverses: true)
  }

  /// How many row objects the store holds for identity: the rows loaded and still held by
  /// a list, a form or code of yours, never the whole table.
  public var loadedObjectCount: Int { state.withLock { $0.keys.count } }

  public var supportsMoving: Bool { entity.positionColumn != nil }
  /// True: every write goes through the store, which reports it (another connection's write
  /// reports a reset).
  public var reportsEveryChange: Bool { true }

  /// A fetch lists rows, each one object.
  public var fetchesEachItemOnce: Bool { true }

  // MARK: Observation

  public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    let token = shared.observers(of: entity.table).add(handler)
    // A list that stops observing is letting go of its rows: once it has, those nothing else
    // holds leave the store.
    return ObservationToken { [state] in
      token.cancel()
      state.sweepSoon()
    }
  }

  /// Describes, inside the store's write transaction, what it changed in its table.
  func describe(_ change: StoreChange) { shared.changes.describe(change, in: entity.table) }

  /// Describes a reset of the other tables a write changed.
  func describeReset(of tables: Set<String>) {
    for table in tables.sorted() where table != entity.table {
      shared.changes.describe(.reset, in: table)
    }
  }

  /// Looks whether another connection or process committed changes since the last look, and
  /// if so makes them known to GRDB's observers, which report ``StoreChange/reset`` to every
  /// list. Returns whether it did.
  @discardableResult
  public func checkForExternalChanges() -> Bool {
    guard let version = currentDataVersion() else { return false }
    let changed = state.withLock { state in
      defer { state.dataVersion = version }
      return state.dataVersion != nil && state.dataVersion != version
    }
    if changed { try? database.write { db in try db.notifyChanges(in: .fullDatabase) } }
    return changed
  }

  /// Calls ``checkForExternalChanges()`` every `interval` until ``stopWatching()``.
  public func startWatching(every interval: Duration) {
    let task = _Concurrency.Task.detached { [weak self] in
      while !_Concurrency.Task.isCancelled {
        try? await _Concurrency.Task.sleep(for: interval)
        guard let self else { return }
        self.checkForExternalChanges()
      }
    }
    let previous = state.withLock { state in
      defer { state.watcher = task }
      return state.watcher
    }
    previous?.cancel()
  }

  /// Stops looking for changes made elsewhere.
  public func stopWatching() {
    state.withLock { $0.watcher }?.cancel()
  }

  private func currentDataVersion() -> Int? {
    (try? database.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }) ?? nil
  }

  // MARK: Running SQL

  /// Runs `body` in a read, keeping store errors and wrapping SQLite's.
  func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
    do { return try database.read(body) } catch let error as StoreError { throw error } catch {
      throw failure(error, reading: true)
    }
  }

  /// Runs `body` in one write transaction, keeping store errors and wrapping SQLite's. The
  /// body describes what it changes (``describe(_:)``); the caller tells it with
  /// ``SQLiteChanges/flush()`` once it has recorded what the write taught it.
  func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
    do {
      return try database.write(body)
    } catch let error as StoreError { throw error } catch {
      if let refusal = uniqueRefusal(error) ?? columnRefusal(error) { throw refusal }
      throw failure(error, reading: false)
    }
  }

  /// A write refused by a unique column, as a message naming the property and its value's
  /// owner; `nil` for any other error.
  private func uniqueRefusal(_ error: any Error) -> StoreError? {
    guard let error = error as? DatabaseError,
      error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
    else { return nil }
    // SQLite names the columns as "table.column".
    let message = error.message ?? ""
    for entity in shared.entities {
      for column in entity.columns where column.isUnique {
        guard message.contains("\(entity.table).\(column.name)") else { continue }
        let title = entity.definition[column.name]?.title ?? column.name
        let message =
          "Another \(entity.definition.name.lowercased()) already has this "
          + "\(title.lowercased()): \(title) must be unique."
        // On the row when it is a property of what this store writes; else on the screen.
        guard entity.table == self.entity.table else { return .refused(message) }
        return .refusedValue(property: column.name, message: message)
      }
    }
    return .refused("A value that must be unique is already taken (\(message)).")
  }
}
