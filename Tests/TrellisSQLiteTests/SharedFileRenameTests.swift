import Foundation
import GRDB
import Testing
import Trellis
import TrellisSQLite

/// Two stores on one file, as two processes open it: a rename through one reaches the other's
/// object only when that store looks again. Until then, the other's write of the same column
/// is a conflict naming the stored value, never a silent overwrite.
@Suite("Writes through two SQLite stores on one file")
struct SharedFileRenameTests {
  @Test func aRenameOverAnotherStoresIsAConflict() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("shared.sqlite").path
    let entity = try SQLiteTestSupport.rankedEntity()
    let first = try SQLiteTestSupport.store([("Ada", 1)], entity: entity, path: path)
    let second = try SQLiteStore(path: path, entity: entity, watchInterval: nil)
    let theirs = try #require(try first.fetch(FetchOptions()).first)
    let mine = try #require(try second.fetch(FetchOptions()).first)
    try first.update(theirs, values: ["name": .string("Grace")])

    let conflict = StoreError.conflict([
      FieldConflict(name: "name", theirs: .string("Grace"), yours: .string("Lovelace"))
    ])
    #expect(throws: conflict) { try second.update(mine, values: ["name": .string("Lovelace")]) }
    #expect((mine.objectValue as? Ranked)?.name == "Grace", "the object holds what is stored")
    let names = {
      try second.database.read { db in try String.fetchAll(db, sql: "SELECT name FROM ranked") }
    }
    #expect(try names() == ["Grace"])

    // Done again, knowing what it writes over: the write goes through.
    try second.update(mine, values: ["name": .string("Lovelace")])
    #expect(try names() == ["Lovelace"])
    // A value the other store already wrote is no conflict.
    try first.update(theirs, values: ["rank": .int(1)])
  }

  @Test func aChangeOfAnotherColumnKeepsTheOtherStoresRename() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("shared.sqlite").path
    let entity = try SQLiteTestSupport.rankedEntity()
    let first = try SQLiteTestSupport.store([("Ada", 1)], entity: entity, path: path)
    let second = try SQLiteStore(path: path, entity: entity, watchInterval: nil)
    let theirs = try #require(try first.fetch(FetchOptions()).first)
    let mine = try #require(try second.fetch(FetchOptions()).first)
    try first.update(theirs, values: ["name": .string("Grace")])

    // The second store's object still holds "Ada"; its write of the rank writes the rank only.
    try second.update(mine, values: ["rank": .int(7)])
    let rows = try second.database.read { db in
      try GRDB.Row.fetchAll(db, sql: "SELECT name, rank FROM ranked").map {
        "\($0["name"] as String) \($0["rank"] as Int)"
      }
    }
    #expect(rows == ["Grace 7"])
  }
}
