import Foundation
import Logging
import PostgresNIO
import Testing
import Trellis
import TrellisTesting

@testable import TrellisPostgres

/// Reads are not queued behind writes: a notification's reads run on the connection that
/// listens, and writes hold at most half the pool, so another server's change reaches the
/// lists, and a list can be read, while a burst of writes waits (here, for the order's lock).
@Suite("Reads while writes wait")
struct NoticeReadsTests {
  /// The logger of the test's own statements.
  static let logger = Logger(label: "reads-while-writes-wait")

  /// Runs `body` while another process holds the order's lock of `store`'s table and 24
  /// inserts through `store` wait for it, more than the pool has connections; then lets them
  /// through.
  static func whileInsertsWait(
    _ store: PostgresStore, holder other: PostgresStore, _ body: () async throws -> Void
  ) async throws {
    let key = PostgresStore.orderLockKey(of: store.entity.table)
    let held = AsyncStream<Void>.makeStream()
    let released = AsyncStream<Void>.makeStream()
    let holder = Task {
      try await other.client.withConnection { connection in
        try await connection.query("SELECT pg_advisory_lock(\(key))", logger: Self.logger)
        held.continuation.yield()
        for await _ in released.stream { break }
        try await connection.query("SELECT pg_advisory_unlock(\(key))", logger: Self.logger)
      }
    }
    for await _ in held.stream { break }
    let inserts = (1...24).map { number in
      Task { try await CrossServerTests.insert("New \(number)", at: nil, into: store) }
    }
    // The writes beyond the limit's places wait in it; the others wait for the lock.
    let limit = store.writeLimit
    while limit.waitingCount < inserts.count - limit.capacity { await Task.yield() }
    do { try await body() } catch {
      released.continuation.yield()
      throw error
    }
    released.continuation.yield()
    for insert in inserts { try await insert.value }
    try await holder.value
  }

  @Test func anotherServersRenameArrivesWhileWritesWaitOnTheOrderLock() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(
      url, "notice_reads", records: [("Ann", 1), ("Bob", 2)])
    defer { store.shutdown() }
    let other = try PostgresStore(url: url, entity: store.entity, timeout: .seconds(60))
    defer { other.shutdown() }
    let app = CrossServerTests.session(store)
    try await app.settle(until: { app.texts == [["Ann", "Bob"]] })
    try await CrossServerTests.waitUntilListening(store)
    try await Self.whileInsertsWait(store, holder: other) {
      let ann = try await ReportOrderTests.item("Ann", in: other)
      try await other.update(ann, values: ["name": .string("Ann renamed")])
      try await app.settle(
        until: { app.texts.first?.first == "Ann renamed" }, timeout: .seconds(5))
    }
    try await app.settle(until: { app.texts.first?.count == 26 }, timeout: .seconds(30))
    #expect(app.host.violations.isEmpty)
  }

  @Test func aListOpenedWhileWritesWaitOnTheOrderLockIsRead() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(
      url, "list_reads", records: [("Ann", 1), ("Bob", 2)])
    defer { store.shutdown() }
    let other = try PostgresStore(url: url, entity: store.entity, timeout: .seconds(60))
    defer { other.shutdown() }
    try await Self.whileInsertsWait(store, holder: other) {
      let app = CrossServerTests.session(store)
      try await app.settle(until: { app.texts == [["Ann", "Bob"]] }, timeout: .seconds(5))
    }
  }
}
