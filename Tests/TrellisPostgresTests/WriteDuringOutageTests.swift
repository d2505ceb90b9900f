import Foundation
import PostgresNIO
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// A write made while the database cannot be reached waits for it within the store's
/// timeout: it goes through soon after the database is back, and fails only when the
/// database stays away for longer, with the words a person reads.
@Suite("Writes during an outage")
struct WriteDuringOutageTests {
  /// A store reached through a proxy the test cuts, holding Ann.
  static func store(timeout: Duration) async throws -> (PostgresStore, TCPProxy, Value)? {
    guard let url = PostgresTestSupport.url else { return nil }
    let server = try #require(URLComponents(string: url))
    let proxy = try await TCPProxy.start(
      to: try #require(server.host), port: try #require(server.port))
    let store = try PostgresStore(
      url: proxy.address(replacingIn: url), entity: try PostgresTestSupport.entity("outage"),
      timeout: timeout)
    try await CrossServerTests.insert("Ann", at: nil, into: store)
    let ann = try #require(try await store.fetchPage(FetchOptions(), from: nil).items.first)
    return (store, proxy, ann)
  }

  @Test func anUpdateDuringAShortOutageGoesThroughWhenTheDatabaseIsBack() async throws {
    guard let (store, proxy, ann) = try await Self.store(timeout: .seconds(10)) else { return }
    defer { store.shutdown() }
    for round in 1...3 {
      await proxy.cut()
      let started = ContinuousClock.now
      let write = Task { try await store.update(ann, values: ["name": .string("Ann \(round)")]) }
      try await Task.sleep(for: .seconds(2))
      try await proxy.restore()
      let restored = ContinuousClock.now
      try await write.value
      #expect(
        ContinuousClock.now - restored < .seconds(4),
        "round \(round): the write ended \(ContinuousClock.now - started) after it began")
    }
    let names = try await store.fetchPage(FetchOptions(), from: nil).items.compactMap {
      store.entity.definition.title(of: $0)
    }
    #expect(names == ["Ann 3"])
  }

  @Test func anUpdateFailsInPlainWordsWhenTheOutageOutlastsTheTimeout() async throws {
    guard let (store, proxy, ann) = try await Self.store(timeout: .seconds(2)) else { return }
    defer { store.shutdown() }
    await proxy.cut()
    let started = ContinuousClock.now
    do {
      try await store.update(ann, values: ["name": .string("Ann Lee")])
      Issue.record("the write went through without a database")
    } catch {
      #expect(ContinuousClock.now - started < .seconds(4))
      #expect(error.description.contains("did not answer"), "\(error.description)")
    }
    try await proxy.restore()
  }
}
