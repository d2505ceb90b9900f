import Foundation
import Testing
import Trellis

@testable import TrellisWeb

@Suite("Apps' serial domains", .timeLimit(.minutes(1)))
struct WebDomainTests {
  /// An app whose sessions show nothing: the tests run bodies on its hub.
  static func app(_ id: String, domain: String? = nil) -> WebApp {
    var app = WebApp(id: id, title: id) { Navigator(root: Screen(model: TableModel())) }
    if let domain { app.domain = domain }
    return app
  }

  @Test func appsShareOneDomainUnlessTheyNameTheirOwn() throws {
    let server = try WebServer(
      apps: [Self.app("a"), Self.app("b"), Self.app("c", domain: "c"), Self.app("d", domain: "c")])
    let hubs = try #require(["a", "b", "c", "d"].map { server.hubs[$0] } as? [WebAppHub])
    #expect(hubs[0].domain === hubs[1].domain)
    #expect(hubs[0].domain.name == WebApp.sharedDomain)
    #expect(hubs[2].domain === hubs[3].domain)
    #expect(hubs[2].domain !== hubs[0].domain)
  }

  /// Two apps that share a plain class (not thread-safe, like an app's objects and stores):
  /// a body on one never runs while a body on the other is under way.
  @Test func appsOnOneDomainNeverRunAtOnce() async throws {
    let server = try WebServer(apps: [Self.app("a"), Self.app("b")])
    let inside = Locked(0)
    let most = Locked(0)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for round in 0..<16 {
        group.addTask {
          try await server.perform(onApp: round % 2 == 0 ? "a" : "b") {
            let now = inside.withLock { count in
              count += 1
              return count
            }
            most.withLock { $0 = max($0, now) }
            // Long enough for a body on another thread to start, if one could.
            Thread.sleep(forTimeInterval: 0.005)
            inside.withLock { $0 -= 1 }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(most.withLock { $0 } == 1)
  }
}
