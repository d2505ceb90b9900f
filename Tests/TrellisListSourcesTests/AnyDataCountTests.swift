import Foundation
import GRDB
import Testing
import Trellis
import TrellisTesting

/// The home screen's row counts, and the "N rows" header of each table's own list, follow the
/// tables: what a list adds or deletes, in this window or another, and what another program
/// writes.
@Suite("Any data: row counts that stay true")
struct AnyDataCountTests {
  /// The header of the list `app` shows.
  static func header(_ app: HeadlessApp) -> String? {
    app.host.table.visible.first?.model.header
  }

  @Test func aListsHeaderCountsItsOwnRowsAsTheyChange() async throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    let other = try AnyDataSupport.app(url)
    try app.tap("category")
    try other.tap("category")
    #expect(Self.header(app) == "3 rows")
    try app.tap("New Category")
    try app.enter("Toys", at: "Name")
    try app.send(.done)
    try await app.settle(until: { Self.header(app) == "4 rows" }, timeout: .seconds(10))
    try await other.settle(until: { Self.header(other) == "4 rows" }, timeout: .seconds(10))
    let kitchen = try #require(other.path(of: "Kitchen"))
    try other.send(.delete(other.rowID(at: kitchen)))
    try await other.settle(until: { Self.header(other) == "3 rows" }, timeout: .seconds(10))
    try await app.settle(until: { Self.header(app) == "3 rows" }, timeout: .seconds(10))
    let queue = try DatabaseQueue(path: url.path)
    try await queue.write { db in
      try db.execute(sql: "INSERT INTO category (name) VALUES ('Books'), ('Music')")
    }
    // Nothing but the file's watch brings it; parallel tests may hold the thread pool.
    try await app.settle(until: { Self.header(app) == "5 rows" }, timeout: .seconds(30))
    try await other.settle(until: { Self.header(other) == "5 rows" }, timeout: .seconds(30))
  }

  /// Counts of thousands are written with their thousands separated, as a table view shows
  /// them: on the home screen and in the list's header.
  @Test func aLargeCountSeparatesItsThousands() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try AnyDataSupport.execute(
      """
      WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1231)
      INSERT INTO category (name) SELECT 'Category ' || x FROM n
      """, in: url)
    let app = try AnyDataSupport.app(url)
    #expect(app.row("category")?.detail == "1,234 rows")
    try app.tap("category")
    #expect(Self.header(app) == "1,234 rows")
  }

  /// While a list is searched, its header says how many rows the search finds of all the
  /// table holds, and follows both as rows come and go; a table's full-text index counts
  /// as it lists.
  @Test func aSearchedListsHeaderSaysHowManyItFinds() async throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("product")
    try app.send(.search("sa"))
    #expect(app.texts.first?.first == "Saw")
    #expect(Self.header(app) == "1 of 5 rows")
    try app.send(.back)
    try app.tap("category")
    #expect(Self.header(app) == "3 rows")
    try app.send(.search("e"))
    #expect(app.texts.first?.filter { $0 != "New Category" } == ["Garden", "Kitchen"])
    #expect(Self.header(app) == "2 of 3 rows")
    let queue = try DatabaseQueue(path: url.path)
    try await queue.write { db in
      try db.execute(sql: "INSERT INTO category (name) VALUES ('Books'), ('Electronics')")
    }
    try await app.settle(until: { Self.header(app) == "3 of 5 rows" }, timeout: .seconds(30))
    try app.send(.search(""))
    #expect(Self.header(app) == "5 rows")
  }

  @Test func aRowAddedThroughAFormCounts() async throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    #expect(app.row("category")?.detail == "3 rows")
    try app.tap("category")
    try app.tap("New Category")
    try app.enter("Toys", at: "Name")
    try app.send(.done)
    try await app.settle()
    let stored: Int? = try AnyDataSupport.value("SELECT count(*) FROM category", in: url)
    #expect(stored == 4)
    try app.send(.back)
    try await app.settle(until: { app.row("category")?.detail == "4 rows" }, timeout: .seconds(10))
  }

  @Test func aDeleteInOneWindowCountsInAnother() async throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let home = try AnyDataSupport.app(url)
    let other = try AnyDataSupport.app(url)
    #expect(home.row("category")?.detail == "3 rows")
    try other.tap("category")
    let kitchen = try #require(other.path(of: "Kitchen"))
    try other.send(.delete(other.rowID(at: kitchen)))
    try await home.settle(
      until: { home.row("category")?.detail == "2 rows" }, timeout: .seconds(10))
    try other.send(.back)
    #expect(other.row("category")?.detail == "2 rows")
    #expect(home.row("product")?.detail == "5 rows", "the other counts stay")
  }

  @Test func anotherProgramsInsertCounts() async throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    #expect(app.row("supplier")?.detail == "3 rows")
    #expect(app.row("product_summary")?.detail == "5 rows", "a view is counted too")
    let queue = try DatabaseQueue(path: url.path)
    try await queue.write { db in
      try db.execute(
        sql: "INSERT INTO supplier (name, country, active) VALUES ('Dyna', 'DE', 1)")
    }
    // Nothing but the file's watch brings it; parallel tests may hold the thread pool.
    try await app.settle(until: { app.row("supplier")?.detail == "4 rows" }, timeout: .seconds(30))
  }
}
