import Foundation
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

/// A row whose table holds nothing but keys (a join table with a key of its own) is titled by
/// the rows it points at, not by a number nobody knows it by.
@Suite("Rows titled by the rows they point at")
struct PointingRowTitlesTests {
  @Test func aJoinRowWithAKeyOfItsOwnIsTitledByItsBookAndTag() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(
      """
      CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
      CREATE TABLE tag (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE book_tags (id INTEGER PRIMARY KEY,
        book_id INTEGER NOT NULL REFERENCES book(id) ON DELETE CASCADE,
        tag_id INTEGER NOT NULL REFERENCES tag(id) ON DELETE CASCADE, UNIQUE (book_id, tag_id));
      CREATE TABLE line (id INTEGER PRIMARY KEY, book_id INTEGER REFERENCES book(id),
        quantity INTEGER NOT NULL);
      INSERT INTO book VALUES (1, 'Earthsea'), (2, 'The Dispossessed');
      INSERT INTO tag VALUES (1, 'fantasy'), (2, 'science fiction');
      INSERT INTO book_tags VALUES (7, 1, 1), (8, 2, 2);
      INSERT INTO line VALUES (3, 2, 5);
      """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pairs = try #require(file.store(for: "book_tags"))
    let definition = pairs.entity.definition
    #expect(definition.titlePropertyNames == ["book.title", "tag.name"])
    let titles = try pairs.fetch(FetchOptions()).map { definition.title(of: $0) }
    #expect(titles == ["Earthsea · fantasy", "The Dispossessed · science fiction"])
    // It is searched by those titles, and a pair is added by choosing its book and tag.
    let found = try pairs.fetch(
      FetchOptions(filter: .search("dispos", in: definition.titlePropertyNames)))
    #expect(found.map { definition.title(of: $0) } == ["The Dispossessed · science fiction"])
    let books = try file.store(for: "book").map { try $0.fetch(FetchOptions()) } ?? []
    let tags = try file.store(for: "tag").map { try $0.fetch(FetchOptions()) } ?? []
    let pair = try pairs.create()
    let made = try #require(pair.objectValue)
    let coding = try #require(definition.keyValueCoding(for: made))
    try coding.setValue(books[0], forKey: "book")
    try coding.setValue(tags[1], forKey: "tag")
    try pairs.insert(pair, at: nil)
    #expect(
      try pairs.fetch(FetchOptions()).map { definition.title(of: $0) }.last
        == "Earthsea · science fiction")
    let lines = try #require(file.store(for: "line"))
    let line = try #require(try lines.fetch(FetchOptions()).first)
    #expect(lines.entity.definition.title(of: line) == "The Dispossessed")
  }
}
