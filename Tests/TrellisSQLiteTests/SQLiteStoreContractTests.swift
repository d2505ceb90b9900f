import Foundation
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

@Suite("SQLiteStore keeps the store contract")
struct SQLiteStoreContractTests {
  @Test func objectsInMemory() throws {
    let entity = try SQLiteTestSupport.rankedEntity()
    let failures = StoreContract.check { records in
      try SQLiteTestSupport.store(records.map { ($0.name, $0.rank) }, entity: entity)
    }
    #expect(failures == [])
  }

  @Test func dictionariesInAFile() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let entity = SQLiteEntity(
      table: "entry", definition: try DataDefinition.dictionary(keys: "name;rank"),
      columns: [.text("name"), .integer("rank")], ordered: true)
    var number = 0
    let failures = StoreContract.check { records in
      number += 1
      return try SQLiteTestSupport.store(
        records.map { ($0.name, $0.rank) }, entity: entity,
        path: directory.appendingPathComponent("contract-\(number).sqlite").path)
    }
    #expect(failures == [])
  }

  @Test func anUnorderedTableRefusesMoves() throws {
    let entity = try SQLiteTestSupport.rankedEntity(ordered: false)
    let store = try SQLiteTestSupport.store([("a", 1), ("b", 2)], entity: entity)
    #expect(!store.supportsMoving)
    let items = try store.fetch(FetchOptions())
    #expect(throws: StoreError.self) { try store.move(items[0], after: items[1]) }
  }

  @Test func predicatesRunInSQLAndAgreeWithMemory() throws {
    let entity = try SQLiteTestSupport.rankedEntity()
    let records = (0..<60).map { ("Name \($0 % 7) é\($0)", $0) }
    let sqlite = try SQLiteTestSupport.store(records, entity: entity)
    let memoryDefinition = try DataDefinition.dictionary(keys: "name;rank")
    let memory = MemoryStore(
      items: records.map { .dictionary(["name": .string($0.0), "rank": .int($0.1)]) },
      definition: memoryDefinition)
    let texts = [
      "rank BETWEEN {10, 20} AND NOT name ENDSWITH \"3\"", "name BEGINSWITH[c] 'name 4'",
      "name CONTAINS[cd] 'E1' OR rank IN {1, 2, 3}", "name MATCHES 'Name [0-2].*'",
      "name LIKE '*é5?'", "rank > 50 || rank < 2",
    ]
    for text in texts {
      let options = FetchOptions(
        sort: [SortKey("rank", ascending: false)], filter: ItemFilter(try Predicate(text)))
      let fromSQL = try sqlite.fetch(options).map {
        entity.definition.reader(for: $0).value("rank")
      }
      let fromMemory = try memory.fetch(options).map {
        memoryDefinition.reader(for: $0).value("rank")
      }
      #expect(!fromMemory.isEmpty, "\(text)")
      #expect(fromSQL == fromMemory, "\(text)")
      #expect(try sqlite.count(options) == fromMemory.count, "\(text)")
    }
  }

  @Test func sortingByAnUnknownColumnIsAnError() throws {
    let store = try SQLiteTestSupport.store([("a", 1)], entity: SQLiteTestSupport.rankedEntity())
    #expect(throws: StoreError.self) { try store.fetch(FetchOptions(sort: [SortKey("nope")])) }
  }
}
