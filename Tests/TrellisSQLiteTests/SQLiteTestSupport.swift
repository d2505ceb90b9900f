import Foundation
import GRDB
import Trellis
import TrellisSQLite

/// A plain class for the contract suite, read through key paths.
final class Ranked {
  var name = ""
  var rank = 0
}

enum SQLiteTestSupport {
  /// A fresh directory for database files, removed by the caller.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-sqlite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// An SQLite file made elsewhere, as an app's is: `sql` run on a new file in a fresh
  /// directory, opened as every table's store. The directory is removed by the caller.
  static func file(_ sql: String) throws -> (folder: URL, path: String, stores: SQLiteFileStores) {
    let folder = try temporaryDirectory()
    let path = folder.appendingPathComponent("data.sqlite").path
    try DatabaseQueue(path: path).write { db in try db.execute(sql: sql) }
    return (folder, path, try SQLiteFileStores(path: path, watchInterval: nil))
  }

  static func rankedDefinition() throws -> DataDefinition {
    try DataDefinition(
      for: Ranked.self,
      properties: [.init("name", \Ranked.name), .init("rank", \Ranked.rank)],
      make: { Ranked() })
  }

  static func rankedEntity(ordered: Bool = true) throws -> SQLiteEntity {
    SQLiteEntity(
      table: "ranked", definition: try rankedDefinition(),
      columns: [.text("name"), .integer("rank")], ordered: ordered)
  }

  /// A store holding `records`, inserted through the store.
  static func store(
    _ records: [(String, Int)], entity: SQLiteEntity, path: String? = nil
  ) throws -> SQLiteStore {
    let store =
      try path.map { try SQLiteStore(path: $0, entity: entity, watchInterval: nil) }
      ?? SQLiteStore.inMemory(entity: entity)
    for (name, rank) in records {
      let item = try store.create()
      let kvc = try require(item.objectValue.flatMap { entity.definition.keyValueCoding(for: $0) })
      try kvc.setValue(.string(name), forKey: "name")
      try kvc.setValue(.int(rank), forKey: "rank")
      try store.insert(item, at: nil)
    }
    return store
  }
}

func require<T>(_ value: T?, _ what: String = "value") throws -> T {
  guard let value else { throw StoreError.notFound(what) }
  return value
}
