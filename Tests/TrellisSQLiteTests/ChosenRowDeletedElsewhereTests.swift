import Foundation
import GRDB
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

/// A row chosen in a form that another program deleted meanwhile is said so on the row that
/// chose it, not refused by the database for the whole write.
@Suite("A chosen row deleted by another program")
struct ChosenRowDeletedElsewhereTests {
  @Test func savingAReferenceToItSaysSoOnItsRow() throws {
    let (folder, path, file) = try SQLiteTestSupport.file(
      """
      CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL,
        author_id INTEGER REFERENCES author(id));
      INSERT INTO author VALUES (1, 'Zed New'), (2, 'Ann');
      INSERT INTO book VALUES (1, 'Emma', 2);
      """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let authors = try #require(file.store(for: "author"))
    let books = try #require(file.store(for: "book"))
    let zed = try #require(
      try authors.fetch(FetchOptions()).first {
        authors.entity.definition.reader(for: $0).value("name") == "Zed New"
      })
    let emma = try #require(try books.fetch(FetchOptions()).first)
    let relationship = try #require(
      books.entity.relationships.first { $0.entity.table == "author" })
    // Another program deletes Zed after the form chose him.
    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: "DELETE FROM author WHERE name = 'Zed New'")
    }
    #expect(
      throws: StoreError.refusedValue(
        property: relationship.name, message: "“Zed New” was deleted meanwhile: choose another")
    ) {
      try books.update(emma, values: [relationship.name: zed])
    }
  }

  /// A tag another program deleted is left out of a book's tags when it is saved, and out of
  /// the book: the tag list no longer offers it, so the person could not take it out.
  @Test func aDeletedTargetOfAManyToManyIsLeftOut() throws {
    let (folder, path, file) = try SQLiteTestSupport.file(
      """
      CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
      CREATE TABLE tag (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
      CREATE TABLE book_tag (book_id INTEGER NOT NULL REFERENCES book(id) ON DELETE CASCADE,
        tag_id INTEGER NOT NULL REFERENCES tag(id) ON DELETE CASCADE,
        PRIMARY KEY (book_id, tag_id));
      INSERT INTO book VALUES (1, 'Emma');
      INSERT INTO tag VALUES (1, 'classic'), (2, 'travel');
      """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let books = try #require(file.store(for: "book"))
    let tags = try #require(file.store(for: "tag"))
    let relationship = try #require(books.entity.relationships.first { $0.entity.table == "tag" })
    let emma = try #require(try books.fetch(FetchOptions()).first)
    let chosen = try tags.fetch(FetchOptions())
    #expect(chosen.count == 2)
    // Another program deletes "travel" after the form chose both.
    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: "DELETE FROM tag WHERE label = 'travel'")
    }
    try books.update(emma, values: [relationship.name: .array(chosen)])
    let pairs = try DatabaseQueue(path: path).read { db in
      try Int.fetchAll(db, sql: "SELECT tag_id FROM book_tag WHERE book_id = 1")
    }
    #expect(pairs == [1])
    let held = books.entity.definition.reader(for: emma).value(relationship.name)
    #expect(held?.arrayValue?.count == 1)
  }
}
