import Foundation
import Logging
import PostgresNIO
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// What a notification names is read on the connection that listens, so another server's
/// change reaches the lists even while every pooled connection is taken by writes that wait
/// (here, for the order's lock).
@Suite("Reads for notifications")
struct NoticeReadsTests {
  /// The logger of the test's own statements.
  static let logger = Logger(label: "notice-reads-test")

  @Test func anotherServersRenameArrivesWhileEveryPooledConnectionWaitsOnTheOrderLock()
    async throws
  {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(
      url, "notice_reads", records: [("Ann", 1), ("Bob", 2)])
    defer { store.shutdown() }
    let other = try PostgresStore(url: url, entity: store.entity, timeout: .seconds(60))
    defer { other.shutdown() }
    let app = CrossServerTests.session(store)
    try await app.settle(until: { app.texts == [["Ann", "Bob"]] })
    try await CrossServerTests.waitUntilListening(store)

    // Another process holds the order's lock, so this store's inserts wait in their
    // transactions, each on a pooled connection: more of them than the pool has.
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
    try await Task.sleep(for: .milliseconds(300))

    let ann = try await ReportOrderTests.item("Ann", in: other)
    try await other.update(ann, values: ["name": .string("Ann renamed")])
    let shown: Bool
    do {
      try await app.settle(
        until: { app.texts.first?.first == "Ann renamed" }, timeout: .seconds(5))
      shown = true
    } catch {
      shown = false
    }
    released.continuation.yield()
    for insert in inserts { _ = try? await insert.value }
    try await holder.value
    #expect(shown, "the rename waited for the pool")
    try await app.settle(until: { app.texts.first?.count == 26 }, timeout: .seconds(30))
    #expect(app.host.violations.isEmpty)
  }
}
