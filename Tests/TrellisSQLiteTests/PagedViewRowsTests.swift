import Foundation
import GRDB
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting
import TrellisValues

/// A view of an SQLite file (or a table no store edits) is read a page at a time from the
/// file, whatever its size: counted, searched and sorted there; each row keeps its object while
/// it reads the same, and rows that read alike stay distinct.
@Suite("Paged view rows on SQLite")
struct PagedViewRowsTests {
  /// 25,000 items and a view of them, more than a view's rows were ever read at once.
  static let big = """
    CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT);
    WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM n WHERE x < 25000)
      INSERT INTO item(name) SELECT 'Item ' || x FROM n;
    CREATE VIEW big_items AS SELECT name, id*2 AS twice FROM item;
    """

  /// People, some of them named alike, and a view of their names only.
  static let twins = """
    CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT);
    INSERT INTO person(name) VALUES ('Ann'), ('Bob'), ('Ann'), ('Cy'), ('Ann');
    CREATE VIEW person_name AS SELECT name FROM person;
    """

  /// Books and tags, paired by a join table with an extra column, which has row ids but is
  /// not edited, and a view of the people named alike.
  static let pairs = """
    CREATE TABLE book(id INTEGER PRIMARY KEY, title TEXT);
    CREATE TABLE tag(id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE book_tag(book_id INTEGER REFERENCES book(id),
      tag_id INTEGER REFERENCES tag(id), weight INTEGER, PRIMARY KEY(book_id, tag_id));
    INSERT INTO book VALUES (1, 'Dune'), (2, 'Emma');
    INSERT INTO tag VALUES (1, 'scifi'), (2, 'classic');
    INSERT INTO book_tag VALUES (2, 2, 1), (1, 1, 3);
    """

  /// An app showing a list of `store`'s rows, whose forms only show, and that list's screen.
  private static func window(_ store: SQLiteViewStore) -> (HeadlessApp, Screen) {
    let section = ArrayOfObjectsSection(store: store, definition: store.definition)
    section.allowsEditingDetails = false
    let model = TableModel(title: store.definition.name)
    model.addSection(section)
    let list = Screen(model: model)
    return (HeadlessApp(navigator: Navigator(root: list)), list)
  }

  /// Writes `sql` on a connection of its own, as another program would, and has the file's
  /// stores look for the change.
  private static func writeElsewhere(
    _ sql: String, path: String, stores: SQLiteFileStores, table: String
  ) throws {
    try DatabaseQueue(path: path).write { db in try db.execute(sql: sql) }
    #expect(try #require(stores.store(for: table)).checkForExternalChanges())
  }

  private static func names(_ rows: [Value], _ key: String = "name") -> [Value?] {
    rows.map { ($0.objectValue as? KeyValueCoding).flatMap { try? $0.value(forKey: key) } }
  }

  private static func identities(_ rows: [Value]) -> [ObjectIdentifier?] {
    rows.map { $0.objectValue.map(ObjectIdentifier.init) }
  }

  @Test func aViewsOwnOrderIsTheListsPageByPage() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(
      Self.twins + "CREATE VIEW by_name AS SELECT name FROM person ORDER BY name DESC;")
    defer { try? FileManager.default.removeItem(at: folder) }
    let view = try file.viewStore(for: "by_name")
    let first = try view.fetch(FetchOptions(batchSize: 2))
    let rest = try view.fetch(FetchOptions(batchSize: 10, offset: 2))
    #expect(Self.names(first + rest) == ["Cy", "Bob", "Ann", "Ann", "Ann"])
    #expect(Set(Self.identities(first + rest)).count == 5)
  }

  @Test func aBigViewCountsEveryRowAndEveryPageIsReachable() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(Self.big)
    defer { try? FileManager.default.removeItem(at: folder) }
    let view = try file.viewStore(for: "big_items")
    #expect(try view.count(FetchOptions()) == 25_000)
    // Pages of 1,000 in the store's own order: every row once, none skipped or repeated.
    var seen = Set<Value>()
    var offset = 0
    while true {
      let page = try view.fetch(FetchOptions(batchSize: 1_000, offset: offset))
      if page.isEmpty { break }
      for name in Self.names(page) { seen.insert(name ?? .null) }
      offset += page.count
    }
    #expect(offset == 25_000)
    #expect(seen.count == 25_000)
    #expect(seen.contains("Item 25000"))
    // The last page, sorted by the doubled id.
    let last = try view.fetch(
      FetchOptions(sort: [SortKey("twice")], batchSize: 100, offset: 24_990))
    #expect(Self.names(last, "twice").last == .int(50_000))
    #expect(last.count == 10)
    #expect(view.keptObjectCount <= 5_000, "objects are kept only for rows read recently")
  }

  @Test func aSearchAndAPredicateFindRowsPastTheTenThousandth() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(Self.big)
    defer { try? FileManager.default.removeItem(at: folder) }
    let view = try file.viewStore(for: "big_items")
    let search = FetchOptions(filter: .search("item 24999", in: ["name"]))
    #expect(try view.count(search) == 1)
    #expect(Self.names(try view.fetch(search), "twice") == [.int(49_998)])
    // An integer column is searched in its digits, as a list shows them.
    let digits = FetchOptions(filter: .search("49998", in: ["name", "twice"]))
    #expect(Self.names(try view.fetch(digits)) == ["Item 24999"])
    let predicate = FetchOptions(filter: ItemFilter(try Predicate("twice > 49990")))
    #expect(try view.count(predicate) == 5)
    // A filter SQL cannot run runs in memory over the rows, all of them.
    let opaque = FetchOptions(
      filter: ItemFilter("ends in 777") { $0.value("name")?.displayText.hasSuffix("777") == true },
      batchSize: 2, offset: 20)
    #expect(try view.count(opaque) == 25)
    #expect(Self.names(try view.fetch(opaque)) == ["Item 20777", "Item 21777"])
  }

  @Test func aSortOrdersEveryRow() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(Self.big)
    defer { try? FileManager.default.removeItem(at: folder) }
    let view = try file.viewStore(for: "big_items")
    let descending = try view.fetch(
      FetchOptions(sort: [SortKey("twice", ascending: false)], batchSize: 3))
    #expect(Self.names(descending) == ["Item 25000", "Item 24999", "Item 24998"])
    let byName = try view.fetch(FetchOptions(sort: [SortKey("name")], batchSize: 3, offset: 1))
    #expect(Self.names(byName) == ["Item 10", "Item 100", "Item 1000"])
    #expect(throws: StoreError.self) { try view.fetch(FetchOptions(sort: [SortKey("nothing")])) }
  }

  @Test func rowsThatReadAlikeAreDistinctAndKeepTheirObjects() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(Self.twins)
    defer { try? FileManager.default.removeItem(at: folder) }
    let view = try file.viewStore(for: "person_name")
    let rows = try view.fetch(FetchOptions())
    #expect(Self.names(rows) == ["Ann", "Bob", "Ann", "Cy", "Ann"], "the view's own order")
    #expect(Set(Self.identities(rows)).count == 5, "three Anns, three objects")
    // Read again, page by page: the same objects, in the same places.
    let pages =
      try view.fetch(FetchOptions(batchSize: 2))
      + view.fetch(FetchOptions(batchSize: 2, offset: 2))
      + view.fetch(FetchOptions(batchSize: 2, offset: 4))
    #expect(Self.identities(pages) == Self.identities(rows))
    // Searched, an Ann keeps her object.
    let anns = try view.fetch(FetchOptions(filter: .search("an", in: ["name"])))
    let identities = Self.identities(rows)
    #expect(Self.identities(anns) == [identities[0], identities[2], identities[4]])
  }

  @Test func aChangedRowIsANewObjectAndTheOthersKeepTheirs() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(Self.twins)
    defer { try? FileManager.default.removeItem(at: folder) }
    let view = try file.viewStore(for: "person_name")
    let before = try view.fetch(FetchOptions())
    let people = try #require(file.store(for: "person"))
    let bob = try #require(
      try people.fetch(FetchOptions(filter: .search("bob", in: ["name"]))).first)
    try people.update(bob, values: ["name": "Bo"])
    let after = try view.fetch(FetchOptions())
    #expect(Self.names(after) == ["Ann", "Bo", "Ann", "Cy", "Ann"])
    let kept = Self.identities(after)
    let old = Self.identities(before)
    for index in [0, 2, 3, 4] { #expect(kept[index] == old[index]) }
    #expect(kept[1] != old[1], "Bo is not Bob")
  }

  /// A list of the view, loaded in batches, follows every change to the file; the headless
  /// table checks every changeset as UITableView would (no row twice, counts that add up).
  @Test func everyChangesetOfABatchedListIsValid() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(Self.big + Self.twins)
    defer { try? FileManager.default.removeItem(at: folder) }
    for table in ["big_items", "person_name"] {
      let view = try file.viewStore(for: table)
      let section = ArrayOfObjectsSection(store: view, definition: view.definition)
      section.fetchOptions.batchSize = 50
      section.fetchOptions.sort = [SortKey("name")]
      let model = TableModel()
      model.addSection(section)
      let host = HeadlessHost(model: model)
      try section.loadMore()
      try host.check()
      let items = try #require(file.store(for: "item"))
      let people = try #require(file.store(for: "person"))
      let first = try #require(try items.fetch(FetchOptions(batchSize: 1)).first)
      try items.update(first, values: ["name": "Item 1 renamed"])
      try host.check()
      try items.insert(try items.create(), at: nil)
      try host.check()
      try people.insert(try people.create(), at: nil)
      try host.check()
      let ann = try #require(try people.fetch(FetchOptions(batchSize: 1)).first)
      try people.update(ann, values: ["name": "Bob"])
      try host.check()
      try people.delete(ann)
      try host.check()
      #expect(host.violations.isEmpty)
      #expect(host.texts.first?.count ?? 0 >= (table == "big_items" ? 100 : 5))
    }
  }

  /// A join table with an extra column and a key of two columns has row ids but is not
  /// edited: it is listed as a view's rows are, each titled by the rows it pairs.
  @Test func aReadOnlyJoinTableWithRowIDsIsTitledByTheRowsItPairs() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(
      """
      CREATE TABLE book(id INTEGER PRIMARY KEY, title TEXT);
      CREATE TABLE tag(id INTEGER PRIMARY KEY, name TEXT);
      CREATE TABLE book_tag(book_id INTEGER REFERENCES book(id),
        tag_id INTEGER REFERENCES tag(id), weight INTEGER, PRIMARY KEY(book_id, tag_id));
      INSERT INTO book VALUES (1, 'Dune'), (2, 'Emma');
      INSERT INTO tag VALUES (1, 'scifi'), (2, 'classic');
      INSERT INTO book_tag VALUES (2, 2, 1), (1, 1, 3);
      """)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(file.store(for: "book_tag") == nil, "no store edits it")
    let pairs = try file.viewStore(for: "book_tag")
    let definition = pairs.definition
    #expect(definition.properties.map(\.name) == ["book", "tag", "weight"])
    let rows = try pairs.fetch(FetchOptions())
    // In the order the rows were inserted (by row id).
    #expect(rows.map { definition.title(of: $0) } == ["Emma · classic", "Dune · scifi"])
    let dune = try #require(rows.last)
    let reader = definition.reader(for: dune)
    #expect(reader.value("book") == "Dune")
    #expect(reader.value("tag") == "scifi")
    #expect(reader.value("weight") == .int(3))
    let found = try pairs.fetch(FetchOptions(filter: .search("dun", in: ["book", "tag"])))
    #expect(found.map { definition.title(of: $0) } == ["Dune · scifi"])
  }

  /// A row of a read-only table with row ids is its row id's: changed by another program, it
  /// keeps its object, which takes the new values, so that its open form shows them at once
  /// and its list row is updated in place.
  @Test func aChangedRowWithARowIDKeepsItsObjectAndItsOpenFormShowsTheNewValues() throws {
    let (folder, path, file) = try SQLiteTestSupport.file(Self.pairs)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pairs = try file.viewStore(for: "book_tag")
    let before = try pairs.fetch(FetchOptions())
    let (app, list) = Self.window(pairs)
    #expect(app.texts.first == ["Emma · classic", "Dune · scifi"])
    try app.tap("Dune · scifi")
    #expect(app.row("Weight")?.value == .int(3))
    try Self.writeElsewhere(
      "UPDATE book_tag SET weight = 5 WHERE book_id = 1", path: path, stores: file, table: "book")
    try app.host.check()
    #expect(app.row("Weight")?.value == .int(5), "the open form shows the new value")
    #expect(app.top.itemGone == nil)
    try Self.writeElsewhere(
      "UPDATE book SET title = 'Dune Messiah' WHERE id = 1", path: path, stores: file,
      table: "book")
    try app.host.check()
    #expect(app.row("Book")?.value == "Dune Messiah", "and the new title of the row it points at")
    #expect(app.top.title == "Dune Messiah · scifi")
    #expect(app.top.snapshot().notice == nil)
    let listHost = app.host(for: list)
    try listHost.check()
    #expect(listHost.texts.first == ["Emma · classic", "Dune Messiah · scifi"])
    let totals = listHost.totals
    #expect(totals.itemReloads >= 1, "the row is updated in place")
    #expect(totals.itemDeletes == 0 && totals.itemInserts == 0 && totals.itemMoves == 0)
    #expect(listHost.violations.isEmpty)
    let after = try pairs.fetch(FetchOptions())
    #expect(Self.identities(after) == Self.identities(before), "the same rows, the same objects")
    #expect(Self.names(after, "weight") == [.int(1), .int(5)])
    // Deleted, the row is gone: its form says so.
    try Self.writeElsewhere(
      "DELETE FROM book_tag WHERE book_id = 1", path: path, stores: file, table: "book")
    try app.host.check()
    #expect(app.top.itemGone != nil)
    #expect(app.row("Weight")?.value == .int(5), "the values shown stay")
  }

  /// A row of a view is what it reads: once another program changes or deletes it, its open
  /// form says that it is gone, as a table row's form does, and keeps showing what it showed;
  /// a change to another row leaves the form be, and the list is right when the person goes
  /// back to it.
  @Test func aFormOfAViewRowSaysTheRowIsGoneOnceItChangesOrIsDeleted() throws {
    let (folder, path, file) = try SQLiteTestSupport.file(Self.twins)
    defer { try? FileManager.default.removeItem(at: folder) }
    let view = try file.viewStore(for: "person_name")
    let (app, list) = Self.window(view)
    #expect(app.texts.first == ["Ann", "Bob", "Ann", "Cy", "Ann"])
    let gone =
      "Someone else changed or deleted this person name since you opened it: go back to see "
      + "the list as it is now."
    try app.tap("Bob")
    try Self.writeElsewhere(
      "INSERT INTO person(name) VALUES ('Dee')", path: path, stores: file, table: "person")
    try app.host.check()
    #expect(app.top.itemGone == nil, "another row came")
    try Self.writeElsewhere(
      "UPDATE person SET name = 'Bo' WHERE id = 2", path: path, stores: file, table: "person")
    try app.host.check()
    #expect(app.top.itemGone == gone)
    #expect(app.top.snapshot().notice == gone)
    #expect(app.row("Name")?.value == "Bob", "the values shown stay")
    try app.send(.back)
    try app.host.check()
    #expect(app.texts.first == ["Ann", "Bo", "Ann", "Cy", "Ann", "Dee"])
    // A row deleted: its form says so too; the other rows stay where they were.
    try app.tap("Cy")
    #expect(app.top.itemGone == nil)
    try Self.writeElsewhere(
      "DELETE FROM person WHERE id = 4", path: path, stores: file, table: "person")
    try app.host.check()
    #expect(app.top.itemGone == gone)
    let listHost = app.host(for: list)
    try listHost.check()
    #expect(listHost.texts.first == ["Ann", "Bo", "Ann", "Ann", "Dee"])
    #expect(listHost.totals.itemMoves == 0)
    #expect(listHost.violations.isEmpty)
  }
}
