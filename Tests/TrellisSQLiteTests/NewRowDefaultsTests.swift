import Foundation
import GRDB
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

/// A new row of a file's table starts with its columns' constant defaults, so that the form
/// shows what saving it stores.
@Suite("A new row's defaults")
struct NewRowDefaultsTests {
  @Test func aNewRowStartsWithItsColumnsConstantDefaults() throws {
    let (folder, _, file) = try SQLiteTestSupport.file(
      """
      CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL,
        in_print BOOLEAN NOT NULL DEFAULT 1, status TEXT DEFAULT 'it''s new',
        copies INTEGER DEFAULT (3), price REAL DEFAULT 9.5,
        added TEXT DEFAULT CURRENT_TIMESTAMP, note TEXT DEFAULT NULL)
      """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let books = try #require(file.store(for: "book"))
    let book = try books.create()
    let reader = books.entity.definition.reader(for: book)
    #expect(reader.value("in_print") == .bool(true))
    #expect(reader.value("status") == "it's new")
    #expect(reader.value("copies") == 3)
    #expect(reader.value("price") == 9.5)
    // What the database works out is left to it.
    #expect(reader.value("added") == .null)
    #expect(reader.value("note") == .null)
  }

  /// An integer that may only be 0 or 1 is edited as a flag, and stored as 0 and 1.
  @Test func anIntegerThatMayOnlyBe0Or1IsAFlag() throws {
    let (folder, path, file) = try SQLiteTestSupport.file(
      """
      CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        stars INTEGER CHECK (stars IN (0, 1, 2)));
      INSERT INTO author VALUES (1, 'Ann', 0, 2);
      """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let authors = try #require(file.store(for: "author"))
    #expect(authors.entity.definition["active"]?.valueKind?.unwrapped == .bool)
    #expect(authors.entity.definition["stars"]?.valueKind?.unwrapped != .bool)
    let ann = try #require(try authors.fetch(FetchOptions()).first)
    #expect(authors.entity.definition.reader(for: ann).value("active") == .bool(false))
    let new = try authors.create()
    #expect(authors.entity.definition.reader(for: new).value("active") == .bool(true))
    try authors.update(ann, values: ["active": true])
    let stored = try DatabaseQueue(path: path).read { db in
      try Int.fetchOne(db, sql: "SELECT active FROM author WHERE id = 1")
    }
    #expect(stored == 1)
  }
}
