import Foundation
import GRDB
import Testing
import Trellis
import TrellisSQL
import TrellisSQLite
import TrellisTesting

/// Columns whose names are not keys ("First Name", "unit-price", "2nd line", "e-mail"), as
/// spreadsheets imported into SQLite have them: each is a property with a key of its own,
/// titled by the column's name, read, written, sorted, searched and filtered by its SQL name.
@Suite("Columns whose names are not keys, on SQLite")
struct ColumnsNamedOtherwiseTests {
  static let people = """
    CREATE TABLE person (id INTEGER PRIMARY KEY, "Full Name" TEXT NOT NULL,
      "unit-price" REAL CHECK ("unit-price" >= 0), "2nd line" TEXT, "e-mail" TEXT,
      e_mail TEXT, "a""quote" TEXT);
    INSERT INTO person VALUES (1, 'Cy Bell', 2.5, 'Flat 2', 'cy@example.org', 'other', 'q1');
    INSERT INTO person VALUES (2, 'Ann Lee', 10, NULL, 'ann@example.org', NULL, 'q2');
    INSERT INTO person VALUES (3, 'Bo Diaz', 0.5, 'Unit 9', NULL, NULL, NULL);
    """

  @Test func eachColumnIsAPropertyWithAKeyTitledByTheColumnsName() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(Self.people)
    defer { try? FileManager.default.removeItem(at: folder) }
    let people = try #require(file.store(for: "person"))
    let definition = people.entity.definition
    #expect(
      definition.properties.map(\.name) == [
        "Full_Name", "unit_price", "_2nd_line", "e_mail_2", "e_mail", "a_quote",
      ])
    #expect(
      ["Full_Name", "unit_price", "_2nd_line", "e_mail_2", "a_quote"].map {
        definition[$0]?.title
      } == ["Full Name", "unit-price", "2nd line", "e-mail", "a\"quote"])
    // The only text column named like a name titles the rows.
    #expect(definition.titlePropertyNames == ["Full_Name"])
    #expect(definition["Full_Name"]?.isRequired == true)
    #expect(definition["unit_price"]?.valueKind?.unwrapped == .double)
    // The column's CHECK guards its property, in the column's words.
    let context = RowContext(rowID: RowID(.string("unit_price")))
    let problem = definition["unit_price"]?.actions.valueIsValid?(.double(-1), context)
    #expect(problem?.contains("unit-price") == true)

    let rows = try people.fetch(FetchOptions(sort: [SortKey("Full_Name")]))
    let readers = rows.map { definition.reader(for: $0) }
    #expect(readers.map { $0.value("Full_Name") } == ["Ann Lee", "Bo Diaz", "Cy Bell"])
    #expect(readers.map { $0.value("unit_price") } == [10.0, 0.5, 2.5])
    #expect(readers.map { $0.value("_2nd_line") } == [.null, "Unit 9", "Flat 2"])
    #expect(readers.map { $0.value("e_mail_2") } == ["ann@example.org", .null, "cy@example.org"])
    #expect(readers.map { $0.value("e_mail") } == [.null, .null, "other"])
    #expect(readers.map { $0.value("a_quote") } == ["q2", .null, "q1"])
  }

  @Test func aFormShowsTheColumnsNameAndSavesAnEditInThatColumn() throws {
    let (folder, path, file) = try SQLiteTestSupport.file(Self.people)
    defer { try? FileManager.default.removeItem(at: folder) }
    let people = try #require(file.store(for: "person"))
    let model = TableModel(title: "People")
    model.addSection(
      ArrayOfObjectsSection(store: people, definition: try #require(people.itemsDefinition)))
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    #expect(app.texts == [["Cy Bell", "Ann Lee", "Bo Diaz"]])

    try app.tap("Ann Lee")
    #expect(app.row("Full Name") != nil)
    #expect(app.row("unit-price") != nil)
    #expect(app.row("Full_Name") == nil)
    try app.enter("Ann Lee-Smith", at: "Full Name")
    try app.enter(.double(12.25), at: "unit-price")
    try app.enter("Floor 3", at: "2nd line")
    try app.send(.done)
    #expect(app.texts == [["Cy Bell", "Ann Lee-Smith", "Bo Diaz"]])
    let stored = try DatabaseQueue(path: path).read { db in
      try Row.fetchOne(
        db, sql: #"SELECT "Full Name", "unit-price", "2nd line" FROM person WHERE id = 2"#)
    }
    #expect(stored?[0] == "Ann Lee-Smith")
    #expect(stored?[1] == 12.25)
    #expect(stored?[2] == "Floor 3")
    #expect(app.host.violations.isEmpty)
  }

  @Test func aNewRowIsInsertedIntoTheColumnsAndAChangeElsewhereShows() throws {
    let (folder, path, file) = try SQLiteTestSupport.file(Self.people)
    defer { try? FileManager.default.removeItem(at: folder) }
    let people = try #require(file.store(for: "person"))
    let item = try people.create()
    let kvc = try #require(
      item.objectValue.flatMap { people.entity.definition.keyValueCoding(for: $0) })
    try kvc.setValue("Di Moss", forKey: "Full_Name")
    try kvc.setValue("d@example.org", forKey: "e_mail_2")
    try people.insert(item, at: nil)
    let other = try DatabaseQueue(path: path)
    let inserted = try other.read { db in
      try String.fetchOne(db, sql: #"SELECT "e-mail" FROM person WHERE "Full Name" = 'Di Moss'"#)
    }
    #expect(inserted == "d@example.org")

    // Another program writes the column; the store sees it on its next look.
    try other.write { db in
      try db.execute(sql: #"UPDATE person SET "Full Name" = 'Cy Bell-Ross' WHERE id = 1"#)
    }
    #expect(people.checkForExternalChanges())
    let rows = try people.fetch(FetchOptions(filter: ItemFilter(try Predicate("id == 1"))))
    let cy = try #require(rows.first)
    #expect(people.entity.definition.reader(for: cy).value("Full_Name") == "Cy Bell-Ross")
  }

  @Test func aNewRowStartsWithSuchAColumnsDefault() throws {
    let (folder, path, file) = try SQLiteTestSupport.file(
      """
      CREATE TABLE item (id INTEGER PRIMARY KEY, "Item Name" TEXT NOT NULL,
        "In Stock" INTEGER NOT NULL DEFAULT 3);
      """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = try #require(file.store(for: "item"))
    let definition = items.entity.definition
    #expect(definition["Item_Name"]?.isRequired == true)
    #expect(definition["In_Stock"]?.isRequired == false)
    let item = try items.create()
    #expect(definition.reader(for: item).value("In_Stock") == 3)
    let kvc = try #require(item.objectValue.flatMap { definition.keyValueCoding(for: $0) })
    try kvc.setValue("Rake", forKey: "Item_Name")
    try items.insert(item, at: nil)
    let stored = try DatabaseQueue(path: path).read { db in
      try Row.fetchOne(db, sql: #"SELECT "Item Name", "In Stock" FROM item"#)
    }
    #expect(stored?[0] == "Rake")
    #expect(stored?[1] == 3)
  }

  @Test func sortsSearchesAndPredicatesNameTheColumnInSQL() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(Self.people)
    defer { try? FileManager.default.removeItem(at: folder) }
    let people = try #require(file.store(for: "person"))
    let definition = people.entity.definition
    func names(_ options: FetchOptions) throws -> [Value] {
      try people.fetch(options).map { definition.reader(for: $0).value("Full_Name") ?? .null }
    }
    let byPrice = FetchOptions(sort: [SortKey("unit_price", ascending: false)])
    #expect(try names(byPrice) == ["Ann Lee", "Cy Bell", "Bo Diaz"])
    let cheap = FetchOptions(
      filter: ItemFilter(try Predicate("unit_price < 3 AND _2nd_line != nil")))
    #expect(try names(cheap) == ["Cy Bell", "Bo Diaz"])
    let search = FetchOptions(filter: .search("unit", in: ["Full_Name", "_2nd_line"]))
    #expect(try names(search) == ["Bo Diaz"])
    #expect(try people.count(FetchOptions(filter: .search("example", in: ["e_mail_2"]))) == 2)

    // SQL answers each of them: nothing is left to filter in memory.
    for options in [byPrice, cheap, search] {
      let query = try SQLQuery(options, of: people.entity, keys: { _ in nil })
      #expect(query.memoryFilter == nil)
    }
    let query = try SQLQuery(cheap, of: people.entity, keys: { _ in nil })
    #expect(query.condition?.contains(#""unit-price""#) == true)
    #expect(query.condition?.contains(#""2nd line""#) == true)
  }

  @Test func aForeignKeyAndAPrimaryKeyNamedOtherwiseWork() throws {
    let (folder, path, file) = try SQLiteTestSupport.file(
      """
      CREATE TABLE author ("Author ID" INTEGER PRIMARY KEY, "Pen Name" TEXT NOT NULL);
      CREATE TABLE book (id INTEGER PRIMARY KEY, "Book Title" TEXT NOT NULL,
        "Author ID" INTEGER REFERENCES author("Author ID"));
      INSERT INTO author VALUES (1, 'Ann'), (2, 'Bo');
      INSERT INTO book VALUES (1, 'First', 1), (2, 'Second', NULL);
      """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let authors = try #require(file.store(for: "author"))
    let books = try #require(file.store(for: "book"))
    #expect(books.entity.definition.properties.map(\.name) == ["Book_Title", "Author"])
    #expect(books.entity.definition.titlePropertyNames == ["Book_Title"])
    #expect(authors.entity.definition.titlePropertyNames == ["Pen_Name"])

    let model = TableModel(title: "Books")
    model.addSection(
      ArrayOfObjectsSection(store: books, definition: try #require(books.itemsDefinition)))
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    #expect(app.texts == [["First", "Second"]])

    let rows = try books.fetch(FetchOptions(sort: [SortKey("Book_Title")]))
    let second = try #require(rows.last)
    let bo = try #require(
      try authors.fetch(FetchOptions(filter: ItemFilter(try Predicate("Pen_Name == 'Bo'"))))
        .first)
    try books.update(second, values: ["Author": bo])
    let stored = try DatabaseQueue(path: path).read { db in
      try Int.fetchOne(db, sql: #"SELECT "Author ID" FROM book WHERE id = 2"#)
    }
    #expect(stored == 2)
    let first = try #require(rows.first)
    let author = try #require(books.entity.definition.reader(for: first).value("Author"))
    #expect(author.objectValue != nil)
    #expect(authors.entity.definition.reader(for: author).value("Pen_Name") == "Ann")

    try authors.update(bo, values: ["Pen_Name": "Bo Ray"])
    let renamed = try DatabaseQueue(path: path).read { db in
      try String.fetchOne(db, sql: #"SELECT "Pen Name" FROM author WHERE "Author ID" = 2"#)
    }
    #expect(renamed == "Bo Ray")
  }

  /// Tables whose names are not keys ("Order Items") name the lists pointing at them and
  /// their many-to-many choices by keys made of them, so that those are properties too.
  @Test func tablesNamedOtherwiseNameTheirInverseListsAndChoicesByKeys() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(
      """
      CREATE TABLE "Customers" ("Customer ID" INTEGER PRIMARY KEY, "Name" TEXT NOT NULL);
      CREATE TABLE "Order Items" ("Item ID" INTEGER PRIMARY KEY, "Product" TEXT NOT NULL,
        "Customer ID" INTEGER REFERENCES "Customers"("Customer ID"));
      CREATE TABLE "Gift Tags" ("Tag ID" INTEGER PRIMARY KEY, "Label" TEXT NOT NULL);
      CREATE TABLE "Item Tags" ("Item ID" INTEGER REFERENCES "Order Items"("Item ID"),
        "Tag ID" INTEGER REFERENCES "Gift Tags"("Tag ID"), PRIMARY KEY ("Item ID", "Tag ID"));
      INSERT INTO "Customers" VALUES (1, 'Lee');
      INSERT INTO "Order Items" VALUES (1, 'Kettle', 1);
      """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let customers = try #require(file.store(for: "Customers"))
    let items = try #require(file.store(for: "Order Items"))
    #expect(
      try #require(customers.itemsDefinition).properties.map(\.name) == ["Name", "Order_Items"])
    #expect(
      try #require(items.itemsDefinition).properties.map(\.name)
        == ["Product", "Customer", "Gift_Tags"])
  }
}
