import Testing
import Trellis

/// A memory store lists an object once: a second insert of it is refused, as a database
/// store refuses it; plain values may repeat.
@Suite("Memory store: an object inserted twice")
struct MemoryStoreDuplicateTests {
  final class Item {}

  @Test func aSecondInsertOfAnObjectIsRefusedAndValuesMayRepeat() throws {
    let store = MemoryStore(objects: [Item()])
    let item = Value.object(ObjectReference(Item()))
    try store.insert(item, at: nil)
    #expect(throws: StoreError.self) { try store.insert(item, at: 0) }
    #expect(try store.fetch(FetchOptions()).count == 2)
    let values = MemoryStore(items: [.string("a")])
    try values.insert(.string("a"), at: nil)
    #expect(try values.fetch(FetchOptions()) == [.string("a"), .string("a")])
  }
}
