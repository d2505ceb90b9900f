import Foundation
import Testing
import TrellisExamples
import TrellisPostgres
import TrellisSettings
import TrellisTesting

/// A real outage: A reaches the server through a proxy the test cuts and restores; B reaches
/// it directly.
@Suite("Synced settings through an outage")
struct SyncedSettingsOutageTests {
  @Test func offlineReadsGiveTheLastValuesAndWritesWaitUntilTheServerIsBack() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let server = try #require(URLComponents(string: url))
    let proxy = try await TCPProxy.start(
      to: try #require(server.host), port: try #require(server.port))
    let table = PostgresTestSupport.freshTable("synced_outage")
    let cache = FileManager.default.temporaryDirectory
      .appendingPathComponent("synced-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: cache) }
    let a = try #require(
      SyncedSettingsSupport.store(proxy.address(replacingIn: url), table: table, cacheFile: cache))
    let b = try #require(SyncedSettingsSupport.store(url, table: table))
    try await a.synchronize()
    try await b.synchronize()
    try a.set("before", forKey: "username")
    #expect(await PostgresTestSupport.until(b) { b.value(forKey: "username") == "before" })
    let statuses = StatusRecorder(a)
    let heardByA = ChangeRecorder(a)

    await proxy.cut()
    #expect(
      await PostgresTestSupport.until(a) { a.status.connection == .offline }, "\(a.status)")
    #expect(a.value(forKey: "username") == "before", "the last known value")
    try a.set("one", forKey: "username")
    try a.set(.double(30), forKey: "volume")
    try a.set("two", forKey: "username")
    #expect(a.status == SyncedStoreStatus(connection: .offline, waitingChanges: 2))
    #expect(a.status.description == "Offline — 2 changes waiting")
    #expect(a.value(forKey: "username") == "two")
    let app = HeadlessApp(
      navigator: Navigator(root: try SettingsApp.screen(for: SettingsApp.settings(in: a))))
    #expect(app.row("Status")?.detail == "Offline — 2 changes waiting")
    #expect(app.row("Username")?.value == "two")
    try b.set(0, forKey: "theme")  // missed by A: its notification cannot reach it

    // Another process with the same cache file, and no server at all, reads the same.
    let stranded = try SyncedSettingsStore(
      url: "postgres://trellis@127.0.0.1:1/postgres?sslmode=disable", person: "ada",
      namespace: "app", table: table, cacheFile: cache)
    #expect(stranded.value(forKey: "username") == "two")
    #expect(stranded.status == SyncedStoreStatus(connection: .offline, waitingChanges: 2))
    stranded.start()
    #expect(await PostgresTestSupport.until(stranded) { stranded.status.connection == .offline })
    #expect(stranded.status.description == "Offline — 2 changes waiting")
    await stranded.shutdown()
    try await b.synchronize()  // reads every value from the server again
    #expect(b.value(forKey: "username") == "before", "nothing sent while cut")

    try await proxy.restore()
    #expect(
      await PostgresTestSupport.until(a, within: .seconds(10)) {
        a.status.connection == .connected
      })
    #expect(await PostgresTestSupport.until(b) { b.value(forKey: "username") == "two" })
    #expect(await PostgresTestSupport.until(b) { b.value(forKey: "volume") == .double(30) })
    #expect(
      await PostgresTestSupport.until(a) { a.value(forKey: "theme") == 0 }, "fetched again")
    // Observers hear of a value just after it can be read.
    #expect(await PostgresTestSupport.until(a) { !heardByA.of("theme").isEmpty })
    #expect(heardByA.of("theme").map(\.reason) == [.initialSync])
    // The queue's count drops once the database has answered the send.
    #expect(
      await PostgresTestSupport.until(a) {
        a.status == SyncedStoreStatus(connection: .connected, waitingChanges: 0)
      })
    app.navigator.processChanges()
    #expect(app.row("Status")?.detail == "Connected")
    #expect(app.row("Theme")?.value == 0)
    let seen = statuses.all.map(\.connection)
    #expect(seen.contains(.reconnecting) && seen.contains(.offline) && seen.last == .connected)
    await a.shutdown()
    await b.shutdown()
    await proxy.cut()
  }
}

/// The statuses a store reported, kept from any thread.
final class StatusRecorder: Sendable {
  private let statuses = Locked<[SyncedStoreStatus]>([])
  private let token = Locked<ObservationToken?>(nil)

  init(_ store: some SyncedKeyValueStore) {
    let observation = store.observeStatus { [statuses] status in
      statuses.withLock { $0.append(status) }
    }
    token.withLock { $0 = observation }
  }

  var all: [SyncedStoreStatus] { statuses.withLock { $0 } }
}
