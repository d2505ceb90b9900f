import Foundation
import GRDB
import Trellis
import TrellisSQLite

extension StoresBench {
  // MARK: scroll-1m

  /// `scroll-1m`: a list over 1,000,000 rows scrolled through once, every row read as a host
  /// reads it; then every row's object made, as if each row had been opened. Reports the
  /// memory (resident, which at this scale is the heap) each listed item costs in both
  /// states, beside the same rows fetched with GRDB into `Row` values.
  static func scrollMillion(path: String) throws -> Result {
    let entity = try itemEntity()
    try fillItems(path: path, entity: entity)
    var definition = entity.definition
    definition.descriptionPropertyNames = ["detail"]

    let heapBefore = heapInUse()
    var start = ContinuousClock.now
    let store = try SQLiteStore(path: path, entity: entity, watchInterval: nil)
    var model: TableModel? = TableModel(title: "Items")
    var section: ArrayOfObjectsSection? = ArrayOfObjectsSection(
      store: store, definition: definition)
    section!.fetchOptions.batchSize = 50_000
    model!.addSection(section!)
    model!.processChanges()
    while section!.items.count < rows {
      let before = section!.items.count
      try section!.loadMore()
      model!.processChanges()
      if section!.items.count == before { break }
    }
    // Every row read once, as a host scrolling past it reads it.
    var characters = 0
    for row in model!.snapshot.sections[0].items { characters += row.text?.utf8.count ?? 0 }
    let scrolled = ContinuousClock.now - start
    let listedHeap = heapInUse() - heapBefore
    start = ContinuousClock.now
    var made = 0
    for item in section!.items where item.objectValue != nil { made += 1 }
    let making = ContinuousClock.now - start
    let objectsHeap = heapInUse() - heapBefore
    let listed = section!.items.count
    if listed != rows || made != rows || characters == 0 {
      throw StoreError.failed("scroll-1m: listed \(listed) rows, made \(made)")
    }
    // The list closes: the store lets go of the rows nothing else holds.
    (model, section) = (nil, nil)
    store.sweepObjects()
    // Freed memory is given back to the system first, so that it no longer counts.
    let closedHeap = trellis_bench.heapInUse() - heapBefore
    let kept = store.loadedObjectCount

    let baselineBefore = heapInUse()
    start = ContinuousClock.now
    let queue = try DatabaseQueue(path: path)
    let fetched = try queue.read { db in
      try GRDB.Row.fetchAll(db, sql: "SELECT id, name, detail FROM item ORDER BY position, id")
    }
    let baselineTime = ContinuousClock.now - start
    let baselineHeap = heapInUse() - baselineBefore
    if fetched.count != rows { throw StoreError.failed("scroll-1m: GRDB read \(fetched.count)") }
    print(
      String(
        format:
          "scroll-1m         %.0f B per listed item (rows read); %.0f B with every object made"
          + " (making them took %.0f ms); GRDB Row values %.0f B per row; list closed: "
          + "%d rows kept, %.0f B per row read",
        Double(listedHeap) / Double(rows), Double(objectsHeap) / Double(rows),
        seconds(making) * 1000, Double(baselineHeap) / Double(rows), kept,
        Double(closedHeap) / Double(rows)))
    return Result(
      name: "scroll-1m", trellisMedian: seconds(scrolled), baselineMedian: seconds(baselineTime),
      bytesPerItem: Double(listedHeap) / Double(rows))
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
