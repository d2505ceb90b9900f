import GRDB
import Testing
import Trellis
import TrellisSQL

@testable import TrellisSQLite

/// What reads derive from an entity is made once for it and made again after it changes.
@Suite("SQLite: what reads derive from an entity")
struct EntityReadsTests {
  static func items() throws -> SQLiteEntity {
    SQLiteEntity(
      table: "item", definition: try DataDefinition.dictionary(keys: "name;detail"),
      columns: [.text("name"), .text("detail")], ordered: true)
  }

  @Test func aCopyUsesWhatItsOriginalDerived() throws {
    let entity = try Self.items()
    let first = entity.reads.derived(from: entity)
    let copy = entity
    #expect(copy.reads.derived(from: copy).layout === first.layout)
    #expect(first.select == #"SELECT "id", "name", "detail" FROM "item""#)
    #expect(entity.defaultOrder == #""position", "id""#)
  }

  @Test func aChangedEntityDerivesAgain() throws {
    var entity = try Self.items()
    let before = entity.reads.derived(from: entity)
    entity.columns.removeLast()
    entity.positionColumn = nil
    let after = entity.reads.derived(from: entity)
    #expect(after.layout !== before.layout)
    #expect(after.select == #"SELECT "id", "name" FROM "item""#)
    #expect(after.layoutKeys == ["name"])
    #expect(entity.defaultOrder == #""id""#)
  }

  /// A store opened over a changed entity reads with the change: here a column it drops.
  @Test func aStoreReadsWithTheEntityAsItIsNow() throws {
    var entity = try Self.items()
    let store = try SQLiteStore.inMemory(entity: entity)
    _ = try store.fetch(FetchOptions())
    entity.table = "other"
    let other = try SQLiteStore.inMemory(entity: entity)
    try other.database.write { db in
      try db.execute(sql: "INSERT INTO other (name, detail, position) VALUES ('a', 'b', 0)")
    }
    let rows = try other.fetch(FetchOptions())
    #expect(rows.count == 1)
    #expect(try store.fetch(FetchOptions()).isEmpty)
  }
}
