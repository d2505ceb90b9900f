import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// Stores report what changed by identity: the item, and the item it follows; a list in the
/// store's own order applies the change to the items it shows instead of fetching them all
/// again.
@Suite("Precise store changes")
struct PreciseStoreChangeTests {
  static func list(_ names: [String]) throws -> (MemoryStore, ArrayOfObjectsSection, HeadlessHost) {
    let definition = try TasksApp.taskDefinition()
    let store = MemoryStore(objects: names.map { TaskItem(name: $0) }, definition: definition)
    let model = TableModel()
    let section = ArrayOfObjectsSection(store: store, definition: definition)
    model.addSection(section)
    return (store, section, HeadlessHost(model: model))
  }

  @Test func storesReportTheItemThatChanged() throws {
    let (store, _, _) = try Self.list(["A"])
    let log = ChangeLog()
    let observation = store.observe { log.record($0) }
    let first = store.allItems[0]
    let item = Value.object(ObjectReference(TaskItem(name: "B")))
    try store.insert(item, at: 1)
    try store.update(item, values: ["name": "Bee"])
    try store.move(from: 1, to: 0)
    try store.move(item, after: first)
    try store.delete(item)
    #expect(
      log.changes == [
        .inserted(item, after: first), .updated(item), .moved(item, after: nil),
        .moved(item, after: first), .deleted(item),
      ])
    observation.cancel()
  }

  @Test func anUpdateReloadsItsRowWithoutFetching() throws {
    let (store, _, host) = try Self.list(["A", "B", "C"])
    let before = host.model.statistics
    try store.update(store.allItems[1], values: ["name": "Bee"])
    try host.check()
    #expect(host.texts == [["A", "Bee", "C"]])
    #expect(host.model.statistics.fetches == before.fetches)
    #expect(host.model.statistics.rowBuilds - before.rowBuilds == 1)
    #expect(host.changesets.last?.totals.itemReloads == 1)
  }

  @Test func insertsDeletesAndMovesApplyWithoutFetching() throws {
    let (store, _, host) = try Self.list(["A", "B", "C"])
    let before = host.model.statistics
    try store.insert(.object(ObjectReference(TaskItem(name: "D"))), at: 1)
    try store.move(from: 3, to: 0)
    try host.check()
    #expect(host.texts == [["C", "A", "D", "B"]])
    try store.delete(store.allItems[2])
    try host.check()
    #expect(host.texts == [["C", "A", "B"]])
    #expect(host.model.statistics.fetches == before.fetches)
    #expect(host.violations.isEmpty)
  }

  @Test func anInsertRendersTheNewRowAloneAndKeepsTheOthers() throws {
    let (store, _, host) = try Self.list((0..<50).map { "Task \($0)" })
    let kept = host.rows(inSection: 0)[7]
    var before = host.model.statistics
    try store.insert(.object(ObjectReference(TaskItem(name: "New"))), at: 3)
    try host.check()
    #expect(host.texts[0][3] == "New")
    #expect(host.model.statistics.rowBuilds - before.rowBuilds == 1)
    #expect(host.model.statistics.fetches == before.fetches)
    // The rows kept are the same snapshots, not equal copies.
    #expect(host.rows(inSection: 0)[8].isSameRendering(as: kept))
    before = host.model.statistics
    try store.move(from: 10, to: 0)
    try store.delete(store.allItems[20])
    try host.check()
    #expect(host.model.statistics.rowBuilds == before.rowBuilds)
    #expect(host.violations.isEmpty)
  }

  @Test func anUpdateInTheSameBatchAsAnInsertRendersBothRows() throws {
    let (store, _, host) = try Self.list(["A", "B", "C"])
    let before = host.model.statistics
    try store.insert(.object(ObjectReference(TaskItem(name: "D"))), at: 0)
    try store.update(store.allItems[2], values: ["name": "Bee"])
    try host.check()
    #expect(host.texts == [["D", "A", "Bee", "C"]])
    #expect(host.model.statistics.rowBuilds - before.rowBuilds == 2)
    #expect(host.violations.isEmpty)
  }

  @Test func rowsMadeByPositionAreRenderedAgainWhenItemsMove() throws {
    let (store, section, host) = try Self.list(["A", "B", "C"])
    section.actions.cellForRow = { index, item in
      Row(id: RowID(.null), kind: .plain, text: "\(index + 1). \(item.displayText)")
    }
    try host.check()
    try store.insert(.object(ObjectReference(TaskItem(name: "D"))), at: 0)
    try host.check()
    #expect(host.texts[0].map { $0.prefix(2) } == ["1.", "2.", "3.", "4."])
    #expect(host.violations.isEmpty)
  }

  @Test func themedOddAndEvenRowsRestyleWhenARowIsInserted() throws {
    let (store, _, host) = try Self.list(["A", "B", "C", "D"])
    host.model.theme = try TestFixtures.seedTheme()
    try host.check()
    try store.insert(.object(ObjectReference(TaskItem(name: "New"))), at: 1)
    try store.delete(store.allItems[3])
    try host.check()
    #expect(host.model.snapshot == host.model.freshSnapshot())
    #expect(host.violations.isEmpty)
  }

  @Test func aSortedListFetchesAgain() throws {
    let (store, section, host) = try Self.list(["B", "A"])
    section.fetchOptions.sort = [SortKey("name")]
    try host.check()
    #expect(host.texts == [["A", "B"]])
    let before = host.model.statistics
    try store.update(store.allItems[1], values: ["name": "C"])
    try host.check()
    #expect(host.texts == [["B", "C"]])
    #expect(host.model.statistics.fetches == before.fetches + 1)
    #expect(host.violations.isEmpty)
  }

  /// A list of repeated values loaded a page at a time cannot place a change after a value it
  /// shows twice: it fetches again, rather than take the change for one beyond its rows.
  @Test func aPagedListFetchesAgainForAPlaceItShowsTwice() throws {
    let definition = DataDefinition.string
    let store = MemoryStore(items: ["A", "B", "A", "C", "D"], definition: definition)
    let model = TableModel()
    let section = ArrayOfObjectsSection(store: store, definition: definition)
    section.fetchOptions.batchSize = 3
    model.addSection(section)
    let host = HeadlessHost(model: model)
    try host.check()
    #expect(host.texts == [["A", "B", "A", "Load more…"]])
    let before = host.model.statistics
    try store.insert("X", at: 1)
    try host.check()
    #expect(host.texts == [["A", "X", "B", "Load more…"]])
    #expect(host.model.statistics.fetches == before.fetches + 1)
    #expect(host.violations.isEmpty)
  }

  /// A replaced item is a delete and an insert in its place, applied without fetching; a
  /// section made stale whole fetches again.
  @Test func aReplaceAppliesAndARefreshFetchesAgain() throws {
    let (store, section, host) = try Self.list(["A", "B"])
    let before = host.model.statistics
    try store.replace(at: 0, with: .object(ObjectReference(TaskItem(name: "Z"))))
    try host.check()
    #expect(host.texts == [["Z", "B"]])
    #expect(host.model.statistics.fetches == before.fetches)
    section.setNeedsRefresh()
    try host.check()
    #expect(host.model.statistics.fetches == before.fetches + 1)
    #expect(host.violations.isEmpty)
  }
}

/// Records store changes from any thread.
final class ChangeLog: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [StoreChange] = []
  func record(_ change: StoreChange) { lock.withLock { recorded.append(change) } }
  var changes: [StoreChange] { lock.withLock { recorded } }
}
