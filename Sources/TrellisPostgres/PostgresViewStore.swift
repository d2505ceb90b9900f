import Foundation
import Trellis
import TrellisSQL

/// The rows of a PostgreSQL view (or of a table no store edits), shown and never edited, read
/// a page at a time from the database: filtered, searched, sorted and counted there
/// (``ViewRowsQuery``), whatever the view's size. While something observes the store, it
/// looks at the view's fingerprint (how many rows it has, and a hash of them all, summed in
/// SQL) every poll interval, as a table's store looks at its table's, and reports a reset
/// when it changed; lists then read their pages again.
///
/// A row keeps its object while it is the same row (``ViewRowObjects``, which keeps those of
/// the rows read recently): a row of a table with a primary key while it has it, its object
/// taking the values it reads now on the domain that shows it (``applyArrivedValues()``),
/// so that a list's row and an open form show them; a row without a key while it reads the
/// same, so a change to it shows as that row replaced, and a form open on it, asking at the
/// change (``holds(_:)``), says it is gone. Rows that read alike stay distinct objects.
package final class PostgresViewStore: AsyncViewRowsStore {
  /// How the view is read, on the database's connections.
  package struct Reader: Sendable {
    /// The rows a read selects, each as its values in the order read.
    var rows: @Sendable (SQLRowRead) async throws(StoreError) -> [[Value]]
    /// The number a `count(*)` read answers.
    var count: @Sendable (SQLRowRead) async throws(StoreError) -> Int
    /// `COUNT:HASH` of the view: changes when its number of rows or a row shown changes.
    var fingerprint: @Sendable () async throws(StoreError) -> String
  }

  /// How the rows are shown: every column, never edited.
  package let definition: DataDefinition
  package var itemsDefinition: DataDefinition? { definition }
  private let query: ViewRowsQuery
  private let reader: Reader
  private let interval: Duration?
  /// The view's fingerprint when the database was opened; `nil` when unknown (the first look
  /// then reports a reset).
  private let openedFingerprint: String?
  private let objects: ViewRowObjects
  private let observers = ObserverList<StoreChange>()
  /// The polling task, once something observes the store.
  private let poller = Locked<Task<Void, Never>?>(nil)

  /// A store of the rows `query` reads through `reader`, shown with `definition`, whose
  /// fingerprint was `fingerprint` when the database was opened; it looks for changes every
  /// `interval` while observed (never when `nil`), and keeps the objects of at most
  /// `keptObjects` rows read recently.
  init(
    query: ViewRowsQuery, definition: DataDefinition, fingerprint: String?, reader: Reader,
    interval: Duration?, keptObjects: Int = 5_000
  ) {
    self.query = query
    self.definition = definition
    self.openedFingerprint = fingerprint
    self.reader = reader
    self.interval = interval
    objects = ViewRowObjects(layout: query.objectLayout(name: definition.name), limit: keptObjects)
  }

  deinit { poller.withLock { $0?.cancel() } }

  /// The store runs every filter: in SQL, or in memory over the rows SQL selects.
  package func translates(_ filter: ItemFilter) -> Bool { true }

  /// One page: `options.batchSize` rows (all when `nil`) from the offset `token` names, in
  /// `options.sort`'s order and then the view's own, filtered in SQL, or in memory for the
  /// parts of the filter SQL cannot express.
  package func fetchPage(_ options: FetchOptions, from token: PageToken?) async throws(StoreError)
    -> StorePage
  {
    let start = try options.start(at: token, of: "a view")
    let sql = try query.query(options)
    if let filter = sql.memoryFilter {
      let matching = try await rows(query.pageRead(sql)).filter {
        filter(definition.reader(for: $0))
      }
      let from = Swift.min(start, matching.count)
      let end = options.batchSize.map { Swift.min(from + Swift.max($0, 0), matching.count) }
      let next: PageToken? = if let end, end < matching.count { .offset(end) } else { nil }
      return StorePage(items: Array(matching[from..<(end ?? matching.count)]), next: next)
    }
    let limit = options.batchSize.map { Swift.max($0, 0) + 1 }
    let read = try await rows(query.pageRead(sql, limit: limit, offset: start))
    let items = Array(read.prefix(options.batchSize ?? read.count))
    let next: PageToken? =
      if let size = options.batchSize, read.count > size { .offset(start + size) } else { nil }
    return StorePage(items: items, next: next)
  }

  /// How many rows match `options.filter`: counted in SQL (`SELECT count(*)`), or in memory
  /// when part of the filter runs there.
  package func count(_ options: FetchOptions) async throws(StoreError) -> Int {
    var unsorted = options
    unsorted.sort = []
    let sql = try query.query(unsorted)
    if let filter = sql.memoryFilter {
      return try await rows(query.pageRead(sql)).count(where: {
        filter(definition.reader(for: $0))
      })
    }
    return try await reader.count(query.countRead(sql))
  }

  /// How many rows' objects the store keeps now.
  package var keptObjectCount: Int { objects.count }

  /// The rows `read` selects, each the object it had when last read recently; an object
  /// that read otherwise takes the values read now at the next ``applyArrivedValues()``.
  private func rows(_ read: SQLRowRead) async throws(StoreError) -> [Value] {
    try await reader.rows(read).map { cells -> Value in
      let (identity, values) = query.row(cells)
      return objects.item(identity, values: values, arriving: true)
    }
  }

  /// Gives the rows' objects the values read for them in the background.
  package func applyArrivedValues() { objects.applyArrivedValues() }

  /// Whether the view still has `item`'s row, read now: false once it is gone (deleted, or,
  /// for a row without a key, changed what it reads). A row with a key brings what it reads
  /// now, which its object takes at the next ``applyArrivedValues()``.
  package func holds(_ item: Value) async throws(StoreError) -> Bool {
    guard let identity = objects.identity(of: item) else { return true }
    for cells in try await reader.rows(query.pageRead(query.query(reading: identity))) {
      let (read, values) = query.row(cells)
      guard read == identity else { continue }
      return objects.item(read, values: values, arriving: true) == item
    }
    return false
  }

  /// Calls `handler` with a reset whenever the view's rows changed; starts looking, and stops
  /// when nothing observes the store any more.
  package func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    let added = observers.add(handler)
    let token = ObservationToken { [weak self] in
      added.cancel()
      self?.stopPollingWhenUnobserved()
    }
    if let interval {
      let reader = self.reader
      let opened = openedFingerprint
      poller.withLock { poller in
        guard poller == nil else { return }
        let store = WeakViewStore(self)
        poller = Task { await Self.poll(store, reader: reader, every: interval, from: opened) }
      }
    }
    return token
  }

  /// Stops looking at the view once nothing observes the store.
  private func stopPollingWhenUnobserved() {
    let stopped = poller.withLock { poller -> Task<Void, Never>? in
      guard observers.isEmpty, let task = poller else { return nil }
      poller = nil
      return task
    }
    stopped?.cancel()
  }

  /// Whether the store is looking at its view now.
  package var isPolling: Bool { poller.withLock { $0 != nil } }

  /// Looks at the view until cancelled or the store is gone, and reports a reset when its
  /// fingerprint is no longer the last seen (`opened` at first). A look that fails is tried
  /// again at the next.
  private static func poll(
    _ weak: WeakViewStore, reader: Reader, every interval: Duration, from opened: String?
  ) async {
    var last = opened
    while !Task.isCancelled {
      if let now = try? await reader.fingerprint(), now != last {
        guard let store = weak.store else { return }
        last = now
        store.observers.notify(.reset)
      }
      guard weak.store != nil else { return }
      try? await Task.sleep(for: interval)
    }
  }
}

/// The view store a polling task follows, without keeping it alive.
private struct WeakViewStore: Sendable {
  weak var store: PostgresViewStore?
  init(_ store: PostgresViewStore) { self.store = store }
}
