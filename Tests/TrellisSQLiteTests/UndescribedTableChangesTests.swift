import Foundation
import GRDB
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

/// A store's own write that changes other tables (a cascade, a join table's rows) reaches the
/// lists of those tables: they read again, so that every count and list equals the file.
@Suite("Changes a write makes in other tables")
struct UndescribedTableChangesTests {
  @Test func aCascadeAndAJoinTablesRowsReachTheirTablesLists() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(
      """
      CREATE TABLE publisher (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL,
        publisher_id INTEGER REFERENCES publisher(id) ON DELETE CASCADE);
      CREATE TABLE tag (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
      CREATE TABLE book_tag (book_id INTEGER NOT NULL REFERENCES book(id) ON DELETE CASCADE,
        tag_id INTEGER NOT NULL REFERENCES tag(id) ON DELETE CASCADE,
        PRIMARY KEY (book_id, tag_id));
      INSERT INTO publisher VALUES (1, 'Penguin'), (2, 'Vintage');
      INSERT INTO book VALUES (1, 'Emma', 1), (2, 'Persuasion', 1), (3, 'Ulysses', 2);
      INSERT INTO tag VALUES (1, 'classic'), (2, 'novel');
      INSERT INTO book_tag VALUES (1, 1), (2, 1), (2, 2), (3, 2);
      """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let publishers = try #require(file.store(for: "publisher"))
    let books = try #require(file.store(for: "book"))
    // The join table is read-only (its pairs are chosen on the books' forms): listed as a
    // view's rows are.
    let pairs = try file.viewStore(for: "book_tag")
    /// A screen listing `store`'s rows, as the home screen's count and a table's list read it.
    func window(_ store: any DataStore, _ definition: DataDefinition) -> HeadlessApp {
      let model = TableModel(title: definition.name)
      model.addSection(ArrayOfObjectsSection(store: store, definition: definition))
      return HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    }
    let (bookList, pairList) = (
      window(books, books.entity.definition), window(pairs, pairs.definition)
    )
    #expect(bookList.texts[0].count == 3)
    #expect(pairList.texts[0].count == 4)
    // Deleting Penguin deletes its two books, and their three pairs, by cascade.
    let penguin = try #require(
      try publishers.fetch(FetchOptions()).first {
        publishers.entity.definition.reader(for: $0).value("name") == "Penguin"
      })
    try publishers.delete(penguin)
    for app in [bookList, pairList] {
      app.navigator.processChanges()
      try app.host.check()
    }
    #expect(bookList.texts[0].count == 1)
    #expect(pairList.texts[0].count == 1)
  }
}
