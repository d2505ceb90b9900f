import Foundation
import Trellis
import TrellisSQL

/// The rows of a PostgreSQL view (the first ``PostgresDatabase/viewRowLimit``), shown and never
/// edited, read again when they change: while something observes the store, it looks at the
/// view's fingerprint (how many rows it has, and a hash of the rows it shows) every poll
/// interval, as a table's store looks at its table's, and reads the rows again when it changed.
///
/// A row that reads the same as before keeps its object, so a change to one row of the view
/// shows as that row replaced, not as the whole list drawn again.
package final class PostgresViewStore: ViewRowsStore {
  /// How the view is read, on the database's connections.
  package struct Reader: Sendable {
    /// The rows shown.
    var rows: @Sendable () async throws(StoreError) -> [ValueDictionary]
    /// `COUNT:HASH` of the view: changes when its number of rows or a row shown changes.
    var fingerprint: @Sendable () async throws(StoreError) -> String
  }

  /// How the rows are shown: every column, never edited.
  package let definition: DataDefinition
  package var itemsDefinition: DataDefinition? { definition }
  private let reader: Reader?
  private let interval: Duration
  /// The view's fingerprint when ``PostgresDatabase/open(url:pollInterval:timeout:readOnly:)``
  /// read its rows; `nil` when unknown (the first look then reads them again).
  private let readFingerprint: String?
  private let observers = ObserverList<StoreChange>()
  private let state: Locked<State>

  private struct State: Sendable {
    /// The rows as last read.
    var items: [Value]
    /// How many rows the view had when last looked at: more than ``items`` past the limit.
    var total: Int
    /// The polling task, once something observes the store.
    var poller: Task<Void, Never>?
  }

  /// A store of `rows`, of `total` rows in all, read when the view's fingerprint was
  /// `fingerprint`, with `definition`; `reader` reads them again every `interval` while the
  /// store is observed (never when `nil`).
  init(
    definition: DataDefinition, rows: [ValueDictionary], total: Int, fingerprint: String?,
    reader: Reader?, interval: Duration
  ) {
    self.definition = definition
    self.reader = reader
    self.interval = interval
    self.readFingerprint = fingerprint
    state = Locked(State(items: rows.map(Self.item), total: total))
  }

  deinit { state.withLock { $0.poller?.cancel() } }

  private static func item(_ row: ValueDictionary) -> Value {
    .object(ObjectReference(DocumentObject(unobserved: .dictionary(row))))
  }

  /// The rows as a memory store does them: filtered (a search), sorted and paged.
  package func fetch(_ options: FetchOptions) throws(StoreError) -> [Value] {
    try MemoryStore(items: state.withLock { $0.items }, definition: definition).fetch(options)
  }

  /// How many rows match: the view's whole number when nothing filters them, though only the
  /// first ``PostgresDatabase/viewRowLimit`` are shown.
  package func count(_ options: FetchOptions) throws(StoreError) -> Int {
    let (items, total) = state.withLock { ($0.items, $0.total) }
    if options.filter == nil { return Swift.max(total, items.count) }
    return try MemoryStore(items: items, definition: definition).count(options)
  }

  /// Calls `handler` with a reset whenever the view's rows changed; starts looking, and stops
  /// when nothing observes the store any more.
  package func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    let added = observers.add(handler)
    let token = ObservationToken { [weak self] in
      added.cancel()
      self?.stopPollingWhenUnobserved()
    }
    if let reader {
      let interval = self.interval
      state.withLock { state in
        guard state.poller == nil else { return }
        let store = WeakViewStore(self)
        let read = readFingerprint
        state.poller = Task {
          await Self.poll(store, reader: reader, every: interval, from: read)
        }
      }
    }
    return token
  }

  /// Stops looking at the view once nothing observes the store.
  private func stopPollingWhenUnobserved() {
    let stopped = state.withLock { state -> Task<Void, Never>? in
      guard observers.isEmpty, let poller = state.poller else { return nil }
      state.poller = nil
      return poller
    }
    stopped?.cancel()
  }

  /// Whether the store is looking at its view now.
  package var isPolling: Bool { state.withLock { $0.poller != nil } }

  /// Looks at the view until cancelled or the store is gone; reads the rows again when its
  /// fingerprint is no longer `read`'s, the one of the rows held. A look or a read that fails
  /// is tried again at the next.
  private static func poll(
    _ weak: WeakViewStore, reader: Reader, every interval: Duration, from read: String?
  ) async {
    var last = read
    while !Task.isCancelled {
      if let now = try? await reader.fingerprint() {
        if last != now, let rows = try? await reader.rows() {
          guard let store = weak.store else { return }
          store.replace(rows, total: Int(now.prefix { $0 != ":" }) ?? rows.count)
          last = now
        }
      }
      guard weak.store != nil else { return }
      try? await Task.sleep(for: interval)
    }
  }

  /// Takes the rows read again, each keeping the object of an equal row, and says so.
  private func replace(_ rows: [ValueDictionary], total: Int) {
    state.withLock { state in
      var previous = state.items
      state.items = rows.map { row -> Value in
        let index = previous.firstIndex {
          ($0.objectValue as? DocumentObject)?.root == .dictionary(row)
        }
        guard let index else { return Self.item(row) }
        return previous.remove(at: index)
      }
      state.total = total
    }
    observers.notify(.reset)
  }
}

/// The view store a polling task follows, without keeping it alive.
private struct WeakViewStore: Sendable {
  weak var store: PostgresViewStore?
  init(_ store: PostgresViewStore) { self.store = store }
}
