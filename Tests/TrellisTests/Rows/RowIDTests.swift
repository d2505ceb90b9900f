import Testing
import Trellis

/// A class an app might use as its rows' identities.
private final class Account: Hashable, Sendable {
  let name: String
  init(_ name: String) { self.name = name }
  static func == (a: Account, b: Account) -> Bool { a === b }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// An identity that is neither a class nor a value a row can show.
private struct Slot: Hashable, Sendable, CustomStringConvertible {
  let shelf: Int
  let place: Int
  var description: String { "\(shelf)-\(place)" }
}

@Suite("Row identities")
struct RowIDTests {
  @Test func objectsAreIdentifiedByIdentityNotByDescription() {
    let first = Account("Same")
    let second = Account("Same")
    #expect(RowID(hashable: first) == RowID(hashable: first))
    #expect(RowID(hashable: first) != RowID(hashable: second))
    #expect(RowID(hashable: first) == RowID(object: first))
  }

  @Test func valuesAreIdentifiedByValueWithinTheirType() {
    #expect(RowID(hashable: "a") == RowID(hashable: "a"))
    #expect(RowID(hashable: 1) == RowID(1))
    #expect(RowID(hashable: Slot(shelf: 1, place: 2)) == RowID(hashable: Slot(shelf: 1, place: 2)))
    #expect(RowID(hashable: Slot(shelf: 1, place: 2)) != RowID(hashable: Slot(shelf: 2, place: 1)))
  }
}
