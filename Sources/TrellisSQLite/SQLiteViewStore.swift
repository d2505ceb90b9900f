import Foundation
import GRDB
import Synchronization
import Trellis
import TrellisSQL

/// The rows of a view (or of a table without a key) of an SQLite file made elsewhere, shown and
/// never edited, read again whenever the file changes: by this process or, through the file's
/// watcher, by another (``SQLiteFileStores``).
///
/// A row that reads the same as before keeps its object, so a change to one row of the view
/// shows as that row replaced, not as the whole list drawn again.
package final class SQLiteViewStore: ViewRowsStore {
  /// How the rows are shown: every column, never edited.
  package let definition: DataDefinition
  package var itemsDefinition: DataDefinition? { definition }
  private let read: @Sendable () throws(StoreError) -> [Value]
  private let startObserving:
    @Sendable (@escaping @Sendable () -> Void) -> (any DatabaseCancellable)?
  private let observers = ObserverList<StoreChange>()
  private let state = Mutex(State())

  private struct State {
    /// The rows as last read; `nil` when the file changed since.
    var items: [Value]?
    /// The file's change observation, once something observes the store.
    var observation: (any DatabaseCancellable)?
  }

  /// A store of the rows `read` reads, with `definition`, read again after every commit
  /// `queue` reports.
  init(
    definition: DataDefinition, queue: DatabaseQueue,
    read: @escaping @Sendable () throws(StoreError) -> [Value]
  ) {
    self.definition = definition
    self.read = read
    self.startObserving = { changed in
      DatabaseRegionObservation(tracking: .fullDatabase).start(
        in: queue, onError: { _ in }, onChange: { _ in changed() })
    }
  }

  deinit { state.withLock { $0.observation?.cancel() } }

  /// The rows as a memory store does them: filtered (a search), sorted and paged.
  package func fetch(_ options: FetchOptions) throws(StoreError) -> [Value] {
    try MemoryStore(items: try current(), definition: itemsDefinition).fetch(options)
  }

  package func count(_ options: FetchOptions) throws(StoreError) -> Int {
    try MemoryStore(items: try current(), definition: itemsDefinition).count(options)
  }

  /// The rows, read again when the file changed, each keeping the object of an equal row.
  private func current() throws(StoreError) -> [Value] {
    if let items = state.withLock({ $0.items }) { return items }
    let fresh = try read()
    return state.withLock { state in
      var previous = state.items ?? []
      let kept = fresh.map { item -> Value in
        guard let index = previous.firstIndex(where: { Self.sameRow($0, item) }) else {
          return item
        }
        return previous.remove(at: index)
      }
      state.items = kept
      return kept
    }
  }

  /// Whether two rows hold the same values.
  private static func sameRow(_ a: Value, _ b: Value) -> Bool {
    guard let first = a.objectValue as? DocumentObject,
      let second = b.objectValue as? DocumentObject
    else { return false }
    return first.root == second.root
  }

  /// Calls `handler` with a reset after every change to the file.
  package func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    let token = observers.add(handler)
    let needsObservation = state.withLock { $0.observation == nil }
    if needsObservation {
      let observation = startObserving { [weak self] in self?.fileChanged() }
      state.withLock { state in
        if state.observation == nil {
          state.observation = observation
        } else {
          observation?.cancel()
        }
      }
    }
    return token
  }

  private func fileChanged() {
    state.withLock { $0.items = nil }
    observers.notify(.reset)
  }
}
