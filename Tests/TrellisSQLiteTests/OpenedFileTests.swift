import Foundation
import GRDB
import Testing
import TrellisSQLite
import TrellisTesting

/// An SQLite file another program made, listed and edited by an app through the public API
/// alone (``SQLiteFileStores/open(_:readOnly:)``), as the README shows it.
@Suite("SQLite files an app opens")
struct OpenedFileTests {
  static let shop = """
    CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE book (
      id INTEGER PRIMARY KEY, title TEXT NOT NULL, author_id INTEGER REFERENCES author(id));
    INSERT INTO author (name) VALUES ('Ann');
    INSERT INTO book (title, author_id) VALUES ('First', 1), ('Second', 1);
    CREATE VIEW titles AS SELECT title FROM book;
    """

  @Test func anAppListsATableOfAFileMadeElsewhereAndSavesAnEdit() throws {
    let folder = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("shop.sqlite").path
    try DatabaseQueue(path: path).write { db in try db.execute(sql: Self.shop) }

    let file = try SQLiteFileStores.open(path)
    defer { SQLiteFileStores.close(path: path) }
    #expect(file.tableNames == ["author", "book"])
    #expect(file.store(for: "titles") == nil, "a view has no key, so no store to edit")
    let books = try #require(file.store(for: "book"))
    let model = TableModel(title: "Books")
    model.addSection(
      ArrayOfObjectsSection(store: books, definition: try #require(books.itemsDefinition)))
    let app = HeadlessApp(
      navigator: Navigator(root: Screen(model: model, navigationBar: .addLeftEditRight)))
    #expect(app.texts == [["First", "Second"]])

    try app.tap("First")
    try app.enter("First, revised", at: "Title")
    try app.send(.done)
    #expect(app.texts == [["First, revised", "Second"]])
    let stored = try DatabaseQueue(path: path).read { db in
      try String.fetchOne(db, sql: "SELECT title FROM book WHERE id = 1")
    }
    #expect(stored == "First, revised")
    #expect(app.host.violations.isEmpty)
  }

  @Test func aMissingFileOrOneThatIsNoDatabaseIsAnErrorThatSaysSo() throws {
    let folder = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("missing.sqlite").path
    #expect {
      try SQLiteFileStores.open(missing)
    } throws: { error in
      "\(error)".contains("missing.sqlite") && "\(error)".contains("no such file")
    }
    let text = folder.appendingPathComponent("notes.sqlite")
    try Data("just some notes".utf8).write(to: text)
    #expect {
      try SQLiteFileStores.open(text.path)
    } throws: { error in
      "\(error)".contains("notes.sqlite") && "\(error)".contains("SQLite")
    }
  }
}
