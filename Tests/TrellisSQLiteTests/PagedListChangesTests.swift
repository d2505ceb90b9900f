import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

/// A long list shown a page at a time follows the store's updates in place, as a whole list
/// does: an update renders its one row, and fetches nothing, however many rows are loaded.
@Suite("Store changes in a paged list")
struct PagedListChangesTests {
  /// A list of `count` rows with `loaded` of them shown, in pages of 100.
  static func app(rows count: Int, loaded: Int) throws -> (SQLiteStore, HeadlessApp) {
    let store = try ObjectFaultTests.store(count)
    let app = try ObjectFaultTests.app(store, batch: 100)
    for _ in 1..<(loaded / 100) { try app.send(.loadMore(section: 0)) }
    return (store, app)
  }

  /// The texts of the rows that show items, without the row that loads more.
  static func shown(_ app: HeadlessApp) -> [String] {
    app.texts[0].filter { $0 != "Load more…" }
  }

  static func section(of app: HeadlessApp) throws -> ArrayOfObjectsSection {
    try #require(app.navigator.top.model.sections.first as? ArrayOfObjectsSection)
  }

  @Test func anUpdateRendersItsRowWithoutFetching() throws {
    let (store, app) = try Self.app(rows: 1_000, loaded: 300)
    let section = try Self.section(of: app)
    #expect(section.items.count == 300)
    let before = app.host.model.statistics
    try store.update(section.items[150], values: ["name": .string("Renamed")])
    try app.host.check()
    #expect(app.texts[0][150] == "Renamed")
    #expect(app.texts[0][149] == "Item 149" && app.texts[0][151] == "Item 151")
    #expect(app.host.model.statistics.fetches == before.fetches)
    #expect(app.host.model.statistics.rowBuilds - before.rowBuilds == 1)
    #expect(app.host.changesets.last?.totals.itemReloads == 1)
    #expect(app.host.violations.isEmpty)
  }

  @Test func anUpdateBeyondTheRowsLoadedShowsWhenItsPageLoads() throws {
    let (store, app) = try Self.app(rows: 1_000, loaded: 200)
    let beyond = try store.fetch(FetchOptions())[250]
    let before = app.host.model.statistics
    let shown = app.texts
    try store.update(beyond, values: ["name": .string("Renamed")])
    try app.host.check()
    #expect(app.texts == shown)
    #expect(app.host.model.statistics.fetches == before.fetches)
    try app.send(.loadMore(section: 0))
    #expect(Self.shown(app).count == 300)
    #expect(Self.shown(app)[250] == "Renamed")
    #expect(app.host.violations.isEmpty)
  }

  /// Inserts a row named `name` at `index` of the store's order.
  static func insert(_ name: String, at index: Int, in store: SQLiteStore) throws {
    let item = try store.create()
    let coding = try #require(
      item.objectValue.flatMap { store.entity.definition.keyValueCoding(for: $0) })
    try coding.setValue(.string(name), forKey: "name")
    try coding.setValue(.int(-1), forKey: "rank")
    try store.insert(item, at: index)
  }

  /// The names of the store's first `count` rows, as a fresh page shows them.
  static func firstRows(_ count: Int, of store: SQLiteStore) throws -> [String] {
    try store.fetch(FetchOptions(batchSize: count)).map {
      store.entity.definition.reader(for: $0).value("name")?.stringValue ?? "?"
    }
  }

  @Test func insertsDeletesAndMovesApplyToTheRowsLoadedWithoutFetching() throws {
    let (store, app) = try Self.app(rows: 1_000, loaded: 200)
    let section = try Self.section(of: app)
    let before = app.host.model.statistics
    // A delete: the window shows one row fewer.
    try store.delete(section.items[10])
    try app.host.check()
    #expect(Self.shown(app).count == 199)
    #expect(Self.shown(app)[10] == "Item 11" && Self.shown(app)[198] == "Item 199")
    // An insert at the top and a move within the window.
    try Self.insert("New", at: 0, in: store)
    try store.move(section.items[50], after: section.items[1])
    try app.host.check()
    #expect(Self.shown(app).count == 200)
    #expect(Array(Self.shown(app).prefix(4)) == ["New", "Item 0", "Item 1", "Item 51"])
    #expect(Self.shown(app) == (try Self.firstRows(200, of: store)))
    #expect(app.host.model.statistics.fetches == before.fetches)
    // A move out of the window and one into it.
    try store.move(section.items[5], after: try store.fetch(FetchOptions())[700])
    try store.move(try store.fetch(FetchOptions())[800], after: nil)
    try app.host.check()
    #expect(Self.shown(app) == (try Self.firstRows(200, of: store)))
    #expect(app.host.model.statistics.fetches == before.fetches)
    // The next page starts after the rows shown, as a fresh list's would.
    try app.send(.loadMore(section: 0))
    #expect(Self.shown(app).count == 300)
    #expect(Self.shown(app) == (try Self.firstRows(300, of: store)))
    // An insert beyond the rows shown changes none of them.
    try Self.insert("Far", at: 900, in: store)
    try app.host.check()
    #expect(Self.shown(app) == (try Self.firstRows(300, of: store)))
    #expect(app.host.violations.isEmpty)
  }

  @Test func anInsertAfterARowNoListHasReadFetchesNothing() throws {
    let (store, app) = try Self.app(rows: 1_000, loaded: 200)
    let shown = app.texts
    let before = app.host.model.statistics
    // At the end, and in the middle beyond the rows loaded: no list has read the row before.
    try Self.insert("Last", at: 1_000, in: store)
    try Self.insert("Far", at: 600, in: store)
    try app.host.check()
    #expect(app.texts == shown)
    #expect(app.host.model.statistics.fetches == before.fetches)
    // The pages still to load bring both, where a fresh list shows them.
    for _ in 0..<9 { try app.send(.loadMore(section: 0)) }
    #expect(Self.shown(app).count == 1_002)
    #expect(Self.shown(app) == (try Self.firstRows(1_002, of: store)))
    #expect(Self.shown(app)[600] == "Far" && Self.shown(app)[1_001] == "Last")
    #expect(app.host.violations.isEmpty)
  }

  @Test func anInsertBesideAListOfEveryRowShowsInItAndNotInTheWindow() throws {
    let (store, app) = try Self.app(rows: 1_000, loaded: 200)
    // A list of every row of the same table, open beside the long one.
    let whole = try ObjectFaultTests.app(store, batch: nil)
    let shown = app.texts
    let before = (app.host.model.statistics, whole.host.model.statistics)
    try Self.insert("Last", at: 1_000, in: store)
    try Self.insert("Far", at: 600, in: store)
    try app.host.check()
    try whole.host.check()
    #expect(app.texts == shown)
    #expect(app.host.model.statistics.fetches == before.0.fetches)
    #expect(whole.host.model.statistics.fetches == before.1.fetches)
    #expect(whole.texts[0] == (try Self.firstRows(1_002, of: store)))
    #expect(app.host.violations.isEmpty && whole.host.violations.isEmpty)
  }

  @Test func aChangeItCannotPlaceReadsTheWindowAgain() throws {
    let (store, app) = try Self.app(rows: 1_000, loaded: 200)
    let section = try Self.section(of: app)
    try store.update(section.items[0], values: ["name": .string("First")])
    try store.delete(section.items[1])
    // Raw SQL on the store's connection is reported as a reset.
    try store.database.write { db in
      try db.execute(sql: "UPDATE counted SET name = 'Raw' WHERE rank = 2")
    }
    try app.host.check()
    #expect(Array(Self.shown(app).prefix(2)) == ["First", "Raw"])
    #expect(Self.shown(app) == (try Self.firstRows(200, of: store)))
    #expect(app.host.violations.isEmpty)
  }
}
