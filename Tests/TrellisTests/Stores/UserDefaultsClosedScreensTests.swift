import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisTesting

@testable import TrellisSettings

/// Windows over one shared settings object come and go: what Observation kept for the closed
/// ones is let go of once their reads outnumber the open screens', and an open screen goes on
/// showing every change.
@Suite("User defaults: closed screens' observations", .serialized)
struct UserDefaultsClosedScreensTests {
  init() { _ = TemporaryConfigHome.url }

  @Test func closedScreensAreLetGoOfAndAnOpenOneStillFollows() async throws {
    let store = try UserDefaultsStore(suiteName: UserDefaultsStoreTests.suiteName())
    let settings = SettingsApp.settings(in: store)
    let open = HeadlessApp(navigator: Navigator(root: try SettingsApp.screen(for: settings)))
    // Each window reads every key once: 400 windows read more than the least a release
    // waits for.
    for _ in 0..<400 {
      let closed = HeadlessApp(navigator: Navigator(root: try SettingsApp.screen(for: settings)))
      _ = closed.texts
    }
    #expect(settings.reads.withLock { $0.releases } >= 1)
    // The open screen drew its rows again, the same values, and still hears a change.
    try await open.settle()
    try settings.setValue("after", forKey: "username")
    try await open.settle(until: { open.row("Username")?.fieldText == "after" })
  }
}
