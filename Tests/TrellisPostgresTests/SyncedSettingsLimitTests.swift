import Foundation
import Logging
import PostgresNIO
import Testing
import TrellisPostgres

/// iCloud's limits, each refused with a message that names the key, the limit and the size.
@Suite("Synced settings' limits against a real PostgreSQL server")
struct SyncedSettingsLimitTests {
  /// The message of the refusal `work` throws, or `nil`.
  func refusal(_ work: () throws(StoreError) -> Void) -> String? {
    do throws(StoreError) {
      try work()
      return nil
    } catch {
      guard case .refused(let message) = error else { return "not a refusal: \(error)" }
      return message
    }
  }

  /// What the database holds for the store's person and namespace, through a fresh store.
  func stored(_ url: String, table: String, namespace: String) async throws -> [String: Value] {
    let fresh = try #require(SyncedSettingsSupport.store(url, table: table, namespace: namespace))
    try await fresh.synchronize()
    let values = fresh.values
    await fresh.shutdown()
    return values
  }

  @Test func aKeyLongerThan64BytesIsRefused() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let table = PostgresTestSupport.freshTable("synced_key")
    let store = try #require(SyncedSettingsSupport.store(url, table: table))
    try await store.synchronize()
    let key = String(repeating: "é", count: 33)  // 66 bytes
    let message = try #require(refusal { () throws(StoreError) in try store.set(1, forKey: key) })
    #expect(message.contains(key) && message.contains("66 bytes") && message.contains("64 bytes"))
    try store.set(1, forKey: String(repeating: "k", count: 64))
    try await store.synchronize()
    #expect(store.value(forKey: key) == nil && store.status.waitingChanges == 0)
    #expect(
      try await stored(url, table: table, namespace: "app").keys.sorted() == [
        String(repeating: "k", count: 64)
      ])
    await store.shutdown()
  }

  @Test func the1025thKeyIsRefused() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let table = PostgresTestSupport.freshTable("synced_keys")
    let store = try #require(SyncedSettingsSupport.store(url, table: table))
    try await store.synchronize()
    for index in 0..<1024 { try store.set(.int(index), forKey: "key\(index)") }
    let message = try #require(
      refusal { () throws(StoreError) in try store.set(true, forKey: "one more") })
    #expect(message.contains("'one more'") && message.contains("1,024"))
    // Replacing a value is no new key.
    try store.set(-1, forKey: "key0")
    #expect(
      await PostgresTestSupport.until(store, within: .seconds(90)) {
        store.status.waitingChanges == 0
      })
    try await store.synchronize()
    let values = try await stored(url, table: table, namespace: "app")
    #expect(values.count == 1024 && values["one more"] == nil && values["key0"] == -1)
    await store.shutdown()
  }

  @Test func moreThan1MBIsRefused() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let table = PostgresTestSupport.freshTable("synced_bytes")
    let store = try #require(SyncedSettingsSupport.store(url, table: table))
    try await store.synchronize()
    // "big" (3 bytes) and its value ("…", 2 quotes + 1,000,000 bytes): 1,000,005 bytes.
    try store.set(.string(String(repeating: "a", count: 1_000_000)), forKey: "big")
    let message = try #require(
      refusal { () throws(StoreError) in
        try store.set(.string(String(repeating: "b", count: 50_000)), forKey: "more")
      })
    #expect(message.contains("'more'") && message.contains("1,048,576"))
    #expect(message.contains("1,050,011"), "the size found: \(message)")
    try await store.synchronize()
    let values = try await stored(url, table: table, namespace: "app")
    #expect(values.keys.sorted() == ["big"] && store.value(forKey: "more") == nil)
    await store.shutdown()
  }

  /// Two servers that each fit, but not together: the database refuses the later write, and
  /// its store goes back to what the database holds.
  @Test func theDatabaseRefusesWhatTwoServersTogetherWouldBreak() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let table = PostgresTestSupport.freshTable("synced_shared")
    let a = try #require(SyncedSettingsSupport.store(url, table: table))
    let b = try #require(SyncedSettingsSupport.store(url, table: table))
    try await a.synchronize()
    try await b.synchronize()
    let heard = [ChangeRecorder(a), ChangeRecorder(b)]
    let half = Value.string(String(repeating: "x", count: 600_000))
    // Neither has heard of the other's write when it makes its own, so both checks pass: a
    // third connection holds the table until both have written, so neither write commits
    // (and tells the other server) before the other is made.
    let logger = Logger(label: "synced-settings-limit")
    let holder = try await PostgresConnection.connect(
      configuration: try PostgresAddress.connectionConfiguration(from: url), id: 1,
      logger: logger)
    try await holder.query("BEGIN", logger: logger)
    try await holder.query(
      PostgresQuery(unsafeSQL: "LOCK TABLE \(table) IN EXCLUSIVE MODE"), logger: logger)
    try a.set(half, forKey: "first")
    try b.set(half, forKey: "second")
    try await holder.query("COMMIT", logger: logger)
    try await holder.close()
    try await a.synchronize()
    try await b.synchronize()
    let values = try await stored(url, table: table, namespace: "app")
    #expect(values.count == 1)
    let refusedIndex = values["first"] == nil ? 0 : 1
    let refusedKey = ["first", "second"][refusedIndex]
    let refusedStore = [a, b][refusedIndex]
    let refusals = heard[refusedIndex].of(refusedKey).compactMap { change -> String? in
      if case .refused(let message) = change.reason { return message }
      return nil
    }
    #expect(refusals.count == 1 && refusals.first?.contains("1,048,576") == true)
    #expect(refusedStore.value(forKey: refusedKey) == nil && refusedStore.lastError != nil)
    await a.shutdown()
    await b.shutdown()
  }
}
