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
}
