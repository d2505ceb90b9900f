import Foundation
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

/// An SQLite store keeps one identity per row while anything holds it (a list, a form, an
/// app's object), and lets go of the rest in a sweep: after a list stops observing, and when
/// the identities have doubled. A server's memory then follows what its sessions show, not
/// every row they ever read.
@Suite("SQLite: the rows a store keeps")
struct KeptRowsTests {
  /// The identity a store keeps for `item`: its fault, or the object the app inserted.
  static func identity(_ item: Value?) -> AnyObject? {
    guard case .object(let reference) = item else { return nil }
    return reference.identity
  }

  @Test func aListThatLetsGoLeavesOnlyTheRowsStillHeld() async throws {
    let store = try SQLiteTestSupport.store(
      [("a", 1), ("b", 2), ("c", 3)], entity: SQLiteTestSupport.rankedEntity())
    // Inserted objects are kept until a sweep finds nothing else holding them.
    store.sweepObjects()
    #expect(store.loadedObjectCount == 0)
    weak var dropped: AnyObject?
    var heldRow: Value?
    var heldObject: AnyObject?
    do {
      let section = ArrayOfObjectsSection(
        store: store, definition: try SQLiteTestSupport.rankedDefinition())
      let model = TableModel(title: "Ranked")
      model.addSection(section)
      model.processChanges()
      let items = section.items
      try #require(items.count == 3)
      dropped = Self.identity(items[0])
      heldRow = items[1]
      // A form edits the object, not the fault the list showed.
      heldObject = items[2].objectValue
      #expect(store.loadedObjectCount == 3)
    }
    await store.sweepFinished()
    #expect(dropped == nil, "a row only the store held is still alive")
    #expect(store.loadedObjectCount == 2)

    let again = try store.fetch(FetchOptions())
    #expect(again.count == 3)
    #expect(Self.identity(again[1]) === Self.identity(heldRow))
    #expect(again[2].objectValue === heldObject)
    // The object a form holds still writes to its row.
    let object = try #require(heldObject as? Ranked)
    try store.update(.object(ObjectReference(object)), values: ["name": "changed"])
    let names = try store.fetch(FetchOptions()).compactMap { ($0.objectValue as? Ranked)?.name }
    #expect(names == ["a", "b", "changed"])
  }

  @Test func readingManyRowsNobodyHoldsKeepsFewOfThem() throws {
    let store = try BatchedLoadingTests.bigStore(10_000)
    var options = FetchOptions()
    options.batchSize = 500
    var read = 0
    while read < 10_000 {
      options.offset = read
      let batch = try store.fetch(options)
      #expect(!batch.isEmpty)
      read += batch.count
    }
    // The store swept when it reached 4,096 rows, keeping only those being read then.
    #expect(store.loadedObjectCount < 4_096 + 500)
    store.sweepObjects()
    #expect(store.loadedObjectCount == 0)
  }
}
