import Foundation
import PostgresNIO
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// Writers racing on one row: whatever order their transactions commit in, every server's
/// object ends with the row as the database holds it.
@Suite("Row versions")
struct RowVersionTests {
  /// The name and rank of the table's only row, as the database holds them.
  static func row(_ store: PostgresStore) async throws -> (String, Int) {
    let query = PostgresQuery(
      unsafeSQL: "SELECT name, rank::bigint FROM \"\(store.entity.table)\" LIMIT 1")
    for try await (name, rank) in try await store.client.query(query).decode((String, Int).self) {
      return (name, rank)
    }
    throw StoreError.notFound(store.entity.table)
  }

  /// The only item of `store`, read through it.
  static func onlyItem(_ store: PostgresStore) async throws -> Person {
    let page = try await store.fetchPage(FetchOptions(), from: nil)
    return try #require(page.items.first?.objectValue as? Person)
  }

  /// Waits until every store's object holds the database's row.
  static func settle(_ people: [(PostgresStore, Person)], to expected: (String, Int)) async throws
    -> Bool
  {
    let wakes = WakeSignal()
    let tokens = people.map { store, _ in store.observe { _ in wakes.wake() } }
    defer { for token in tokens { token.cancel() } }
    return await wakes.until(within: .seconds(5)) {
      for (store, _) in people { store.applyArrivedValues() }
      return people.allSatisfy { $0.1.name == expected.0 && $0.1.rank == expected.1 }
    }
  }

  @Test func twoEditsOfOneFieldOnOneServerLeaveTheObjectAsTheDatabaseHoldsIt() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(url, "race", records: [("Ann", 1)])
    defer { store.shutdown() }
    let session = CrossServerTests.session(store)
    try await session.settle(until: { session.texts == [["Ann"]] })
    let ann = try await Self.onlyItem(store)
    let item = Value.object(ObjectReference(ann))

    // A's write starts first and commits last; the object took B's value last.
    let first = try store.prepareUpdate(item, values: ["name": "From A"])
    let second = try store.prepareUpdate(item, values: ["name": "From B"])
    try await second.run()
    try await first.run()

    let stored = try await Self.row(store)
    #expect(stored.0 == "From A")
    #expect(try await Self.settle([(store, ann)], to: stored), "the object holds \(ann.name)")
    try await session.settle(until: { session.texts == [["From A"]] })
    #expect(session.host.violations.isEmpty)
  }

  @Test func editsOfDifferentFieldsOnTwoServersBothReachBoth() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresTestSupport.entity("versions")
    let servers = try (0..<2).map { _ in
      try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    }
    defer { servers.forEach { $0.shutdown() } }
    try await CrossServerTests.insert("Ann", at: nil, into: servers[0])
    let tokens = servers.map { $0.observe { _ in } }
    defer { tokens.forEach { $0.cancel() } }
    try await CrossServerTests.waitUntilListening(servers[0], servers[1])
    let people = [
      (servers[0], try await Self.onlyItem(servers[0])),
      (servers[1], try await Self.onlyItem(servers[1])),
    ]

    for round in 1...20 {
      // Server 0 renames while server 1 ranks, at the same moment.
      let rename = try servers[0].prepareUpdate(
        .object(ObjectReference(people[0].1)), values: ["name": .string("Ann \(round)")])
      let rank = try servers[1].prepareUpdate(
        .object(ObjectReference(people[1].1)), values: ["rank": .int(round)])
      async let renamed: Void = rename.run()
      async let ranked: Void = rank.run()
      _ = try await (renamed, ranked)
      let stored = try await Self.row(servers[0])
      #expect(stored == ("Ann \(round)", round))
      let settled = try await Self.settle(people, to: stored)
      #expect(
        settled,
        "round \(round): \(people.map { "\($0.1.name)/\($0.1.rank)" }) against \(stored)")
      if !settled { break }
    }
  }
}
