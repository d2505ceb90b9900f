import Foundation
import GRDB
import Trellis
import TrellisSQLite

extension StoresBench {
  // MARK: tables-1600

  /// `tables-1600`: open an SQLite file of 1,600 tables, each pointing at the one before, with
  /// a join table for every tenth, and make every table's form (as the screens shown first ask
  /// for them); beside GRDB reading the same schema's columns and foreign keys. The printed
  /// line times 100 and 400 tables too: opening should grow with the number of tables, four
  /// times the tables taking about four times as long.
  static func openManyTables(path: String) throws -> Result {
    var times: [Int: Double] = [:]
    var baseline = 0.0
    for count in [100, 400, 1600] {
      let file = path.replacingOccurrences(of: ".sqlite", with: "-\(count).sqlite")
      try DatabaseQueue(path: file).write { db in try db.execute(sql: chainOfTables(count)) }
      times[count] = median(3) {
        {
          guard let stores = try? SQLiteFileStores(path: file, watchInterval: nil) else { return }
          for table in stores.tableNames { _ = stores.store(for: table)?.itemsDefinition }
        }
      }
      guard count == 1600 else { continue }
      let queue = try DatabaseQueue(path: file)
      baseline = median(3) {
        {
          _ = try? queue.read { db in
            for name in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master") {
              _ = try Row.fetchAll(
                db, sql: "SELECT * FROM pragma_table_xinfo(?)", arguments: [name])
              _ = try Row.fetchAll(
                db, sql: "SELECT * FROM pragma_foreign_key_list(?)", arguments: [name])
            }
          }
        }
      }
    }
    print(
      String(
        format: "tables-1600       open and every form: 100 tables %.3f ms, 400 %.3f ms, "
          + "1,600 %.3f ms",
        (times[100] ?? 0) * 1000, (times[400] ?? 0) * 1000, (times[1600] ?? 0) * 1000))
    return Result(name: "tables-1600", trellisMedian: times[1600] ?? 0, baselineMedian: baseline)
  }

  /// The SQL of `count` tables `t0`, `t1`, …, each with a key, a name and a key of the one
  /// before, three rows each, and a join table `j9`, `j19`, … pairing each tenth with the
  /// one before it.
  static func chainOfTables(_ count: Int) -> String {
    var sql = ""
    for index in 0..<count {
      let previous = index > 0 ? ", prev_id INTEGER REFERENCES t\(index - 1)(id)" : ""
      sql += "CREATE TABLE t\(index) (id INTEGER PRIMARY KEY, name TEXT NOT NULL\(previous));\n"
      sql += "INSERT INTO t\(index) (name) VALUES ('one'), ('two'), ('three');\n"
      if index % 10 == 9 {
        sql +=
          "CREATE TABLE j\(index) (a_id INTEGER NOT NULL REFERENCES t\(index)(id), "
          + "b_id INTEGER NOT NULL REFERENCES t\(index - 1)(id), PRIMARY KEY (a_id, b_id));\n"
      }
    }
    return sql
  }
}
