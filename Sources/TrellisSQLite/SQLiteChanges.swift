import GRDB
import Trellis

/// How every write to one SQLite database reaches the lists of its stores: one GRDB
/// transaction observer, the only source of the stores' ``StoreChange``s.
///
/// A store's own write describes what it changed, by identity, inside its transaction
/// (``describe(_:in:)``). Any other change of a table the stores hold is a reset of that table:
/// what the store's write changed in tables it did not describe (a join table, a cascade),
/// raw SQL on the store's connection, seen row by row, and another process's commit, which
/// the store's watch makes known through GRDB's `notifyChanges(in:)`. Nothing is told for a
/// transaction rolled back.
///
/// A described transaction is told when the store has recorded what it learned (the keys of
/// new rows, the objects a delete let go of): ``flush()``. An undescribed one is told as it
/// commits.
final class SQLiteChanges: TransactionObserver, Sendable {
  private struct State {
    /// What the store said its transaction under way changed, by table, in order.
    var described: [(table: String, change: StoreChange)] = []
    /// Whether the store described the transaction under way: its row events are the store's.
    var isDescribed = false
    /// The tables the transaction under way changed, row by row or by an explicit notice.
    var touched: Set<String> = []
    /// Described changes committed and not told yet.
    var committed: [(table: String, change: StoreChange)] = []
  }

  private let state = Locked(State())
  /// The lists of each table's stores.
  private let observers: [String: ObserverList<StoreChange>]

  /// Tells the observers of `tables`' stores.
  init(tables: [String: ObserverList<StoreChange>]) {
    observers = tables
  }

  /// Tells the observers of `table` about `change`.
  private func tell(_ change: StoreChange, in table: String) {
    observers[table]?.notify(change)
  }

  // MARK: The store's side

  /// Records, inside the store's write transaction, that it changed `table` so; the rest of
  /// the transaction's row events are the store's own.
  func describe(_ change: StoreChange, in table: String) {
    state.withLock { state in
      state.isDescribed = true
      state.described.append((table, change))
    }
  }

  /// Tells what the store's committed transactions changed.
  func flush() {
    let committed = state.withLock { state in
      defer { state.committed = [] }
      return state.committed
    }
    for (table, change) in committed { tell(change, in: table) }
  }

  // MARK: GRDB's side

  func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
    observers[eventKind.tableName] != nil
  }

  func databaseDidChange(with event: DatabaseEvent) {
    let table = event.tableName
    state.withLock { _ = $0.touched.insert(table) }
  }

  /// A change GRDB cannot see row by row (another process's commit, made known by
  /// `notifyChanges(in:)`): every table may have changed.
  func databaseDidChange() {
    let tables = Set(observers.keys)
    state.withLock { $0.touched.formUnion(tables) }
  }

  func databaseDidCommit(_ db: Database) {
    let resets: Set<String> = state.withLock { state in
      defer {
        state.described = []
        state.isDescribed = false
        state.touched = []
      }
      guard state.isDescribed else { return state.touched }
      state.committed += state.described
      // What the store's write changed in other tables (a join table's rows, a cascade, a
      // trigger's writes) it did not describe: those tables' lists read again.
      return state.touched.subtracting(state.described.map(\.table))
    }
    for table in resets.sorted() { tell(.reset, in: table) }
  }

  func databaseDidRollback(_ db: Database) {
    state.withLock { state in
      state.described = []
      state.isDescribed = false
      state.touched = []
    }
  }
}
