import Foundation
import PostgresNIO
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// Reports about one row reach the lists in a consistent order, whichever task makes them:
/// once a row's delete is reported, a move or insert of it reported later (another server's
/// move, read back while this server deleted the row) does not bring it back into a list.
@Suite("Reports of writes racing a delete")
struct ReportOrderTests {
  /// The item of `store` titled `name`, read now.
  static func item(_ name: String, in store: PostgresStore) async throws -> Value {
    let items = try await store.fetchPage(FetchOptions(), from: nil).items
    return try #require(items.first { store.entity.definition.title(of: $0) == name })
  }

  @Test func anotherServersMoveRacingADeleteNeverBringsTheRowBack() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(
      url, "report_order", records: [("Ann", 1), ("Bob", 2)])
    defer { store.shutdown() }
    let other = try PostgresStore(url: url, entity: store.entity, timeout: .seconds(30))
    defer { other.shutdown() }
    let app = CrossServerTests.session(store)
    try await app.settle(until: { app.texts == [["Ann", "Bob"]] })
    let token = other.observe { _ in }
    defer { token.cancel() }
    try await CrossServerTests.waitUntilListening(store, other)

    for round in 1...40 {
      let name = "Cy \(round)"
      try await CrossServerTests.insert(name, at: nil, into: store)
      try await app.settle(until: { app.texts.first?.last == name })
      let here = try await Self.item(name, in: store)
      let there = try await Self.item(name, in: other)
      let ann = try await Self.item("Ann", in: other)
      // The other server moves the row while this one deletes it: whichever commits last,
      // the row is gone at the end.
      async let moved: Void = other.move(there, after: ann)
      async let deleted: Void = store.delete(here)
      _ = try? await moved
      _ = try? await deleted
      try await app.settle(until: { app.texts == [["Ann", "Bob"]] }, timeout: .seconds(5))
    }
    #expect(app.host.violations.isEmpty)
  }

  /// A row deleted with no notification (as when its notification is lost with a connection)
  /// and then announced as moved: the store reads its place, finds it gone, and reports it
  /// deleted. Before, "gone" read as "first", and the row stayed at the top of every list.
  @Test func aMoveOfARowWhoseDeleteWentUnheardRemovesItFromTheLists() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(
      url, "gone_move", records: [("Ann", 1), ("Bob", 2), ("Cy", 3)])
    defer { store.shutdown() }
    let app = CrossServerTests.session(store)
    try await app.settle(until: { app.texts == [["Ann", "Bob", "Cy"]] })
    try await CrossServerTests.waitUntilListening(store)
    let table = store.entity.table
    let key = store.entity.primaryKey
    let bob = try await store.client.query(
      PostgresQuery(unsafeSQL: "SELECT \(key) FROM \(table) WHERE name = 'Bob'")
    ).collect().first?.decode(Int64.self)
    let id = try #require(bob)
    for statement in [
      "ALTER TABLE \(table) DISABLE TRIGGER USER", "DELETE FROM \(table) WHERE \(key) = \(id)",
      "ALTER TABLE \(table) ENABLE TRIGGER USER",
      "SELECT pg_notify('\(PostgresTestSupport.channel(table))', "
        + "'{\"op\": \"MOVE\", \"id\": \(id), \"origin\": \"elsewhere\"}')",
    ] {
      try await store.client.query(PostgresQuery(unsafeSQL: statement))
    }
    try await app.settle(until: { app.texts == [["Ann", "Cy"]] }, timeout: .seconds(5))
    #expect(app.host.violations.isEmpty)
  }
}
