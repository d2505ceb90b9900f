import Foundation
import Logging
import PostgresNIO
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// An inserted object is its row's from the moment the row can be read: a read that races
/// the insert's commit gets the same object, never a second one that a list would show twice.
@Suite("Insert identity")
struct InsertIdentityTests {
  /// The advisory lock the table's commit waits for while the check holds it.
  static let gate = 7_314_001
  static let logger = Logger(label: "insert-identity")

  /// Makes every commit of an insert into `store`'s table wait for the advisory lock
  /// ``gate`` (a deferred constraint trigger runs at commit), or fail when `failing`.
  static func holdCommits(of store: PostgresStore, failing: Bool = false) async throws {
    let table = store.entity.table
    let body =
      failing
      ? "RAISE EXCEPTION 'refused at commit'"
      : "PERFORM pg_advisory_xact_lock_shared(\(gate))"
    for sql in [
      """
      CREATE OR REPLACE FUNCTION "\(table)_gate"() RETURNS trigger AS $$
      BEGIN \(body); RETURN NULL; END $$ LANGUAGE plpgsql
      """,
      """
      CREATE CONSTRAINT TRIGGER "\(table)_gate" AFTER INSERT ON "\(table)"
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "\(table)_gate"()
      """,
    ] {
      try await store.client.query(PostgresQuery(unsafeSQL: sql))
    }
  }

  /// Whether a transaction waits for the advisory lock ``gate``.
  static func commitIsWaiting(_ store: PostgresStore) async throws -> Bool {
    let query = PostgresQuery(
      unsafeSQL: "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "
        + "AND objid = \(gate)")
    for try await count in try await store.client.query(query).decode(Int64.self) {
      return count > 0
    }
    return false
  }

  @Test func readsRacingTheCommitOfAnInsertGetTheInsertedObject() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(url, "identity", records: [("Ann", 1)])
    defer { store.shutdown() }
    try await Self.holdCommits(of: store)

    for round in 1...10 {
      let item = try store.create()
      let person = try #require(item.objectValue as? Person)
      person.name = "New \(round)"
      try await store.client.withConnection { gate in
        try await gate.query(
          PostgresQuery(unsafeSQL: "SELECT pg_advisory_lock(\(Self.gate))"), logger: Self.logger)
        let insert = Task { try await store.insert(item, at: nil) }
        while try await !Self.commitIsWaiting(store) { try await Task.sleep(for: .milliseconds(2)) }
        // Readers poll while the commit is let go; the first to see the row makes its object.
        let reading = AsyncStream<Void>.makeStream()
        let readers = (0..<4).map { _ in
          Task { () -> ObjectIdentifier? in
            let deadline = ContinuousClock.now + .seconds(10)
            var first = true
            while ContinuousClock.now < deadline {
              let page = try await store.fetchPage(FetchOptions(), from: nil)
              if first { reading.continuation.yield() }
              first = false
              let found = page.items.compactMap { $0.objectValue as? Person }
                .first { $0.name == "New \(round)" }
              if let found { return ObjectIdentifier(found) }
            }
            return nil
          }
        }
        // Every reader has read once and reads again as the commit is let go.
        var reads = 0
        for await _ in reading.stream {
          reads += 1
          if reads >= readers.count { break }
        }
        try await gate.query(
          PostgresQuery(unsafeSQL: "SELECT pg_advisory_unlock(\(Self.gate))"), logger: Self.logger)
        try await insert.value
        for reader in readers {
          let read = try #require(try await reader.value, "round \(round): the row was not read")
          #expect(
            read == ObjectIdentifier(person),
            "round \(round): a read made a second object for the row")
        }
      }
    }
  }

  @Test func anInsertRefusedAtCommitLeavesTheObjectFreeToInsertAgain() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(url, "identity", records: [("Ann", 1)])
    defer { store.shutdown() }
    try await Self.holdCommits(of: store, failing: true)
    let item = try store.create()
    let person = try #require(item.objectValue as? Person)
    person.name = "Bob"
    await #expect(throws: StoreError.self) { try await store.insert(item, at: nil) }

    let table = store.entity.table
    try await store.client.query(
      PostgresQuery(unsafeSQL: "DROP TRIGGER \"\(table)_gate\" ON \"\(table)\""))
    try await store.insert(item, at: nil)
    let page = try await store.fetchPage(FetchOptions(), from: nil)
    let bob = page.items.compactMap { $0.objectValue as? Person }.first { $0.name == "Bob" }
    #expect(bob === person)
  }
}
