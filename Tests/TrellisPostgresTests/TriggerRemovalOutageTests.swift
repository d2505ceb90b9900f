import Foundation
import Synchronization
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// A server that fell back to looking at its tables, because another program removed the
/// triggers, goes on looking through an outage: it reaches the database through a proxy the
/// test cuts and restores.
@Suite("Triggers removed, then an outage")
struct TriggerRemovalOutageTests {
  @Test func aStoreThatFellBackToLookingRecoversFromAnOutage() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let server = try #require(URLComponents(string: url))
    let proxy = try await TCPProxy.start(
      to: try #require(server.host), port: try #require(server.port))
    _ = try await PostgresTriggerInstaller.install(url: url)
    let through = proxy.address(replacingIn: url)
    let database = try await PostgresDatabase.open(url: through, pollInterval: .seconds(60))
    defer { database.shutdown() }
    let tags = try #require(database.store(for: "tag"))
    _ = try await tags.fetchPage(FetchOptions(), from: nil)
    let changes = Mutex<[StoreChange]>([])
    let token = tags.observe { change in changes.withLock { $0.append(change) } }
    defer { token.cancel() }
    #expect(await PostgresTestSupport.until(tags, within: .seconds(5)) { tags.isListening })

    _ = try await PostgresTriggerInstaller.remove(url: url)
    #expect(await PostgresTestSupport.until(tags, within: .seconds(5)) { !tags.isListening })
    // Its first look has ended (the second began): the outage comes after a look it can
    // compare the next ones with. A look announces nothing, so this is checked as it goes.
    for _ in 0..<200 where tags.looks < 2 { try await Task.sleep(for: .milliseconds(50)) }
    #expect(tags.looks >= 2)
    await proxy.cut()
    try await Task.sleep(for: .seconds(2))
    try await proxy.restore()
    changes.withLock { $0 = [] }
    try await AnyDataPostgres.run(url, ["INSERT INTO tag (label) VALUES ('after the outage')"])
    // Found by looking, every second, once the connection pool is back (it waits a while
    // after connections failed one after another); a store that looked through the ended
    // listening connection never found it.
    _ = await PostgresTestSupport.until(tags, within: .seconds(45)) {
      changes.withLock { $0.contains { if case .reset = $0 { true } else { false } } }
    }
    #expect(changes.withLock { $0.contains { if case .reset = $0 { true } else { false } } })
  }
}
