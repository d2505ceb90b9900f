import Foundation
import GRDB
import Testing
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisSQL
import TrellisSQLite
import TrellisTesting

/// Any SQLite file as screens, with no descriptor: the schema read, the rules inferred, and
/// the lists and forms made of them (the "Any Data" article), over `shop.sql`.
@Suite("Any data: the shop fixture")
struct AnyDataTests {
  @Test func theSchemaIsReadAsTheRulesSay() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let schema = try SQLiteSchemaReader.read(path: url.path)
    let product = try #require(schema.table("product"))
    #expect(product.rowKey == "id")
    #expect(product.readOnlyReason == nil)
    let kinds = Dictionary(uniqueKeysWithValues: product.columns.map { ($0.name, $0.kind) })
    #expect(kinds["price"] == .real)
    #expect(kinds["stock"] == .integer)
    #expect(kinds["released"] == .dateText, "dates kept as text stay text")
    #expect(kinds["photo"] == .blob)
    #expect(product.column("priceWithTax")?.isGenerated == true)
    #expect(product.column("name")?.isRequired == true)
    #expect(product.column("stock")?.isRequired == false, "it has a default")
    #expect(product.column("code")?.isUnique == true)
    #expect(product.column("price")?.checks == [.minimum(0, inclusive: true)])
    #expect(
      product.column("stock")?.checks
        == [.minimum(0, inclusive: true), .maximum(1000, inclusive: true)])
    #expect(
      schema.table("supplier")?.column("country")?.checks
        == [.oneOf(["NL", "FR", "DE", "US"])])
    #expect(schema.table("supplier")?.column("active")?.kind == .bool)
    #expect(schema.table("category")?.column("name")?.checks == [.maxLength(20)])
    #expect(
      schema.table("review")?.column("stars")?.checks
        == [.minimum(1, inclusive: true), .maximum(5, inclusive: true)])
    #expect(
      product.foreignKeys.map { "\($0.column)→\($0.targetTable) \($0.onDelete)" }.sorted()
        == ["categoryId→category setNull", "supplierId→supplier cascade"])
    #expect(schema.table("review")?.foreignKeys.first?.onDelete == .restrict)
    #expect(schema.joins.map(\.table) == ["product_tag"])
    #expect(schema.table("product_summary")?.kind == .view)
    #expect(schema.table("product_fts")?.kind == .fullTextIndex)
    #expect(schema.table("product_fts")?.indexedTable == "product")
    #expect(schema.table("product_fts_data") == nil, "an index's own tables are not listed")
    let reasons = Dictionary(
      uniqueKeysWithValues: schema.tables.compactMap { table in
        table.readOnlyReason.map { (table.name, $0) }
      })
    #expect(reasons["product_tag"]?.hasPrefix("a join table") == true)
    #expect(reasons["stock_move"]?.contains("several columns") == true)
    #expect(reasons["setting"]?.contains("WITHOUT ROWID") == true)
    #expect(reasons["product_summary"]?.hasPrefix("a view") == true)
    #expect(product.rowCount == 5)
  }

  @Test func theHomeScreenListsTablesWithTheirCounts() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    #expect(app.top.title == "shop.sqlite")
    #expect(
      app.texts == [
        ["category", "product", "review", "supplier", "tag"], ["product_summary"],
        ["product_tag", "setting", "stock_move"], ["product_fts"],
      ])
    #expect(app.row("product")?.detail == "5 rows")
    #expect(app.row("setting")?.detail == "2 rows")
    let footer = app.top.model.snapshot.sections[2].model.footer ?? ""
    #expect(footer.contains("stock_move: its primary key has several columns"))
    #expect(footer.contains("setting: a table WITHOUT ROWID"))
    #expect(footer.contains("product_tag: a join table"))
  }

  @Test func aTableIsASearchableListWithAFormPerRow() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("product")
    #expect(app.texts == [["Hammer", "Rake", "Whisk", "Spade", "Saw", "New Product"]])
    try app.send(.search("sa"))
    #expect(app.texts.first?.contains("Saw") == true)
    #expect(app.texts.first?.contains("Hammer") == false)
    try app.send(.search(""))
    try app.tap("Hammer")
    let rows = app.texts.flatMap { $0 }
    for title in [
      "Name", "Code", "Price", "Stock", "Released", "Price With Tax", "Supplier", "Category",
      "Tags", "Reviews",
    ] {
      #expect(rows.contains(title), "the form has \(title): \(rows)")
    }
    #expect(app.row("Price With Tax")?.isEnabled == false, "a generated column is shown only")
    #expect(app.row("Photo")?.isEnabled == false, "bytes are shown only")
    #expect(app.row("Supplier")?.kind == .objectSelection)
    #expect(app.row("Supplier")?.detail == "Acme")
    #expect(app.row("Price")?.value == .double(12.5))
  }

  @Test func aCheckIsRefusedBeforeTheWriteWithItsMessage() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("product")
    try app.tap("Hammer")
    try app.enter("-3", at: "Price")
    #expect(app.row("Price")?.validationMessage == "Price must be at least 0")
    #expect(throws: ScreenError.self) { try app.send(.done) }
    try app.enter("2000", at: "Stock")
    #expect(app.row("Stock")?.validationMessage == "Stock must be at most 1000")
    let price: Double? = try AnyDataSupport.value("SELECT price FROM product WHERE id = 1", in: url)
    #expect(price == 12.5, "nothing was written")
    // Fixed, it saves.
    try app.enter("14", at: "Price")
    try app.enter("15", at: "Stock")
    try app.send(.done)
    let saved: Double? = try AnyDataSupport.value("SELECT price FROM product WHERE id = 1", in: url)
    #expect(saved == 14)
  }

  @Test func aNewRowLeavesAColumnWithADefaultToTheDatabase() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("supplier")
    try app.tap("New Supplier")
    // `active` is NOT NULL DEFAULT 1: the form does not require it, and the row takes the
    // default rather than being refused as empty.
    #expect(app.row("Active")?.validationMessage == nil)
    try app.enter("Tools Inc", at: "Name")
    try app.send(.done)
    let active: Int? = try AnyDataSupport.value(
      "SELECT active FROM supplier WHERE name = 'Tools Inc'", in: url)
    #expect(active == 1)
  }

  /// A new row is a tap away in the bar, as well as at the end of the list in edit mode; a
  /// read-only table offers neither.
  @Test func theBarsAddOpensANewRow() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("supplier")
    #expect(app.top.barButtons.map(\.role).contains(.add))
    try app.send(.add(section: nil))
    #expect(app.top.title == "New Supplier")
    try app.enter("Bar Inc", at: "Name")
    try app.send(.done)
    let count: Int? = try AnyDataSupport.value(
      "SELECT count(*) FROM supplier WHERE name = 'Bar Inc'", in: url)
    #expect(count == 1)
    try app.send(.back)
    try app.tap("stock_move")
    #expect(!app.top.barButtons.map(\.role).contains(.add), "read-only")
  }

  @Test func aUniqueRefusalNamesTheField() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("product")
    try app.tap("Hammer")
    try app.enter("RAK-1", at: "Code")
    #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(app.row("Code")?.value == "RAK-1", "the edit is kept")
    #expect(
      app.row("Code")?.validationMessage
        == "Another product already has this code: Code must be unique.")
  }

  @Test func aCheckTrellisCannotReadIsTheDatabasesRefusalOnTheScreen() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("supplier")
    try app.tap("Acme")
    try app.enter("no address", at: "Email")
    #expect(app.row("Email")?.validationMessage == nil, "a function is not read")
    let refusal = #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(refusal?.description.contains("The database refused the change") == true)
    #expect(refusal?.description.contains("CHECK constraint failed") == true)
    #expect(app.top.title == "Acme", "the form stays open")
    #expect(app.row("Email")?.value == "no address", "with the edit")
    let email: String? = try AnyDataSupport.value(
      "SELECT email FROM supplier WHERE id = 1", in: url)
    #expect(email == "sales@acme.test")
  }

  @Test func aForeignKeyIsChosenAndItsInverseListed() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("product")
    try app.tap("Whisk")
    try app.tap("Supplier")
    #expect(app.texts == [["Acme", "Bolt & Co", "Cobalt", "None"]])
    // Choosing one goes back to the form.
    try app.tap("Cobalt")
    #expect(app.row("Supplier")?.detail == "Cobalt")
    try app.send(.done)
    let supplier: Int? = try AnyDataSupport.value(
      "SELECT supplierId FROM product WHERE id = 3", in: url)
    #expect(supplier == 3)
    // The other side lists the products pointing at it.
    let other = try AnyDataSupport.app(url)
    try other.tap("supplier")
    try other.tap("Cobalt")
    try other.tap("Products")
    #expect(other.texts.flatMap { $0 }.contains("Whisk"))
    #expect(other.texts.flatMap { $0 }.contains("Spade"))
    #expect(!other.texts.flatMap { $0 }.contains("Hammer"))
  }

  @Test func aJoinTableIsAManyToManySelectionOnBothSides() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("product")
    try app.tap("Hammer")
    #expect(app.row("Tags")?.kind == .objectSelection)
    try app.tap("Tags")
    #expect(app.row("steel")?.accessory == .checkmark)
    #expect(app.row("wood")?.accessory == .checkmark)
    #expect(app.row("sale")?.accessory != .checkmark)
    try app.tap("sale")
    try app.send(.back)
    try app.send(.done)
    let pairs: Int? = try AnyDataSupport.value(
      "SELECT count(*) FROM product_tag WHERE productId = 1", in: url)
    #expect(pairs == 3)
    let other = try AnyDataSupport.app(url)
    try other.tap("tag")
    try other.tap("sale")
    #expect(other.row("Products")?.kind == .objectSelection)
  }

  @Test func deleteRulesAreStatedAndFollowed() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("supplier")
    let supplierFooter = app.top.model.snapshot.sections.first?.model.footer ?? ""
    #expect(
      supplierFooter.contains("Deleting a Supplier deletes its Products (ON DELETE CASCADE)."))
    try app.send(.back)
    try app.tap("product")
    let footer = app.top.model.snapshot.sections.first?.model.footer ?? ""
    #expect(
      footer.contains(
        "A Product cannot be deleted while its Reviews point at it (ON DELETE RESTRICT)."))
    #expect(footer.contains("takes it out of its Tags (product_tag)"))
    // Hammer has reviews: refused, with the reason, and kept.
    let hammer = try #require(app.path(of: "Hammer"))
    #expect(throws: ScreenError.self) { try app.send(.delete(app.rowID(at: hammer))) }
    #expect(app.texts.first?.contains("Hammer") == true)
    // Rake has none: deleted, with its pairs.
    let rake = try #require(app.path(of: "Rake"))
    try app.send(.delete(app.rowID(at: rake)))
    #expect(app.texts.first?.contains("Rake") == false)
    let pairs: Int? = try AnyDataSupport.value(
      "SELECT count(*) FROM product_tag WHERE productId = 2", in: url)
    #expect(pairs == 0)
  }

  @Test func viewsAndKeylessTablesAreShownReadOnly() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("product_summary")
    #expect(app.texts.first?.contains("Hammer") == true)
    #expect(app.texts.first?.contains("New Product_summary") == false)
    try app.tap("Hammer")
    #expect(app.row("Supplier")?.isEnabled == false)
    try app.send(.back)
    try app.send(.back)
    try app.tap("setting")
    #expect(app.texts == [["currency", "taxRate"]])
  }

  @Test func readOnlyServesListsAndFormsThatChangeNothing() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url, readOnly: true)
    try app.tap("product")
    #expect(app.texts == [["Hammer", "Rake", "Whisk", "Spade", "Saw"]], "no New Product")
    try app.tap("Hammer")
    #expect(app.texts.flatMap { $0 }.contains("Name"))
    #expect(app.row("Name")?.isEnabled == false || app.row("Name")?.kind == .label)
    // The connection itself refuses writes, whatever a screen tries.
    let store = try #require(SQLiteFileStores.shared(path: url.path).store(for: "product"))
    let hammer = try #require(try store.fetch(FetchOptions()).first)
    #expect(throws: StoreError.self) { try store.update(hammer, values: ["name": .string("X")]) }
    #expect(try AnyDataSupport.value("SELECT name FROM product WHERE id = 1", in: url) == "Hammer")
  }

  @Test func awkwardSchemasAreShownAsFarAsTheyCanBe() throws {
    let folder = try SourceTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("odd.sqlite")
    try SourceTestSupport.makeDatabase(
      at: url,
      sql: """
        CREATE TABLE "my table" ("first name" TEXT, code TEXT PRIMARY KEY, n INT CHECK (n > 0));
        INSERT INTO "my table" VALUES ('A b', 'x', 1);
        CREATE TABLE k (id INTEGER PRIMARY KEY);
        INSERT INTO k VALUES (1);
        CREATE TABLE pair (x INT, y INT, PRIMARY KEY (x, y));
        CREATE TABLE r (id INTEGER PRIMARY KEY, a INT, b INT,
          FOREIGN KEY (a, b) REFERENCES pair(x, y));
        CREATE TABLE q (id INTEGER PRIMARY KEY, kid INT REFERENCES nowhere(id));
        """)
    let app = try AnyDataSupport.app(url)
    #expect(app.texts == [["my table", "q", "r"], ["k", "pair"]])
    let footer = app.top.model.snapshot.sections[1].model.footer ?? ""
    #expect(footer.contains("k: it has no column besides its key"))
    // A column whose name is no key is shown under its own name, and titles the rows.
    try app.tap("my table")
    #expect(app.texts == [["A b", "New My Table"]])
    try app.tap("A b")
    #expect(app.texts.first == ["first name", "Code", "N"])
    try app.enter("0", at: "N")
    #expect(app.row("N")?.validationMessage == "N must be more than 0")
    try app.enter("2", at: "N")
    try app.send(.done)
    let n: Int? = try AnyDataSupport.value("SELECT n FROM \"my table\"", in: url)
    #expect(n == 2)
    // A key of two columns, and one to a table that is not there, are plain columns.
    try app.send(.back)
    try app.tap("q")
    try app.send(.add(section: nil))
    #expect(app.texts.first == ["Kid"])
  }

  @Test func aViewShowsAnotherProgramsChangeToItsTables() async throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("product_summary")
    #expect(app.texts.first?.contains("Hammer") == true)
    let other = try DatabaseQueue(path: url.path)
    try await other.write { db in
      try db.execute(sql: "UPDATE product SET name = 'Claw hammer' WHERE id = 1")
    }
    try await app.settle(
      until: { app.texts.first?.contains("Claw hammer") == true }, timeout: .seconds(30))
    #expect(app.texts.first?.contains("Rake") == true, "the other rows stay")
  }

  @Test func anotherProgramsChangeShows() async throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("product")
    #expect(app.texts.first?.contains("Hammer") == true)
    let other = try DatabaseQueue(path: url.path)
    try await other.write { db in
      try db.execute(sql: "UPDATE product SET name = 'Claw hammer' WHERE id = 1")
    }
    // Nothing but the stores' watch brings it (every 250 ms; the browser test times it, here
    // parallel tests may hold the thread pool for seconds).
    try await app.settle(
      until: { app.texts.first?.contains("Claw hammer") == true }, timeout: .seconds(30))
  }

  @Test func theDescribedFilesShowTheSameScreens() throws {
    let url = try AnyDataSupport.shop()
    let folder = url.deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: folder) }
    let schema = try SQLiteSchemaReader.read(path: url.path)
    let written = InferredDescriptors(
      schema: schema, file: "shop.sqlite", title: "shop.sqlite", readOnly: false)
    var library = SourceTestSupport.library
    for named in written.all {
      let file = folder.appendingPathComponent("\(named.name).json")
      try DocumentWriter.data(for: named.document, format: .json).write(to: file)
      library.descriptors[named.name] = try TableDescriptor(
        data: Data(contentsOf: file), file: file.path)
    }
    let served = try SourceTestSupport.app(
      try #require(library.descriptors["shop"]), library: library)
    let inferred = try AnyDataSupport.app(url)
    #expect(served.texts == inferred.texts)
    for table in ["product", "supplier", "product_summary"] {
      try served.tap(table)
      try inferred.tap(table)
      #expect(served.texts == inferred.texts, "\(table)")
      try served.tap(served.texts[0][0])
      try inferred.tap(inferred.texts[0][0])
      #expect(served.texts == inferred.texts, "\(table)'s form")
      try served.send(.back)
      try inferred.send(.back)
      try served.send(.back)
      try inferred.send(.back)
    }
  }
}
