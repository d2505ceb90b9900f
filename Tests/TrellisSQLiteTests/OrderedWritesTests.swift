import GRDB
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

/// An ordered table's rows hold consecutive positions from a first one that need not be 0:
/// an insert or a delete moves the rows on its shorter side, so that adding at the top of a
/// long list writes one row, and any mix of writes keeps the order a fresh list reads.
@Suite("SQLite: where writes put rows in an order")
struct OrderedWritesTests {
  /// Each row's position, by key.
  static func positions(_ store: SQLiteStore) throws -> [Int64: Int] {
    let rows = try store.database.read { db in
      try GRDB.Row.fetchAll(db, sql: "SELECT id, position FROM counted")
    }
    return Dictionary(uniqueKeysWithValues: rows.map { ($0["id"] as Int64, $0["position"] as Int) })
  }

  /// The rows whose positions differ between `before` and `after`, by key, of those in both.
  static func moved(_ before: [Int64: Int], _ after: [Int64: Int]) -> Int {
    before.filter { key, position in after[key].map { $0 != position } ?? false }.count
  }

  @Test func anInsertNearEitherEndMovesOnlyTheRowsOnThatSide() throws {
    let store = try ObjectFaultTests.store(1_000)
    var before = try Self.positions(store)
    try PagedListChangesTests.insert("Top", at: 0, in: store)
    var after = try Self.positions(store)
    #expect(Self.moved(before, after) == 0)
    #expect(after.count == 1_001)
    #expect(after.values.min() == -1)

    before = after
    try PagedListChangesTests.insert("Near the end", at: 998, in: store)
    after = try Self.positions(store)
    #expect(Self.moved(before, after) == 3)

    before = after
    try PagedListChangesTests.insert("Near the top", at: 2, in: store)
    after = try Self.positions(store)
    #expect(Self.moved(before, after) == 2)
    #expect(
      try PagedListChangesTests.firstRows(4, of: store) == [
        "Top", "Item 0", "Near the top", "Item 1",
      ])
    let names = try store.fetch(FetchOptions()).map {
      store.entity.definition.reader(for: $0).value("name")?.stringValue ?? "?"
    }
    #expect(names.suffix(4) == ["Near the end", "Item 997", "Item 998", "Item 999"])
  }

  @Test func aDeleteNearEitherEndMovesOnlyTheRowsOnThatSide() throws {
    let store = try ObjectFaultTests.store(1_000)
    let items = try store.fetch(FetchOptions())
    var before = try Self.positions(store)
    try store.delete(items[3])
    var after = try Self.positions(store)
    #expect(Self.moved(before, after) == 3)
    before = after
    try store.delete(items[995])
    after = try Self.positions(store)
    #expect(Self.moved(before, after) == 4)
    #expect(after.values.max()! - after.values.min()! + 1 == after.count)
  }

  @Test func aMoveFromEndToEndMovesNoOtherRow() throws {
    let store = try ObjectFaultTests.store(1_000)
    var items = try store.fetch(FetchOptions())
    var before = try Self.positions(store)
    try store.move(items[999], after: nil)
    var after = try Self.positions(store)
    #expect(Self.moved(before, after) == 1)
    #expect(try PagedListChangesTests.firstRows(2, of: store) == ["Item 999", "Item 0"])
    // And back to the end.
    items = try store.fetch(FetchOptions())
    before = after
    try store.move(items[0], after: items[999])
    after = try Self.positions(store)
    #expect(Self.moved(before, after) == 1)
    // A move within a short span still shifts only the rows between.
    items = try store.fetch(FetchOptions())
    before = after
    try store.move(items[500], after: items[502])
    after = try Self.positions(store)
    #expect(Self.moved(before, after) == 3)
    #expect(try PagedListChangesTests.firstRows(2, of: store) == ["Item 0", "Item 1"])
    let names = try store.fetch(FetchOptions()).map {
      store.entity.definition.reader(for: $0).value("name")?.stringValue ?? "?"
    }
    #expect(names.last == "Item 999")
    #expect(Array(names[499...502]) == ["Item 499", "Item 501", "Item 502", "Item 500"])
    #expect(after.values.max()! - after.values.min()! + 1 == after.count)
  }

  /// A row made through a to-one (a new group chosen for a member) goes after the last row of
  /// its ordered table, wherever that table's positions start now.
  @Test func aRowMadeThroughAToOneGoesAfterTheLast() throws {
    let group = try SQLiteEntity(
      table: "grp", definition: try ContractGroup.definition(), ordered: true)
    let members = try SQLiteEntity(
      table: "member", definition: try ContractMember.definition(),
      relationships: [.toOne("group", to: group, inverse: "members", deleteRule: .nullify)],
      transient: ["badges"])
    let store = try SQLiteStore.inMemory(entity: members)
    let groups = try store.store(for: "group")
    for name in ["A", "B", "C"] {
      try groups.insert(.object(ObjectReference(ContractGroup(name: name))), at: nil)
    }
    // Deleting the first row leaves the others where they were: positions 1 and 2.
    try groups.delete(try #require(try groups.fetch(FetchOptions()).first))
    try store.insert(
      .object(ObjectReference(ContractMember(name: "Bo", group: ContractGroup(name: "New")))),
      at: nil)
    let positions = try store.database.read { db in
      try Int.fetchAll(db, sql: "SELECT position FROM grp ORDER BY position")
    }
    #expect(positions == [1, 2, 3])
    let names = try groups.fetch(FetchOptions()).compactMap {
      ($0.objectValue as? ContractGroup)?.name
    }
    #expect(names == ["B", "C", "New"])
  }

  /// Random inserts, deletes and moves, each replayed through a list of every row on the
  /// headless table view: after each, the list, a fresh read and the test's own order agree,
  /// and the positions are consecutive.
  @Test(arguments: [31, 32, 33]) func anyMixOfWritesKeepsTheOrder(seed: UInt64) throws {
    let store = try ObjectFaultTests.store(20)
    let app = try ObjectFaultTests.app(store, batch: nil)
    var expected = (0..<20).map { "Item \($0)" }
    var random = SeededRandom(seed: seed)
    for step in 0..<200 {
      let items = try store.fetch(FetchOptions())
      let write = OrderedWriteStep.random(count: expected.count, using: &random)
      switch write {
      case .insert(let index):
        try PagedListChangesTests.insert("New \(step)", at: index, in: store)
      case .delete(let index):
        try store.delete(items[index])
      case .move(let source, let after):
        // `Value` is a nil literal itself: no place is spelled out.
        try store.move(items[source], after: after.map { items[$0] } ?? Optional.none)
      }
      write.apply(to: &expected, inserting: "New \(step)")
      try app.host.check()
      let fresh = try store.fetch(FetchOptions()).map {
        store.entity.definition.reader(for: $0).value("name")?.stringValue ?? "?"
      }
      #expect(fresh == expected, "step \(step)")
      #expect(app.texts[0] == expected, "step \(step)")
      let positions = try Self.positions(store).values
      if let low = positions.min(), let high = positions.max() {
        #expect(high - low + 1 == positions.count, "step \(step)")
      }
      if fresh != expected || app.texts[0] != expected { break }
    }
    #expect(app.host.violations.isEmpty)
  }
}
