import Testing
import Trellis
import TrellisTesting

/// A plain class, seen through a definition built from its key paths.
final class Ranked {
  var name = ""
  var rank = 0
}

@Suite("MemoryStore keeps the store contract")
struct MemoryStoreContractTests {
  @Test func dictionaries() throws {
    let definition = try DataDefinition.dictionary(keys: "name;rank")
    let failures = StoreContract.check { records in
      MemoryStore(
        items: records.map { .object(ObjectReference(DocumentObject($0.dictionary))) },
        definition: definition)
    }
    #expect(failures == [])
  }

  @Test func objects() throws {
    let failures = StoreContract.check { records in
      let objects = records.map { record -> Ranked in
        let object = Ranked()
        object.name = record.name
        object.rank = record.rank
        return object
      }
      return MemoryStore(objects: objects, definition: try Self.rankedDefinition())
    }
    #expect(failures == [])
  }

  @Test func aBrokenStoreFailsTheContract() throws {
    let definition = try DataDefinition.dictionary(keys: "name;rank")
    let failures = StoreContract.check { records in
      ForgetfulStore(MemoryStore(items: records.map(\.dictionary), definition: definition))
    }
    #expect(failures.contains { $0.check == "insert" })
    #expect(failures.contains { $0.check == "sort" })
  }

  static func rankedDefinition() throws -> DataDefinition {
    try DataDefinition(
      for: Ranked.self,
      properties: [.init("name", \Ranked.name), .init("rank", \Ranked.rank)],
      make: { Ranked() })
  }
}

/// A store that ignores sort keys and sends no events: the contract must catch it.
final class ForgetfulStore: DataStore, @unchecked Sendable {
  let base: MemoryStore
  init(_ base: MemoryStore) { self.base = base }
  var itemsDefinition: DataDefinition? { base.itemsDefinition }
  var supportsMoving: Bool { true }
  func fetch(_ options: FetchOptions) throws(StoreError) -> [Value] {
    var unsorted = options
    unsorted.sort = []
    return try base.fetch(unsorted)
  }
  func count(_ options: FetchOptions) throws(StoreError) -> Int { try base.count(options) }
  func create() throws(StoreError) -> Value { try base.create() }
  func insert(_ item: Value, at index: Int?) throws(StoreError) { try base.insert(item, at: index) }
  func update(_ item: Value, values: [String: Value]) throws(StoreError) {
    try base.update(item, values: values)
  }
  func delete(_ item: Value) throws(StoreError) { try base.delete(item) }
  func move(_ item: Value, after: Value?) throws(StoreError) {
    try base.move(item, after: after)
  }
  func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    ObservationToken {}
  }
}
