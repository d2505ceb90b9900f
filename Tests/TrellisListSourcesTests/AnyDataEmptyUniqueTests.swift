import Foundation
import GRDB
import Testing
import Trellis
import TrellisTesting

/// A column that may be empty and must be unique: text cleared in a form is written as NULL,
/// so that two rows cleared alike do not refuse each other, as they would holding ''.
@Suite("Any data: cleared unique text")
struct AnyDataEmptyUniqueTests {
  @Test func twoRowsClearedAlikeAreBothSaved() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try AnyDataSupport.execute(
      """
      CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, isbn TEXT UNIQUE);
      INSERT INTO book (title, isbn) VALUES ('Notes', '111'), ('Cobol', '222');
      """, in: url)
    let app = try AnyDataSupport.app(url)
    try app.tap("book")
    for title in ["Notes", "Cobol"] {
      try app.tap(title)
      try app.enter("", at: "Isbn")
      try app.send(.done)
      #expect(app.top.model.title != title, "Done did not close \(title)'s form")
    }
    let queue = try DatabaseQueue(path: url.path)
    let nulls = try queue.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM book WHERE isbn IS NULL")
    }
    #expect(nulls == 2)
  }
}
