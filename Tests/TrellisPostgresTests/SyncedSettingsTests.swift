import Foundation
import Testing
import TrellisExamples
import TrellisPostgres
import TrellisSettings
import TrellisTesting

/// Synced settings against the real server: stores of one table stand for servers.
@Suite("Synced settings against a real PostgreSQL server")
struct SyncedSettingsTests {
  /// A write on A reaches B live; another person's and another namespace's stores see nothing,
  /// and A's observer hears of its own write once.
  @Test func aWriteOnOneServerReachesTheOthersLive() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let table = PostgresTestSupport.freshTable("synced_live")
    let a = try #require(SyncedSettingsSupport.store(url, table: table))
    let b = try #require(SyncedSettingsSupport.store(url, table: table))
    let otherPerson = try #require(SyncedSettingsSupport.store(url, table: table, person: "bob"))
    let otherNamespace = try #require(
      SyncedSettingsSupport.store(url, table: table, namespace: "other"))
    for store in [a, b, otherPerson, otherNamespace] { try await store.synchronize() }
    #expect(b.status == SyncedStoreStatus(connection: .connected))
    let heardByA = ChangeRecorder(a)
    let heardByB = ChangeRecorder(b)
    let heardByOthers = [ChangeRecorder(otherPerson), ChangeRecorder(otherNamespace)]

    try a.set("Ada", forKey: "username")
    #expect(a.value(forKey: "username") == "Ada", "read at once where it was written")
    #expect(await PostgresTestSupport.until(b) { b.value(forKey: "username") == "Ada" })
    // Observers hear of a value just after it can be read, on the store's listening task.
    #expect(await PostgresTestSupport.until(b) { !heardByB.of("username").isEmpty })
    #expect(heardByB.of("username").map(\.reason) == [.external])

    // Every kind of value arrives as it was written.
    let date = Date(timeIntervalSinceReferenceDate: 812_345_678.123_456)
    let every: Value = .dictionary([
      "flag": true, "count": 42, "ratio": .double(50), "tiny": .double(.leastNonzeroMagnitude),
      "name": "Zoë \"quoted\"\n", "when": .date(date), "list": [1, "two", .null, .double(3.5)],
      "nested": .dictionary(["$date": "not a date", "empty": .dictionary([:])]),
      "bytes": .data(Data([0, 1, 2, 255])), "none": .null,
    ])
    try a.set(every, forKey: "everything")
    try a.set(.double(-0.25), forKey: "volume")
    #expect(await PostgresTestSupport.until(b) { b.value(forKey: "volume") == .double(-0.25) })
    #expect(b.value(forKey: "everything") == every)
    #expect(b.value(forKey: "everything")?.dictionaryValue?.keys == every.dictionaryValue?.keys)

    try await a.synchronize()
    // Fences: a later write of each store's person and namespace, by another store.
    let writers = [
      try #require(SyncedSettingsSupport.store(url, table: table, person: "bob")),
      try #require(SyncedSettingsSupport.store(url, table: table, namespace: "other")),
    ]
    #expect(try await SyncedSettingsSupport.fence(heardByA, by: b))
    for (recorder, writer) in zip(heardByOthers, writers) {
      #expect(try await SyncedSettingsSupport.fence(recorder, by: writer))
    }
    #expect(heardByA.of("username").map(\.reason) == [.local], "its own write, once")
    #expect(heardByOthers.allSatisfy { $0.all.flatMap(\.keys) == ["fence"] })
    #expect(otherPerson.values.keys.sorted() == ["fence"])
    #expect(otherNamespace.values.keys.sorted() == ["fence"])
    for store in [a, b, otherPerson, otherNamespace] + writers { await store.shutdown() }
  }

  /// A settings screen bound to B follows A's writes, and what a person enters on it reaches A.
  @Test func aSettingsScreenFollowsAnotherServer() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let table = PostgresTestSupport.freshTable("synced_screen")
    let a = try #require(SyncedSettingsSupport.store(url, table: table))
    let b = try #require(SyncedSettingsSupport.store(url, table: table))
    try await a.synchronize()
    try await b.synchronize()
    let settings = SettingsApp.settings(in: b)
    let app = HeadlessApp(navigator: Navigator(root: try SettingsApp.screen(for: settings)))
    try await app.settle()
    #expect(app.row("Username")?.value == "")

    try a.set("Grace", forKey: "username")
    try a.set(.double(80), forKey: "volume")
    try await app.settle(until: {
      app.row("Username")?.value == "Grace" && app.row("Volume")?.value == .double(80)
    })

    try app.enter("Lin", at: "Username")
    #expect(await PostgresTestSupport.until(a) { a.value(forKey: "username") == "Lin" })
    try await app.settle(until: { app.row("Status")?.detail == "Connected" })

    // Too much for the store: the limit is the row's message, and nothing is written. The
    // settings hold "signature" and its value (9 + 1,100,002 bytes), "username" and "Lin"
    // (8 + 5), "volume" and 80.0 (6 + 4).
    try app.enter(.string(String(repeating: "s", count: 1_100_000)), at: "Signature")
    #expect(
      app.row("Signature")?.validationMessage
        == "Signature must be within 1,048,576 bytes of settings in all, "
        + "not 1,100,034 bytes in all")
    #expect(b.value(forKey: "signature") == nil && b.status.waitingChanges == 0)
    // A value of the wrong type from elsewhere reads as the key's initial value.
    try a.set("loud", forKey: "volume")
    #expect(await PostgresTestSupport.until(b) { b.value(forKey: "volume") == "loud" })
    #expect(try settings.value(forKey: "volume") == .double(50))
    await a.shutdown()
    await b.shutdown()
  }

  /// Two writes of one key: the one that reaches the database last wins everywhere; writes of
  /// different keys both stay.
  @Test func theLastWriteToReachTheDatabaseWinsPerKey() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let table = PostgresTestSupport.freshTable("synced_conflict")
    let a = try #require(SyncedSettingsSupport.store(url, table: table))
    let b = try #require(SyncedSettingsSupport.store(url, table: table))
    try await a.synchronize()
    try await b.synchronize()

    try a.set(0, forKey: "theme")
    try await a.synchronize()
    try b.set(1, forKey: "theme")
    try await b.synchronize()
    #expect(await PostgresTestSupport.until(a) { a.value(forKey: "theme") == 1 })
    #expect(b.value(forKey: "theme") == 1)

    // Different keys at the same moment: no conflict.
    try a.set(10, forKey: "fontSize")
    try b.set(.double(20), forKey: "volume")
    try await a.synchronize()
    try await b.synchronize()
    #expect(await PostgresTestSupport.until(a) { a.value(forKey: "volume") == .double(20) })
    #expect(await PostgresTestSupport.until(b) { b.value(forKey: "fontSize") == 10 })

    // The same key at the same moment: both end with what the database kept.
    try a.set("from A", forKey: "message")
    try b.set("from B", forKey: "message")
    try await a.synchronize()
    try await b.synchronize()
    let fresh = try #require(SyncedSettingsSupport.store(url, table: table))
    try await fresh.synchronize()
    let kept = try #require(fresh.value(forKey: "message"))
    #expect(kept == "from A" || kept == "from B")
    #expect(await PostgresTestSupport.until(a) { a.value(forKey: "message") == kept })
    #expect(await PostgresTestSupport.until(b) { b.value(forKey: "message") == kept })
    for store in [a, b, fresh] { await store.shutdown() }
  }
}
