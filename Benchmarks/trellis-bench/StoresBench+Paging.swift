import Foundation
import GRDB
import Trellis
import TrellisSQLite

extension StoresBench {
  // MARK: page-100k

  static let pagedRows = 100_000
  static let pageSize = 50

  /// `page-100k`: a list over 100,000 rows paged through in batches of 50, as a person
  /// scrolling to the end loads them (2,000 pages), each page's rows read from the screen's
  /// snapshot; beside GRDB reading the same pages with the same `LIMIT` and `OFFSET`.
  ///
  /// A cost per page that grows with the rows already listed shows here as a total that grows
  /// with the square of the list, which `scroll-1m`'s 20 large batches hide. The printed line
  /// also gives the time of the first and the last 100 pages on each side: SQLite skips the
  /// rows before an `OFFSET`, so later pages cost more on both, and Trellis's should grow no
  /// faster than GRDB's.
  static func pageThrough(path: String) throws -> Result {
    let entity = try itemEntity()
    let store = try SQLiteStore(path: path, entity: entity, watchInterval: nil)
    try fillItems(store, count: pagedRows)
    let (model, section) = itemList(store, batch: pageSize)
    var characters = 0
    var pageTimes: [Double] = []
    let start = ContinuousClock.now
    model.processChanges()
    while section.items.count < pagedRows {
      let pageStart = ContinuousClock.now
      let before = section.items.count
      try section.loadMore()
      let rows = model.processChanges().target.sections[0].items
      if section.items.count == before { break }
      // The new page's rows, as a host shows them.
      for row in rows[before..<section.items.count] { characters += row.text?.utf8.count ?? 0 }
      pageTimes.append(seconds(ContinuousClock.now - pageStart))
    }
    let paged = seconds(ContinuousClock.now - start)
    if section.items.count != pagedRows || characters == 0 {
      throw StoreError.failed("page-100k: listed \(section.items.count) rows")
    }

    let queue = try DatabaseQueue(path: path)
    var read = 0
    var baselineTimes: [Double] = []
    let baselineStart = ContinuousClock.now
    while read < pagedRows {
      let pageStart = ContinuousClock.now
      let page = try queue.read { db in
        try GRDB.Row.fetchAll(
          db, sql: "SELECT id, name, detail FROM item ORDER BY position, id LIMIT ? OFFSET ?",
          arguments: [pageSize + 1, read])
      }
      if page.isEmpty { break }
      for row in page.prefix(pageSize) { characters += (row["name"] as String?)?.utf8.count ?? 0 }
      read += Swift.min(page.count, pageSize)
      baselineTimes.append(seconds(ContinuousClock.now - pageStart))
    }
    let baseline = seconds(ContinuousClock.now - baselineStart)
    if read != pagedRows { throw StoreError.failed("page-100k: GRDB read \(read) rows") }
    /// The time of the first and of the last 100 pages, in milliseconds.
    func ends(_ times: [Double]) -> (Double, Double) {
      (times.prefix(100).reduce(0, +) * 1000, times.suffix(100).reduce(0, +) * 1000)
    }
    let (first, last) = ends(pageTimes)
    let (baselineFirst, baselineLast) = ends(baselineTimes)
    print(
      String(
        format: "page-100k         %d pages of %d; first and last 100 pages: trellis %.1f and "
          + "%.1f ms, GRDB %.1f and %.1f ms (OFFSET makes later pages dearer for both)",
        pageTimes.count + 1, pageSize, first, last, baselineFirst, baselineLast))
    return Result(name: "page-100k", trellisMedian: paged, baselineMedian: baseline)
  }
}
