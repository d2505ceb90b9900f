import Foundation
import GRDB
import Synchronization
import Trellis
import TrellisSQL

/// The rows of a view (or of a table no store edits) of an SQLite file made elsewhere, shown
/// and never edited, read a page at a time from the file: filtered, searched, sorted and
/// counted there (``ViewRowsQuery``), whatever the view's size. A change to the file, by this
/// process or, through the file's watcher, by another (``SQLiteFileStores``), is reported as a
/// reset, and lists read their pages again.
///
/// A row keeps its object while it is the same row (``ViewRowObjects``, which keeps those of
/// the rows read recently): a row of a table with a row id (or a key) while it has it, its
/// object taking the values it reads now, so that a list's row and an open form show them;
/// a row without a key while it reads the same, so a change to it shows as that row
/// replaced, and a form open on it, read again at the change (``refresh(_:)``), says it is
/// gone. Rows that read alike stay distinct objects.
package final class SQLiteViewStore: ViewRowsStore {
  /// How the rows are shown: every column, never edited.
  package let definition: DataDefinition
  package var itemsDefinition: DataDefinition? { definition }
  private let query: ViewRowsQuery
  private let queue: DatabaseQueue
  private let objects: ViewRowObjects
  private let observers = ObserverList<StoreChange>()
  /// The file's change observation, once something observes the store.
  private let observation = Mutex<(any DatabaseCancellable)?>(nil)

  /// A store of the rows `query` reads from `queue`, shown with `definition`, keeping the
  /// objects of at most `keptObjects` rows read recently.
  init(
    query: ViewRowsQuery, definition: DataDefinition, queue: DatabaseQueue,
    keptObjects: Int = 5_000
  ) {
    self.query = query
    self.definition = definition
    self.queue = queue
    objects = ViewRowObjects(layout: query.objectLayout(name: definition.name), limit: keptObjects)
  }

  deinit { observation.withLock { $0?.cancel() } }

  /// The rows matching `options`, one page of them when it has a batch size: filtered and
  /// sorted in SQL, or, for a filter SQL cannot express, in memory over the rows SQL selects.
  package func fetch(_ options: FetchOptions) throws(StoreError) -> [Value] {
    let sql = try query.query(options)
    let offset = Swift.max(options.offset, 0)
    guard let filter = sql.memoryFilter else {
      return try rows(query.pageRead(sql, limit: options.batchSize, offset: offset))
    }
    let matching = try rows(query.pageRead(sql)).filter { filter(definition.reader(for: $0)) }
    let start = Swift.min(offset, matching.count)
    let end = options.batchSize.map { Swift.min(start + Swift.max($0, 0), matching.count) }
    return Array(matching[start..<(end ?? matching.count)])
  }

  /// How many rows match `options.filter`: counted in SQL (`SELECT count(*)`), or in memory
  /// when part of the filter runs there.
  package func count(_ options: FetchOptions) throws(StoreError) -> Int {
    var unsorted = options
    unsorted.sort = []
    let sql = try query.query(unsorted)
    if let filter = sql.memoryFilter {
      return try rows(query.pageRead(sql)).count(where: { filter(definition.reader(for: $0)) })
    }
    let read = query.countRead(sql)
    let arguments = try read.statementArguments()
    do {
      return try queue.read { db in
        try Int.fetchOne(db, sql: read.sql, arguments: arguments) ?? 0
      }
    } catch {
      throw .failed("The rows of \(query.table.name) could not be counted.")
    }
  }

  /// How many rows' objects the store keeps now.
  package var keptObjectCount: Int { objects.count }

  /// The rows `read` selects, each the object it had when last read recently, holding the
  /// values read now.
  private func rows(_ read: SQLRowRead) throws(StoreError) -> [Value] {
    try cells(read).map { cells in
      let (identity, values) = query.row(cells)
      return objects.item(identity, values: values)
    }
  }

  /// The values of the rows `read` selects, as ``ViewRowsQuery/row(_:)`` takes them.
  private func cells(_ read: SQLRowRead) throws(StoreError) -> [[Value]] {
    let arguments = try read.statementArguments()
    let fetched: [GRDB.Row]
    do {
      fetched = try queue.read { db in
        try GRDB.Row.fetchAll(db, sql: read.sql, arguments: arguments)
      }
    } catch {
      throw .failed("The rows of \(query.table.name) could not be read.")
    }
    let kinds =
      query.table.columns.map { SQLiteEntity.kind($0.kind) }
      + Array(repeating: .text, count: query.pointed.count)
      + (query.rowKey == nil ? [] : [.integer])
    return fetched.map { row -> [Value] in
      var values: [Value] = []
      values.reserveCapacity(kinds.count + 1)
      for (index, kind) in kinds.enumerated() {
        values.append(SQLiteValues.value(row[index], kind: kind))
      }
      let ordinal: Int? = row[kinds.count]
      values.append(.int(ordinal ?? 1))
      return values
    }
  }

  /// Reads the row of `item` again, as a list reading it would: a row with a key takes what
  /// it reads now; false when the row is gone (another program deleted it, or, for a row
  /// without a key, changed what it reads).
  package func refresh(_ item: Value) throws(StoreError) -> Bool {
    guard let identity = objects.identity(of: item) else { return true }
    for cells in try cells(query.pageRead(query.query(reading: identity))) {
      let (read, values) = query.row(cells)
      guard read == identity else { continue }
      return objects.item(read, values: values) == item
    }
    return false
  }

  /// Calls `handler` with a reset after every change to the file.
  package func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    let token = observers.add(handler)
    observation.withLock { observation in
      guard observation == nil else { return }
      observation = DatabaseRegionObservation(tracking: .fullDatabase).start(
        in: queue, onError: { _ in },
        onChange: { [weak self] _ in self?.observers.notify(.reset) })
    }
    return token
  }
}
