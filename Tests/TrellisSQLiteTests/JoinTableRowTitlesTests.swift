import Foundation
import GRDB
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting
import TrellisValues

/// A join table without a row id (`WITHOUT ROWID`) is shown read-only, each row by the titles
/// of the rows it pairs ("Emma · classic"), not by a placeholder and two bare numbers.
@Suite("Join-table rows titled by the rows they pair")
struct JoinTableRowTitlesTests {
  static let schema = """
    CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
    CREATE TABLE tag (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
    CREATE TABLE book_tag (book_id INTEGER NOT NULL REFERENCES book(id) ON DELETE CASCADE,
      tag_id INTEGER NOT NULL REFERENCES tag(id) ON DELETE CASCADE,
      PRIMARY KEY (book_id, tag_id)) WITHOUT ROWID;
    INSERT INTO book VALUES (1, 'Emma'), (2, 'Dune');
    INSERT INTO tag VALUES (1, 'classic'), (2, 'travel');
    INSERT INTO book_tag VALUES (1, 1), (2, 2);
    """

  @Test func aPairIsTitledAndShownByItsBookAndTag() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(Self.schema)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(file.store(for: "book_tag") == nil)
    let pairs = try file.viewStore(for: "book_tag")
    let definition = pairs.definition
    #expect(definition.titlePropertyNames == ["book", "tag"])
    #expect(definition.properties.map(\.name) == ["book", "tag"])
    let rows = try pairs.fetch(FetchOptions())
    #expect(rows.map { definition.title(of: $0) } == ["Emma · classic", "Dune · travel"])
    // Searched by those titles, as a person reads them.
    let found = try pairs.fetch(FetchOptions(filter: .search("dun", in: ["book", "tag"])))
    #expect(found.map { definition.title(of: $0) } == ["Dune · travel"])
  }

  /// A book renamed through its store is read again with its pairs' titles.
  @Test func aRenamedBookRetitlesItsPairs() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(Self.schema)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pairs = try file.viewStore(for: "book_tag")
    let resets = Locked(0)
    let token = pairs.observe { _ in resets.withLock { $0 += 1 } }
    defer { token.cancel() }
    #expect(try pairs.fetch(FetchOptions()).count == 2)
    let books = try #require(file.store(for: "book"))
    let emma = try #require(try books.fetch(FetchOptions()).first)
    try books.update(emma, values: ["title": "Emma (annotated)"])
    #expect(resets.withLock { $0 } > 0)
    let titles = try pairs.fetch(FetchOptions()).map { pairs.definition.title(of: $0) }
    #expect(titles.first == "Emma (annotated) · classic")
  }

  /// Its pairs are a book's tags, read and written as any join table's (it has no row ids to
  /// order them by, so they come in the tags' order).
  @Test func itHoldsTheBooksTags() throws {
    let (folder, path, file) = try SQLiteTestSupport.file(Self.schema)
    defer { try? FileManager.default.removeItem(at: folder) }
    let books = try #require(file.store(for: "book"))
    let tags = try #require(file.store(for: "tag"))
    let relationship = try #require(books.entity.relationships.first { $0.entity.table == "tag" })
    let emma = try #require(try books.fetch(FetchOptions()).first)
    let label = { (tag: Value) in tags.entity.definition.reader(for: tag).value("label") }
    let held = books.entity.definition.reader(for: emma).value(relationship.name)
    #expect(held?.arrayValue?.map(label) == [.string("classic")])
    try books.update(emma, values: [relationship.name: .array(try tags.fetch(FetchOptions()))])
    let pairs = try DatabaseQueue(path: path).read { db in
      try Int.fetchAll(db, sql: "SELECT tag_id FROM book_tag WHERE book_id = 1 ORDER BY tag_id")
    }
    #expect(pairs == [1, 2])
  }
}
