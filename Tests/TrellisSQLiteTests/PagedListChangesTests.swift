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

  @Test func insertsAndDeletesStillKeepTheWindowInTheStoresOrder() throws {
    let (store, app) = try Self.app(rows: 1_000, loaded: 200)
    let section = try Self.section(of: app)
    try store.delete(section.items[10])
    try app.host.check()
    #expect(Self.shown(app).count == 200)
    #expect(Self.shown(app)[10] == "Item 11" && Self.shown(app)[199] == "Item 200")
    // An update together with another change: the window is read again.
    try store.update(section.items[0], values: ["name": .string("First")])
    try store.delete(section.items[1])
    try app.host.check()
    #expect(Array(Self.shown(app).prefix(2)) == ["First", "Item 2"])
    try app.send(.loadMore(section: 0))
    let expected = ["First"] + (2..<1_000).filter { $0 != 10 }.map { "Item \($0)" }
    #expect(Self.shown(app) == Array(expected.prefix(300)))
    #expect(app.host.violations.isEmpty)
  }
}
