import Foundation
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// A PostgreSQL view (or a table no store edits) is read a page at a time from the database,
/// whatever its size: counted, searched and sorted there; each row keeps its object while it
/// reads the same, and rows that read alike stay distinct.
@Suite("Paged view rows on PostgreSQL")
struct PagedViewRowsPostgresTests {
  static let schema = [
    "CREATE TABLE item (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text)",
    "INSERT INTO item (name) SELECT 'Item ' || x FROM generate_series(1, 25000) AS x",
    "CREATE VIEW big_items AS SELECT name, id * 2 AS twice FROM item",
    "CREATE TABLE person (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text)",
    "INSERT INTO person (name) VALUES ('Ann'), ('Bob'), ('Ann'), ('Cy'), ('Ann')",
    "CREATE VIEW person_name AS SELECT name FROM person",
    "CREATE TABLE book (id bigint PRIMARY KEY, title text)",
    "CREATE TABLE tag (id bigint PRIMARY KEY, name text)",
    """
    CREATE TABLE book_tag (book_id bigint REFERENCES book(id), tag_id bigint REFERENCES tag(id),
      weight integer, PRIMARY KEY (book_id, tag_id))
    """,
    "INSERT INTO book VALUES (1, 'Dune'), (2, 'Emma')",
    "INSERT INTO tag VALUES (1, 'scifi'), (2, 'classic')",
    "INSERT INTO book_tag VALUES (2, 2, 1), (1, 1, 3)",
  ]

  /// A new database holding ``schema``, its address; `nil` without a cluster.
  private static func database() async throws -> String? {
    guard let cluster = PostgresTestSupport.url else { return nil }
    let name = "paged_" + UUID().uuidString.prefix(8).lowercased()
    try await AnyDataPostgres.run(cluster, ["CREATE DATABASE \(name)"])
    let base = cluster.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    let url = base.joined(separator: "/") + "/" + name
    try await AnyDataPostgres.run(url, schema)
    return url
  }

  /// An app showing a list of `store`'s rows, whose forms only show, and that list's screen.
  private static func window(_ store: PostgresViewStore) -> (HeadlessApp, Screen) {
    let section = ArrayOfObjectsSection(store: store, definition: store.definition)
    section.allowsEditingDetails = false
    let model = TableModel(title: store.definition.name)
    model.addSection(section)
    let list = Screen(model: model)
    return (HeadlessApp(navigator: Navigator(root: list)), list)
  }

  private static func values(_ rows: [Value], _ key: String = "name") -> [Value?] {
    rows.map { ($0.objectValue as? KeyValueCoding).flatMap { try? $0.value(forKey: key) } }
  }

  private static func identities(_ rows: [Value]) -> [ObjectIdentifier?] {
    rows.map { $0.objectValue.map(ObjectIdentifier.init) }
  }

  private static func page(
    _ view: PostgresViewStore, _ options: FetchOptions = FetchOptions()
  ) async throws -> [Value] {
    try await view.fetchPage(options, from: nil).items
  }

  @Test func aBigViewIsCountedSearchedAndSortedInTheDatabase() async throws {
    guard let url = try await Self.database() else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let view = try #require(database.viewStore(for: "big_items"))
    #expect(try await view.count(FetchOptions()) == 25_000)
    // Pages of 5,000 by the store's own order: every row once.
    var seen = Set<Value>()
    var token: PageToken? = nil
    repeat {
      let page = try await view.fetchPage(FetchOptions(batchSize: 5_000), from: token)
      for name in Self.values(page.items) { seen.insert(name ?? .null) }
      token = page.next
    } while token != nil
    #expect(seen.count == 25_000)
    let last = try await Self.page(
      view, FetchOptions(sort: [SortKey("twice")], batchSize: 100, offset: 24_990))
    #expect(last.count == 10)
    #expect(Self.values(last, "twice").last == .int(50_000))
    let search = FetchOptions(filter: .search("item 24999", in: ["name"]))
    #expect(try await view.count(search) == 1)
    #expect(Self.values(try await Self.page(view, search), "twice") == [.int(49_998)])
    let descending = try await Self.page(
      view, FetchOptions(sort: [SortKey("twice", ascending: false)], batchSize: 2))
    #expect(Self.values(descending) == ["Item 25000", "Item 24999"])
    let opaque = FetchOptions(
      filter: ItemFilter("ends in 777") { $0.value("name")?.displayText.hasSuffix("777") == true })
    #expect(try await view.count(opaque) == 25)
    #expect(view.keptObjectCount <= 5_000, "objects are kept only for rows read recently")
  }

  @Test func rowsThatReadAlikeAreDistinctAndAChangeKeepsTheOthersObjects() async throws {
    guard let url = try await Self.database() else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let view = try #require(database.viewStore(for: "person_name"))
    let rows = try await Self.page(view)
    #expect(Self.values(rows) == ["Ann", "Ann", "Ann", "Bob", "Cy"])
    #expect(Set(Self.identities(rows)).count == 5, "three Anns, three objects")
    let second = try await Self.page(view, FetchOptions(batchSize: 3, offset: 2))
    #expect(Self.identities(second) == Array(Self.identities(rows)[2...4]))
    try await AnyDataPostgres.run(url, ["UPDATE person SET name = 'Bo' WHERE name = 'Bob'"])
    let after = try await Self.page(view)
    #expect(Self.values(after) == ["Ann", "Ann", "Ann", "Bo", "Cy"])
    let (old, kept) = (Self.identities(rows), Self.identities(after))
    #expect(Array(kept.prefix(3)) == Array(old.prefix(3)) && kept[4] == old[4])
    #expect(kept[3] != old[3], "Bo is not Bob")
  }

  /// A list of the view, 50 rows at a time, follows another program's changes; the headless
  /// table checks every changeset as UITableView would.
  @Test func aListFollowsChangesWithValidChangesets() async throws {
    guard let url = try await Self.database() else { return }
    let database = try await PostgresDatabase.open(url: url, pollInterval: .milliseconds(50))
    defer { database.shutdown() }
    let changes = [
      "big_items": ["UPDATE item SET name = 'Aaa big_items' WHERE id = 2"],
      "person_name": [
        "INSERT INTO person (name) VALUES ('Aaa person_name'), ('Ann')",
        "DELETE FROM person WHERE name = 'Cy'",
      ],
    ]
    for (name, statements) in changes.sorted(by: { $0.key < $1.key }) {
      let view = try #require(database.viewStore(for: name))
      let section = ArrayOfObjectsSection(store: view, definition: view.definition)
      section.fetchOptions.batchSize = 50
      section.fetchOptions.sort = [SortKey("name")]
      let model = TableModel(title: name)
      model.addSection(section)
      let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
      try await app.settle()
      let marker = "Aaa \(name)"
      #expect(app.texts.first?.first != marker)
      try await AnyDataPostgres.run(url, statements)
      try await app.settle(until: { app.texts.first?.first == marker })
      #expect(app.texts.first?.first == marker)
      #expect(app.host.violations.isEmpty)
    }
  }

  /// A join table with an extra column is listed by the titles of the rows it pairs.
  @Test func aJoinTableWithAnExtraColumnIsTitledByTheRowsItPairs() async throws {
    guard let url = try await Self.database() else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    #expect(database.store(for: "book_tag") == nil)
    let pairs = try #require(database.viewStore(for: "book_tag"))
    let definition = pairs.definition
    #expect(definition.properties.map(\.name) == ["book", "tag", "weight"])
    let rows = try await Self.page(pairs)
    #expect(rows.map { definition.title(of: $0) } == ["Dune · scifi", "Emma · classic"])
    let dune = try #require(rows.first)
    #expect(definition.reader(for: dune).value("weight") == .int(3))
    let found = try await Self.page(
      pairs, FetchOptions(filter: .search("emm", in: ["book", "tag"])))
    #expect(found.map { definition.title(of: $0) } == ["Emma · classic"])
  }

  /// A row of a read-only table is its primary key's: changed by another program, it keeps
  /// its object, which takes the new values, so that its open form shows them and its list
  /// row is updated in place.
  @Test func aChangedRowWithAPrimaryKeyKeepsItsObjectAndItsOpenFormShowsIt() async throws {
    guard let url = try await Self.database() else { return }
    let database = try await PostgresDatabase.open(url: url, pollInterval: .milliseconds(50))
    defer { database.shutdown() }
    let pairs = try #require(database.viewStore(for: "book_tag"))
    let before = try await Self.page(pairs)
    let (app, list) = Self.window(pairs)
    try await app.settle(until: { app.texts.first == ["Dune · scifi", "Emma · classic"] })
    let listHost = app.host(for: list)
    let loaded = listHost.totals
    try app.tap("Dune · scifi")
    #expect(app.row("Weight")?.value == .int(3))
    try await AnyDataPostgres.run(
      url,
      [
        "UPDATE book_tag SET weight = 5 WHERE book_id = 1",
        "UPDATE book SET title = 'Dune Messiah' WHERE id = 1",
      ])
    try await app.settle(until: { app.row("Weight")?.value == .int(5) })
    #expect(app.row("Book")?.value == "Dune Messiah")
    #expect(app.top.title == "Dune Messiah · scifi")
    #expect(app.top.itemGone == nil)
    try listHost.check()
    #expect(listHost.texts.first == ["Dune Messiah · scifi", "Emma · classic"])
    let totals = listHost.totals
    #expect(totals.itemDeletes == loaded.itemDeletes && totals.itemInserts == loaded.itemInserts)
    #expect(totals.itemMoves == loaded.itemMoves)
    #expect(listHost.violations.isEmpty)
    let after = try await Self.page(pairs)
    pairs.applyArrivedValues()
    #expect(Self.identities(after) == Self.identities(before), "the same rows, the same objects")
    #expect(Self.values(after, "weight") == [.int(5), .int(1)])
    try await AnyDataPostgres.run(url, ["DELETE FROM book_tag WHERE book_id = 1"])
    try await app.settle(until: { app.top.itemGone != nil })
    #expect(app.row("Weight")?.value == .int(5), "the values shown stay")
  }

  /// A row of a view is what it reads: once another program changes or deletes it, its open
  /// form says that it is gone, as a table row's form does, and keeps what it showed; a
  /// change to another row leaves the form be.
  @Test func aFormOfAViewRowSaysTheRowIsGoneOnceItChangesOrIsDeleted() async throws {
    guard let url = try await Self.database() else { return }
    let database = try await PostgresDatabase.open(url: url, pollInterval: .milliseconds(50))
    defer { database.shutdown() }
    let view = try #require(database.viewStore(for: "person_name"))
    let (app, list) = Self.window(view)
    try await app.settle(until: { app.texts.first == ["Ann", "Ann", "Ann", "Bob", "Cy"] })
    let gone =
      "Someone else changed or deleted this person name since you opened it: go back to see "
      + "the list as it is now."
    try app.tap("Bob")
    try await AnyDataPostgres.run(url, ["INSERT INTO person (name) VALUES ('Dee')"])
    let listHost = app.host(for: list)
    try await app.settle(until: {
      (try? listHost.check()) != nil && listHost.texts.first?.last == "Dee"
    })
    #expect(app.top.itemGone == nil, "another row came")
    try await AnyDataPostgres.run(url, ["UPDATE person SET name = 'Bo' WHERE name = 'Bob'"])
    try await app.settle(until: { app.top.itemGone != nil })
    #expect(app.top.itemGone == gone)
    #expect(app.top.snapshot().notice == gone)
    #expect(app.row("Name")?.value == "Bob", "the values shown stay")
    try app.send(.back)
    try await app.settle(until: { app.texts.first == ["Ann", "Ann", "Ann", "Bo", "Cy", "Dee"] })
    try app.tap("Cy")
    #expect(app.top.itemGone == nil)
    try await AnyDataPostgres.run(url, ["DELETE FROM person WHERE name = 'Cy'"])
    try await app.settle(until: { app.top.itemGone != nil })
    #expect(app.top.itemGone == gone)
    try await app.settle(until: {
      (try? listHost.check()) != nil
        && listHost.texts.first == ["Ann", "Ann", "Ann", "Bo", "Dee"]
    })
    #expect(listHost.totals.itemMoves == 0)
    #expect(listHost.violations.isEmpty)
  }
}
