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
}
