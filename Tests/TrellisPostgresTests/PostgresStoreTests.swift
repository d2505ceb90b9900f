import Foundation
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// The PostgreSQL store against a real server the test command starts
/// (scripts/postgres.sh). Locally, without it, the suite checks nothing; with
/// `TRELLIS_REQUIRE_POSTGRES=1` (the test command sets it) its absence fails it.
@Suite("PostgresStore against a real PostgreSQL server", .serialized)
struct PostgresStoreTests {
  @Test func keepsTheAsyncStoreContract() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let contract = AsyncStoreContract(
      refusedValues: (["name": .string("Person 2")], "name"), searches: true)
    let failures = await contract.check { records in
      let store = try await PostgresTestSupport.store(
        url, "contract", records: records.map { ($0.name, $0.rank) })
      // The first time its connection listens, a store tells its observers to read everything
      // again (a reset): each check starts once it listens, so that what it hears is its own.
      _ = await PostgresTestSupport.until(store, within: .seconds(10)) { store.isListening }
      return store
    }
    #expect(failures == [])
  }

  /// A list in pages of 7, load more, an edit through a detail screen, and a unique
  /// violation shown on its row.
  @Test func aListPagesEditsAndShowsRefusalsOnTheirRows() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let names = (1...20).map { "Person \(String(format: "%02d", $0))" }
    let store = try await PostgresTestSupport.store(
      url, "list", records: names.enumerated().map { ($1, $0) })
    defer { store.shutdown() }
    let section = ArrayOfObjectsSection(store: store, definition: store.entity.definition)
    section.fetchOptions.batchSize = 7
    section.addItemText = "New Person"
    let model = TableModel(title: "People")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try await app.settle()
    #expect(app.texts == [Array(names[0..<7]) + ["Load more…", "New Person"]])
    try app.tap("Load more…")
    try await app.settle()
    #expect(app.texts == [Array(names[0..<14]) + ["Load more…", "New Person"]])

    try app.tap("Person 02")
    try app.enter("Person Two", at: "Name")
    try app.send(.done)
    try await app.settle()
    #expect(app.navigator.stack.count == 1)
    #expect(app.texts[0][1] == "Person Two")
    let again = try await store.fetchPage(FetchOptions(batchSize: 7), from: nil)
    #expect(again.items.map { store.itemsDefinition?.title(of: $0) }[1] == "Person Two")

    // A name another row has: the unique constraint refuses it, on the name's row.
    try app.tap("Person 03")
    try app.enter("Person 04", at: "Name")
    try app.send(.done)
    try await app.settle()
    #expect(app.navigator.stack.count == 2, "the form stays")
    let message = try #require(app.top.draft?.message("name"))
    #expect(message.contains("name"))
    let stored = try await store.fetchPage(FetchOptions(batchSize: 7), from: nil)
    #expect(stored.items.map { store.itemsDefinition?.title(of: $0) }[2] == "Person 03")
  }

  /// A server that is not there gives an error row, not a crash, and no placeholder.
  @Test func aRefusedConnectionGivesAnErrorRow() async throws {
    let store = try PostgresStore(
      url: "postgres://trellis@127.0.0.1:1/postgres?sslmode=disable",
      entity: try PostgresTestSupport.entity("refused"), timeout: .seconds(2))
    defer { store.shutdown() }
    await #expect(throws: StoreError.self) {
      _ = try await store.fetchPage(FetchOptions(batchSize: 7), from: nil)
    }
    let section = ArrayOfObjectsSection(store: store, definition: store.entity.definition)
    section.fetchOptions.batchSize = 7
    section.placeholderText = "No people yet"
    let model = TableModel(title: "People")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try await app.settle()
    #expect(app.texts.joined().contains { $0.hasPrefix("Could not load") })
    #expect(
      !app.texts.joined().contains("No people yet"), "a list that could not load is not empty")
  }

  /// Values and search texts that look like SQL are stored and searched literally.
  @Test func injectionAttemptsAreStoredAndSearchedLiterally() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let hostile = [
      "Robert'); DROP TABLE students;--", "100% sure_thing", "back\\slash", "x' OR '1'='1",
    ]
    let store = try await PostgresTestSupport.store(
      url, "hostile", records: hostile.enumerated().map { ($1, $0) })
    defer { store.shutdown() }
    let all = try await store.fetchPage(FetchOptions(), from: nil)
    #expect(all.items.map { store.itemsDefinition?.title(of: $0) } == hostile)
    for (text, expected) in [
      ("'); DROP", [hostile[0]]), ("%", [hostile[1]]), ("_", [hostile[1]]),
      ("\\", [hostile[2]]), ("' OR '1'='1", [hostile[3]]), ("no such", []),
    ] {
      let page = try await store.fetchPage(
        FetchOptions(filter: .search(text, in: ["name"])), from: nil)
      #expect(page.items.map { store.itemsDefinition?.title(of: $0) } == expected, "\(text)")
    }
    #expect(try await store.count(FetchOptions()) == hostile.count)
  }

  /// Moves keep positions 0, 1, 2… and a new column is added to an existing table.
  @Test func movesAndAddsMissingColumns() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(
      url, "moves", records: [("a", 1), ("b", 2), ("c", 3)])
    defer { store.shutdown() }
    try await store.move(at: 0, to: 2)
    let page = try await store.fetchPage(FetchOptions(), from: nil)
    #expect(page.items.map { store.itemsDefinition?.title(of: $0) } == ["b", "c", "a"])
    let moved = try await store.fetchPage(FetchOptions(), from: nil).items
    let stranger = try store.create()
    await #expect(throws: StoreError.self) { try await store.move(stranger, after: moved[0]) }
    await #expect(throws: StoreError.self) { try await store.move(moved[0], after: moved[0]) }
    // The same table, opened with a column fewer first, then with every column.
    var narrow = PostgresEntity(
      table: PostgresTestSupport.freshTable("narrow"), definition: store.entity.definition,
      columns: [.text("name")])
    let first = try PostgresStore(url: url, entity: narrow, timeout: .seconds(30))
    #expect(try await first.count(FetchOptions()) == 0)
    first.shutdown()
    narrow.columns = [.text("name"), .integer("rank"), .text("note", nullable: true)]
    let second = try PostgresStore(url: url, entity: narrow, timeout: .seconds(30))
    defer { second.shutdown() }
    let item = try second.create()
    try await second.insert(item, at: nil)
    #expect(try await second.count(FetchOptions()) == 1)
  }

  @Test func namesThatAreNotPlainIdentifiersAreRefused() throws {
    let entity = PostgresEntity(
      table: "people\"; DROP TABLE x; --", definition: try PostgresTestSupport.definition(),
      columns: [.text("name")])
    #expect(throws: StoreError.self) {
      _ = try PostgresStore(url: "postgres://trellis@127.0.0.1:1/postgres", entity: entity)
    }
  }
}
