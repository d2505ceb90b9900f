import Foundation
import GRDB
import Trellis
import TrellisSQLite

extension StoresBench {
  // MARK: edit-100k

  /// `edit-100k`: a list with 100,000 rows loaded (pages of 10,000, as after scrolling far),
  /// one of them renamed through the store until the screen shows it; beside GRDB running the
  /// same `UPDATE` and reading the row back. An edit should cost its row, not the rows loaded.
  ///
  /// The printed lines add an insert at the top, a delete and a move in the same list, and how
  /// much of each the render is. They fetch nothing, and the render reads only the rows they
  /// touch; the store's writes move the positions of the rows on the shorter side.
  static func editLoadedList(path: String) throws -> Result {
    let entity = try itemEntity()
    let store = try SQLiteStore(path: path, entity: entity, watchInterval: nil)
    try fillItems(store, count: pagedRows)
    let (model, section) = itemList(store, batch: 10_000)
    model.processChanges()
    while section.items.count < pagedRows {
      try section.loadMore()
      model.processChanges()
    }
    var edits = 0
    var renders: [String] = []
    /// The median time of `body` and the render that shows it, over 15 runs; the render's own
    /// median is kept for the printed line.
    func timed(_ body: () throws -> Void) throws -> Double {
      var times: [Double] = []
      var renderTimes: [Double] = []
      for _ in 0..<(15 * repeatCount) {
        let start = ContinuousClock.now
        try body()
        let rendering = ContinuousClock.now
        model.processChanges()
        let end = ContinuousClock.now
        times.append(seconds(end - start))
        renderTimes.append(seconds(end - rendering))
      }
      renders.append(String(format: "%.3f", middle(renderTimes) * 1000))
      return middle(times)
    }
    let rename = try timed {
      edits += 1
      try store.update(section.items[50_000], values: ["name": .string("Renamed \(edits)")])
    }
    if model.snapshot.sections[0].items[50_000].text != "Renamed \(edits)" {
      throw StoreError.failed("edit-100k: the renamed row did not show its name")
    }
    let insert = try timed {
      edits += 1
      let item = try store.create()
      let coding = item.objectValue.flatMap { entity.definition.keyValueCoding(for: $0) }
      try coding?.setValue(.string("New \(edits)"), forKey: "name")
      try coding?.setValue(.string("Added"), forKey: "detail")
      try store.insert(item, at: 0)
    }
    let delete = try timed { try store.delete(section.items[40_000]) }
    let move = try timed { try store.move(section.items[30_000], after: section.items[10]) }

    let queue = try DatabaseQueue(path: path)
    let id = try queue.read { db in
      try Int64.fetchOne(db, sql: "SELECT id FROM item ORDER BY position, id LIMIT 1 OFFSET 50000")
    }
    var names: [String] = []
    let baseline = median(15) {
      {
        edits += 1
        let name = "Renamed \(edits)"
        let read = try? queue.write { db in
          try db.execute(sql: "UPDATE item SET name = ? WHERE id = ?", arguments: [name, id])
          return try String.fetchOne(db, sql: "SELECT name FROM item WHERE id = ?", arguments: [id])
        }
        names.append(read ?? "")
      }
    }
    if names.last?.hasPrefix("Renamed") != true {
      throw StoreError.failed("edit-100k: GRDB did not read the name back")
    }
    print(
      String(
        format: "edit-100k         with 100,000 rows loaded: rename %.3f ms, insert %.3f ms, "
          + "delete %.3f ms, move %.3f ms",
        rename * 1000, insert * 1000, delete * 1000, move * 1000))
    print("edit-100k         of which rendering (ms): " + renders.joined(separator: ", "))
    return Result(name: "edit-100k", trellisMedian: rename, baselineMedian: baseline)
  }
}
