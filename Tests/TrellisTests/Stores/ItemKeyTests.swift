import Testing
import TrellisValues

@testable import Trellis

/// Tables keyed by item identity: objects by instance, other values by value, each entry
/// keeping its item.
@Suite("Item keys")
struct ItemKeyTests {
  final class Thing {}

  @Test func objectsAreTheSameOnlyAsTheSameInstance() {
    let (a, b) = (Thing(), Thing())
    var set: ItemSet = []
    let inserted = [
      set.insert(.object(ObjectReference(a))), set.insert(.object(ObjectReference(a))),
      set.insert(.object(ObjectReference(b))), set.insert(.string("a")),
      set.insert(.string("a")),
    ]
    // The same instance, or an equal value, is there already; another instance is another item.
    #expect(inserted == [true, false, true, true, false])
    #expect(set.count == 3)
    let removed = set.remove(.object(ObjectReference(a)))
    #expect(removed != nil)
    #expect(!set.contains(.object(ObjectReference(a))) && set.contains(.object(ObjectReference(b))))
  }

  @Test func anEntryKeepsItsObjectAlive() {
    var set: ItemSet = []
    weak var gone: Thing?
    do {
      let thing = Thing()
      gone = thing
      set.insert(.object(ObjectReference(thing)))
    }
    #expect(gone != nil, "the set holds the object, so its identity is not reused")
    _ = set.remove(.object(ObjectReference(gone!)))
    #expect(gone == nil)
  }

  @Test func countsFollowAddsAndRemoves() {
    let thing = Thing()
    let item = Value.object(ObjectReference(thing))
    var counts = ItemCounts([item, .int(1), item])
    #expect(counts[item] == 2 && counts[.int(1)] == 1 && counts[.int(2)] == 0)
    #expect(counts.distinct == 2)
    counts.remove(item)
    counts.remove(.int(1))
    counts.remove(.int(7))  // not listed: nothing to take away
    #expect(counts[item] == 1 && counts[.int(1)] == 0 && counts.distinct == 1)
    counts.add(.int(1))
    #expect(counts.distinct == 2)
  }
}
