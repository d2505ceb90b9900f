import Foundation
import Testing
import Trellis
import TrellisPostgres

/// A PostgreSQL store keeps one object per row while anything holds it (a list, a form, an
/// app's object) or while its row has been written since it was read, and lets go of the
/// rest in a sweep: after a list stops observing, and when its objects have doubled.
@Suite("PostgreSQL: the rows a store keeps")
struct PostgresKeptRowsTests {
  /// A store over a fresh table of `count` rows that another program wrote.
  static func store(_ url: String, rows count: Int) async throws -> PostgresStore {
    let entity = try PostgresTestSupport.entity("kept")
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    #expect(try await store.count(FetchOptions()) == 0)
    try await AnyDataPostgres.run(
      url,
      [
        "INSERT INTO \(entity.table) (name, rank, position) "
          + "SELECT 'Row ' || i, i, i FROM generate_series(1, \(count)) AS i"
      ])
    return store
  }

  static func identity(_ item: Value?) -> AnyObject? {
    guard case .object(let reference) = item else { return nil }
    return reference.identity
  }

  @Test func aListThatLetsGoLeavesOnlyTheRowsStillHeldOrWritten() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await Self.store(url, rows: 4)
    defer { store.shutdown() }
    weak var dropped: AnyObject?
    var heldRow: Value?
    var heldObject: AnyObject?
    do {
      let token = store.observe { _ in }
      let items = try await store.fetchPage(FetchOptions(), from: nil).items
      try #require(items.count == 4)
      dropped = Self.identity(items[0])
      heldRow = items[1]
      // A form edits the object, not the fault the list showed.
      heldObject = items[2].objectValue
      // A row written since it was read stays, though nothing holds it.
      try await store.update(items[3], values: ["rank": .int(40)])
      #expect(store.keptObjectCount == 4)
      token.cancel()
    }
    await store.sweepFinished()
    #expect(dropped == nil, "a row only the store held is still alive")
    #expect(store.keptObjectCount == 3)

    let again = try await store.fetchPage(FetchOptions(), from: nil).items
    #expect(again.count == 4)
    #expect(Self.identity(again[1]) === Self.identity(heldRow))
    #expect(again[2].objectValue === heldObject)
    let object = try #require(heldObject)
    try await store.update(.object(ObjectReference(object)), values: ["name": "changed"])
    let names = try await store.fetchPage(FetchOptions(), from: nil).items.map {
      store.itemsDefinition?.title(of: $0)
    }
    #expect(names == ["Row 1", "Row 2", "changed", "Row 4"])
  }

  @Test func readingManyRowsNobodyHoldsKeepsFewOfThem() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await Self.store(url, rows: 6_000)
    defer { store.shutdown() }
    var options = FetchOptions()
    options.batchSize = 500
    var token: PageToken?
    var read = 0
    repeat {
      let page = try await store.fetchPage(options, from: token)
      read += page.items.count
      token = page.next
    } while token != nil
    #expect(read == 6_000)
    // The store swept when it reached 4,096 rows, keeping only those being read then.
    #expect(store.keptObjectCount < 4_096 + 500)
    store.sweepObjects()
    #expect(store.keptObjectCount == 0)
  }
}
