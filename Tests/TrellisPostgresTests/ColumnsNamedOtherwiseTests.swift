import Foundation
import Testing
import Trellis
import TrellisPostgres
import TrellisSQL
import TrellisTesting

/// Columns of a PostgreSQL table made elsewhere whose names are not keys ("Full Name",
/// "unit-price", "2nd line", "e-mail"): each is a property with a key of its own, titled by the
/// column's name, read, written, sorted, searched and filtered by its quoted SQL name.
@Suite("Columns whose names are not keys, on PostgreSQL")
struct ColumnsNamedOtherwiseTests {
  static let schema = [
    """
    CREATE TABLE person (id bigserial PRIMARY KEY, "Full Name" text NOT NULL,
      "unit-price" numeric CHECK ("unit-price" >= 0), "2nd line" text, "e-mail" text,
      e_mail text, "a""quote" text)
    """,
    """
    INSERT INTO person ("Full Name", "unit-price", "2nd line", "e-mail", e_mail, "a""quote")
    VALUES ('Cy Bell', 2.5, 'Flat 2', 'cy@example.org', 'other', 'q1'),
      ('Ann Lee', 10, NULL, 'ann@example.org', NULL, 'q2'),
      ('Bo Diaz', 0.5, 'Unit 9', NULL, NULL, NULL)
    """,
    """
    CREATE TABLE author (id serial PRIMARY KEY, "Pen Name" text NOT NULL)
    """,
    """
    CREATE TABLE book (id serial PRIMARY KEY, "Book Title" text NOT NULL,
      author_id integer REFERENCES author (id))
    """,
    "INSERT INTO author (\"Pen Name\") VALUES ('Ann'), ('Bo')",
    "INSERT INTO book (\"Book Title\", author_id) VALUES ('First', 1)",
  ]

  /// A new database on the test cluster holding ``schema``, its address; `nil` without a
  /// cluster.
  static func database() async throws -> String? {
    guard let cluster = PostgresTestSupport.url else { return nil }
    let name = "columns_" + UUID().uuidString.prefix(8).lowercased()
    try await AnyDataPostgres.run(cluster, ["CREATE DATABASE \(name)"])
    let base = cluster.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    let url = base.joined(separator: "/") + "/" + name
    try await AnyDataPostgres.run(url, schema)
    return url
  }

  /// The `Full_Name` of each item `options` selects, in order.
  static func names(_ store: PostgresStore, _ options: FetchOptions) async throws -> [Value] {
    try await store.fetchPage(options, from: nil).items.map {
      try AnyDataPostgres.value($0, "Full_Name", store.entity.definition)
    }
  }

  @Test func eachColumnIsAPropertyReadSortedSearchedAndFilteredByItsName() async throws {
    guard let url = try await Self.database() else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let people = try #require(database.store(for: "person"))
    let definition = people.entity.definition
    #expect(
      definition.properties.map(\.name) == [
        "Full_Name", "unit_price", "_2nd_line", "e_mail_2", "e_mail", "a_quote",
      ])
    #expect(
      ["Full_Name", "unit_price", "_2nd_line", "e_mail_2", "a_quote"].map {
        definition[$0]?.title
      } == ["Full Name", "unit-price", "2nd line", "e-mail", "a\"quote"])
    #expect(definition.titlePropertyNames == ["Full_Name"])
    #expect(definition["Full_Name"]?.isRequired == true)
    let context = RowContext(rowID: RowID(.string("unit_price")))
    let problem = definition["unit_price"]?.actions.valueIsValid?(.double(-1), context)
    #expect(problem?.contains("unit-price") == true)

    let sorted = try await people.fetchPage(FetchOptions(sort: [SortKey("Full_Name")]), from: nil)
    func values(_ key: String) throws -> [Value] {
      try sorted.items.map { try AnyDataPostgres.value($0, key, definition) }
    }
    #expect(try values("Full_Name") == ["Ann Lee", "Bo Diaz", "Cy Bell"])
    #expect(try values("unit_price") == [10.0, 0.5, 2.5])
    #expect(try values("_2nd_line") == [.null, "Unit 9", "Flat 2"])
    #expect(try values("e_mail_2") == ["ann@example.org", .null, "cy@example.org"])
    #expect(try values("a_quote") == ["q2", .null, "q1"])

    let byPrice = FetchOptions(sort: [SortKey("unit_price", ascending: false)])
    #expect(try await Self.names(people, byPrice) == ["Ann Lee", "Cy Bell", "Bo Diaz"])
    let cheap = FetchOptions(
      filter: ItemFilter(try Predicate("unit_price < 3 AND _2nd_line != nil")))
    #expect(try await Self.names(people, cheap) == ["Cy Bell", "Bo Diaz"])
    let search = FetchOptions(filter: .search("unit", in: ["Full_Name", "_2nd_line"]))
    #expect(try await Self.names(people, search) == ["Bo Diaz"])
    #expect(try await people.count(FetchOptions(filter: .search("example", in: ["e_mail_2"]))) == 2)
    // SQL answers each of them: nothing is left to filter in memory.
    for options in [byPrice, cheap, search] {
      let query = try SQLQuery(options, of: people.entity, keys: { _ in nil })
      #expect(query.memoryFilter == nil)
    }
    let query = try SQLQuery(cheap, of: people.entity, keys: { _ in nil })
    #expect(query.condition?.contains(#""unit-price""#) == true)
  }

  @Test func anEditAndANewRowAreWrittenToTheColumns() async throws {
    guard let url = try await Self.database() else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let people = try #require(database.store(for: "person"))
    let ann = try await AnyDataPostgres.item(people, "Full_Name", "Ann Lee")
    try await people.update(
      ann, values: ["Full_Name": "Ann Lee-Smith", "unit_price": 12.25, "a_quote": "q\"2"])
    #expect(
      try await AnyDataPostgres.texts(
        url,
        #"SELECT "Full Name" || '|' || "unit-price"::text || '|' || "a""quote" FROM person "#
          + "WHERE id = 2") == ["Ann Lee-Smith|12.25|q\"2"])

    let item = try people.create()
    let kvc = try #require(
      item.objectValue.flatMap { people.entity.definition.keyValueCoding(for: $0) })
    try kvc.setValue("Di Moss", forKey: "Full_Name")
    try kvc.setValue("d@example.org", forKey: "e_mail_2")
    try await people.insert(item, at: nil)
    #expect(
      try await AnyDataPostgres.texts(
        url, #"SELECT "e-mail" FROM person WHERE "Full Name" = 'Di Moss'"#)
        == ["d@example.org"])
  }

  @Test func aFormIsTitledByTheColumnsNameAndAChangeElsewhereShows() async throws {
    guard let url = try await Self.database() else { return }
    let app = try await AnyDataPostgres.app(url)
    defer { PostgresDatabase.close(url: url) }
    try await AnyDataPostgres.open("person", "Ann Lee", in: app)
    #expect(app.row("Full Name") != nil)
    #expect(app.row("Full_Name") == nil)
    try app.enter("Ann Lee-Smith", at: "Full Name")
    try app.send(.done)
    try await app.settle()
    #expect(
      try await AnyDataPostgres.texts(url, #"SELECT "Full Name" FROM person WHERE id = 2"#)
        == ["Ann Lee-Smith"])
    try await app.settle(until: { app.row("Ann Lee-Smith") != nil }, timeout: .seconds(10))

    // Another program writes the column; the list shows it.
    try await AnyDataPostgres.run(
      url, [#"UPDATE person SET "Full Name" = 'Cy Bell-Ross' WHERE id = 1"#])
    try await app.settle(until: { app.row("Cy Bell-Ross") != nil }, timeout: .seconds(10))
    #expect(app.row("Cy Bell-Ross") != nil)
  }

  @Test func aTitleColumnNamedOtherwiseTitlesPointingRows() async throws {
    guard let url = try await Self.database() else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let books = try #require(database.store(for: "book"))
    let authors = try #require(database.store(for: "author"))
    #expect(books.entity.definition.properties.map(\.name) == ["Book_Title", "author"])
    #expect(authors.entity.definition.titlePropertyNames == ["Pen_Name"])
    let first = try await AnyDataPostgres.item(books, "Book_Title", "First")
    let author = try AnyDataPostgres.value(first, "author", books.entity.definition)
    #expect(author.objectValue != nil)
    let reader = authors.entity.definition.reader(for: author)
    #expect(reader.value("Pen_Name") == "Ann")
  }
}
