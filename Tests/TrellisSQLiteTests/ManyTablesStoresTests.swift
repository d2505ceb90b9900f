import Foundation
import GRDB
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

/// An SQLite file of many tables, each pointing at the one before, with a join table for
/// every tenth: opening it and showing each table's form take time that grows with the
/// number of tables, not with its square.
@Suite("SQLite files of many tables")
struct ManyTablesStoresTests {
  /// The SQL of `count` tables `t0`, `t1`, …, each with a key, a name and a key of the one
  /// before, a row each, and a join table `j9`, `j19`, … pairing each tenth with the one
  /// before it.
  static func chain(_ count: Int) -> String {
    var sql = ""
    for index in 0..<count {
      let previous = index > 0 ? ", prev_id INTEGER REFERENCES t\(index - 1)(id)" : ""
      sql += "CREATE TABLE t\(index) (id INTEGER PRIMARY KEY, name TEXT NOT NULL\(previous));\n"
      sql += "INSERT INTO t\(index) (id, name) VALUES (1, 'row of t\(index)');\n"
      if index % 10 == 9 {
        sql +=
          "CREATE TABLE j\(index) (a_id INTEGER NOT NULL REFERENCES t\(index)(id), "
          + "b_id INTEGER NOT NULL REFERENCES t\(index - 1)(id), PRIMARY KEY (a_id, b_id));\n"
      }
    }
    return sql
  }

  /// A file of `chain(count)`, its path.
  static func file(_ count: Int, in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("chain\(count).sqlite").path
    try DatabaseQueue(path: path).write { db in try db.execute(sql: chain(count)) }
    return path
  }

  /// Opens the file at `path` and makes every table's form, as the first screens shown ask
  /// for them; the seconds of processor time it took, and the stores.
  static func open(_ path: String) throws -> (seconds: Double, stores: SQLiteFileStores) {
    let start = threadSeconds()
    let stores = try SQLiteFileStores.open(path)
    for table in stores.tableNames { _ = stores.store(for: table)?.itemsDefinition }
    let seconds = threadSeconds() - start
    SQLiteFileStores.close(path: path)
    return (seconds, stores)
  }

  @Test func everyTableOfAFileOfManyTablesHasItsStoreAndRelationships() throws {
    let folder = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try Self.file(40, in: folder)
    let stores = try SQLiteFileStores.open(path)
    defer { SQLiteFileStores.close(path: path) }
    // The join tables are chosen on their tables' forms, not listed themselves.
    #expect(stores.tableNames.count == 40)
    #expect(stores.store(for: "j9") == nil)
    let t9 = try #require(stores.store(for: "t9")?.itemsDefinition)
    #expect(t9.properties.map(\.name) == ["name", "prev", "T8S", "T10S"])
    let t8 = try #require(stores.store(for: "t8")?.itemsDefinition)
    #expect(t8.properties.map(\.name) == ["name", "prev", "T9S"])
    let last = try #require(stores.store(for: "t39")?.itemsDefinition)
    #expect(last.properties.map(\.name) == ["name", "prev", "T38S"])
  }

  @Test func openingFourTimesTheTablesTakesAboutFourTimesAsLong() throws {
    let folder = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let small = try Self.file(100, in: folder)
    let large = try Self.file(400, in: folder)
    // The shortest of two openings of each.
    let smallTime = try (0..<2).map { _ in try Self.open(small).seconds }.min() ?? 0
    let largeOpening = try Self.open(large)
    let largeTime = min(largeOpening.seconds, try Self.open(large).seconds)
    #expect(largeOpening.stores.tableNames.count == 400)
    // Linear work takes about four times as long; work done for each table over every table
    // sixteen times, or more.
    #expect(largeTime < 8 * max(smallTime, 0.001), "\(smallTime) s, then \(largeTime) s")
  }
}

/// The processor time the current thread has used, in seconds: unlike the clock's time, it
/// does not grow while the thread waits for a processor that other tests hold.
private func threadSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
