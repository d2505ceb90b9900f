import Foundation
import GRDB
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

@Suite("Batched loading")
struct BatchedLoadingTests {
  /// A store of `count` rows written by SQL alone.
  static func bigStore(_ count: Int) throws -> SQLiteStore {
    let store = try SQLiteStore.inMemory(entity: SQLiteTestSupport.rankedEntity())
    try store.database.write { db in
      try db.execute(
        sql: """
          WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x < ?)
          INSERT INTO ranked (name, rank, position) SELECT 'Item ' || x, x, x FROM n
          """, arguments: [count - 1])
    }
    return store
  }

  static func screen(_ store: SQLiteStore) throws -> (ArrayOfObjectsSection, HeadlessApp) {
    let section = ArrayOfObjectsSection(
      id: "items", store: store, definition: try SQLiteTestSupport.rankedDefinition())
    section.fetchOptions.batchSize = 50
    section.placeholderText = "Nothing here"
    let model = TableModel(title: "Items")
    model.addSection(section)
    return (section, HeadlessApp(navigator: Navigator(root: Screen(model: model))))
  }

  @Test func aMillionRowsOpenWithOneBatch() throws {
    let store = try Self.bigStore(1_000_000)
    let (section, app) = try Self.screen(store)
    let rows = app.host.rows(inSection: 0)
    #expect(rows.count == 51)
    #expect(rows.first?.text == "Item 0")
    #expect(rows.last?.kind == .loadMore)
    #expect(section.loadState == .loaded)
    #expect(store.loadedObjectCount <= 51, "only one batch (and one more row) was read")

    try app.send(.loadMore(section: 0))
    #expect(app.host.rows(inSection: 0).count == 101)
    #expect(app.host.rows(inSection: 0)[99].text == "Item 99")
    #expect(store.loadedObjectCount <= 101)

    try app.send(.refresh)
    #expect(app.host.rows(inSection: 0).count == 51, "refresh starts again from one batch")
    #expect(app.host.violations.isEmpty)
  }

  @Test func theLastBatchHasNoLoadMoreRow() throws {
    let store = try Self.bigStore(120)
    let (_, app) = try Self.screen(store)
    try app.send(.loadMore(section: 0))
    try app.send(.loadMore(section: 0))
    let rows = app.host.rows(inSection: 0)
    #expect(rows.count == 120)
    #expect(!rows.contains { $0.kind == .loadMore })
  }

  @Test func emptyAndFailedStatesAreInTheModel() throws {
    let store = try Self.bigStore(3)
    let (section, app) = try Self.screen(store)
    #expect(app.texts == [["Item 0", "Item 1", "Item 2"]])
    try store.database.write { db in try db.execute(sql: "DROP TABLE ranked") }
    try app.send(.refresh)
    guard case .failed(let error) = section.loadState else {
      Issue.record("expected a failed state, got \(section.loadState)")
      return
    }
    // What failed, in words; SQLite's message about the table goes to the log.
    #expect(error == .failed(SQLiteStore.schemaChanged))
    let texts = app.texts[0]
    #expect(texts.last == "Could not load: " + SQLiteStore.schemaChanged)
    #expect(Array(texts.dropLast()) == ["Item 0", "Item 1", "Item 2"], "what was shown stays")

    let empty = try SQLiteStore.inMemory(entity: SQLiteTestSupport.rankedEntity())
    let (emptySection, emptyApp) = try Self.screen(empty)
    #expect(emptySection.loadState == .empty)
    #expect(emptyApp.texts == [["Nothing here"]])
  }
  /// A list shorter than a batch holds the whole table after its own insert: a row another
  /// program adds next shows with the rest, not behind a "Load more" row.
  @Test func aShortListKeepsEveryRowAfterItsOwnInsertAndAnotherProgramsInsert() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-short-list-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("ranked.sqlite").path
    let store = try SQLiteStore(
      path: path, entity: try SQLiteTestSupport.rankedEntity(), watchInterval: nil)
    try store.database.write { db in
      for x in 0..<37 {
        try db.execute(
          sql: "INSERT INTO ranked (name, rank, position) VALUES (?, ?, ?)",
          arguments: ["Item \(x)", x, x])
      }
    }
    let (_, app) = try Self.screen(store)
    #expect(app.host.rows(inSection: 0).count == 37)
    let added = Ranked()
    added.name = "Mine"
    added.rank = 100
    try store.insert(.object(ObjectReference(added)), at: nil)
    try app.host.check()
    #expect(app.host.rows(inSection: 0).count == 38)
    try DatabaseQueue(path: path).write { db in
      try db.execute(
        sql: "INSERT INTO ranked (name, rank, position) VALUES ('Theirs', 200, 200)")
    }
    #expect(store.checkForExternalChanges())
    try app.host.check()
    let rows = app.host.rows(inSection: 0)
    #expect(rows.count == 39)
    #expect(!rows.contains { $0.kind == .loadMore })
    #expect(rows.contains { $0.text == "Theirs" })
    #expect(app.host.violations.isEmpty)
  }
}
