import Foundation
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// An ordered PostgreSQL table's rows hold consecutive positions from a first one that need
/// not be 0: an insert or a delete moves the rows on its shorter side, so that adding at the
/// top of a long list writes one row under the order's lock, and any mix of writes keeps the
/// order a fresh read gives.
@Suite("PostgreSQL: where writes put rows in an order")
struct PostgresOrderedWritesTests {
  /// The names of the store's rows, in its order, read afresh.
  static func names(_ store: PostgresStore) async throws -> [String] {
    try await store.fetchPage(FetchOptions(), from: nil).items.map {
      store.entity.definition.reader(for: $0).value("name")?.stringValue ?? "?"
    }
  }

  @Test func writesNearEitherEndMoveOnlyTheRowsOnThatSide() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try PostgresStore(
      url: url, entity: try PostgresTestSupport.entity("ordered_ends"), timeout: .seconds(30))
    defer { store.shutdown() }
    for index in 0..<40 { try await CrossServerTests.insert("Row \(index)", at: nil, into: store) }
    let table = store.entity.table
    let before = try await OrderRaceTests.positions(in: table, store)
    try await CrossServerTests.insert("Top", at: 0, into: store)
    var after = try await OrderRaceTests.positions(in: table, store)
    // Every row kept its position; the new one went before the first.
    #expect(Array(after.dropFirst()) == before)
    #expect(after[0] == before[0] - 1)
    let items = try await store.fetchPage(FetchOptions(), from: nil).items
    try await store.delete(items[39])
    try await store.move(items[40], after: nil)
    after = try await OrderRaceTests.positions(in: table, store)
    #expect(after == Array(after[0]..<after[0] + 40))
    let names = try await Self.names(store)
    #expect(Array(names.prefix(3)) == ["Row 39", "Top", "Row 0"])
    #expect(Array(names.suffix(2)) == ["Row 36", "Row 37"])
  }

  /// A row made through a to-one (a new group chosen for a member) goes after the last row of
  /// its ordered table, wherever that table's positions start now.
  @Test func aRowMadeThroughAToOneGoesAfterTheLast() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let group = try PostgresEntity(
      table: PostgresTestSupport.freshTable("ordered_grp"),
      definition: try ContractGroup.definition(), ordered: true)
    let members = try PostgresEntity(
      table: PostgresTestSupport.freshTable("ordered_member"),
      definition: try ContractMember.definition(), transient: ["badges"],
      relationships: [.toOne("group", to: group, inverse: "members", deleteRule: .nullify)])
    let store = try PostgresStore(url: url, entity: members, timeout: .seconds(30))
    defer { store.shutdown() }
    let groups = try #require(try store.relatedStore(for: "group") as? PostgresStore)
    for name in ["A", "B", "C"] {
      try await groups.insert(.object(ObjectReference(ContractGroup(name: name))), at: nil)
    }
    // Deleting the first row leaves the others where they were: positions 1 and 2.
    let first = try #require(try await groups.fetchPage(FetchOptions(), from: nil).items.first)
    try await groups.delete(first)
    try await store.insert(
      .object(ObjectReference(ContractMember(name: "Bo", group: ContractGroup(name: "New")))),
      at: nil)
    let positions = try await OrderRaceTests.positions(in: group.table, store)
    #expect(positions == [1, 2, 3])
    let names = try await Self.names(groups)
    #expect(names == ["B", "C", "New"])
  }

  /// Random inserts, deletes and moves: after each, a fresh read and the test's own order
  /// agree, and the positions are consecutive.
  @Test func anyMixOfWritesKeepsTheOrder() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try PostgresStore(
      url: url, entity: try PostgresTestSupport.entity("ordered_mix"), timeout: .seconds(30))
    defer { store.shutdown() }
    var expected: [String] = []
    for index in 0..<12 {
      try await CrossServerTests.insert("Row \(index)", at: nil, into: store)
      expected.append("Row \(index)")
    }
    var random = SeededRandom(seed: 41)
    for step in 0..<80 {
      let items = try await store.fetchPage(FetchOptions(), from: nil).items
      let write = OrderedWriteStep.random(count: expected.count, using: &random)
      switch write {
      case .insert(let index):
        try await CrossServerTests.insert("New \(step)", at: index, into: store)
      case .delete(let index):
        try await store.delete(items[index])
      case .move(let source, let after):
        // `Value` is a nil literal itself: no place is spelled out.
        try await store.move(items[source], after: after.map { items[$0] } ?? Optional.none)
      }
      write.apply(to: &expected, inserting: "New \(step)")
      let names = try await Self.names(store)
      #expect(names == expected, "step \(step)")
      let positions = try await OrderRaceTests.positions(in: store.entity.table, store)
      #expect(positions == Array(positions[0]..<positions[0] + positions.count), "step \(step)")
      if names != expected { break }
    }
  }

  /// Random moves right before another row, as a searched list makes them: each lands right
  /// before that row, in one write, and the positions stay consecutive.
  @Test func movesBeforeARowLandRightBeforeIt() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try PostgresStore(
      url: url, entity: try PostgresTestSupport.entity("ordered_before"), timeout: .seconds(30))
    defer { store.shutdown() }
    var expected: [String] = []
    for index in 0..<10 {
      try await CrossServerTests.insert("Row \(index)", at: nil, into: store)
      expected.append("Row \(index)")
    }
    var random = SeededRandom(seed: 7)
    for step in 0..<30 {
      let items = try await store.fetchPage(FetchOptions(), from: nil).items
      let source = Int.random(in: 0..<items.count, using: &random)
      var target = Int.random(in: 0..<items.count - 1, using: &random)
      if target >= source { target += 1 }
      try await store.move(items[source], before: items[target])
      let before = expected[target]
      let moved = expected.remove(at: source)
      expected.insert(moved, at: expected.firstIndex(of: before)!)
      let names = try await Self.names(store)
      #expect(names == expected, "step \(step): \(moved) before \(before)")
      let positions = try await OrderRaceTests.positions(in: store.entity.table, store)
      #expect(positions == Array(positions[0]..<positions[0] + positions.count), "step \(step)")
      if names != expected { break }
    }
  }
}
