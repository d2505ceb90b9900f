import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisSettings
import TrellisTesting

/// A suite another process writes (another server on the same suite, `trellis edit`, the app
/// itself): every screen over it shows the write, and nothing this process wrote is lost.
@Suite("User defaults written by another process", .serialized)
struct UserDefaultsOtherWritersTests {
  init() { _ = TemporaryConfigHome.url }

  /// Replaces the suite's file, as another process's save does.
  static func write(_ entries: [String: Any], suite: String) throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: entries, format: .xml, options: 0)
    try data.write(to: URL(fileURLWithPath: suite + ".plist"), options: .atomic)
  }

  /// The entries of the suite's file.
  static func stored(suite: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: suite + ".plist"))
    let root = try PropertyListSerialization.propertyList(from: data, format: nil)
    return root as? [String: Any] ?? [:]
  }

  @Test func anotherProcesssWriteReachesTheOpenScreen() async throws {
    let suite = UserDefaultsStoreTests.suiteName()
    let store = try UserDefaultsStore(suiteName: suite)
    let app = HeadlessApp(
      navigator: Navigator(root: try SettingsApp.screen(for: SettingsApp.settings(in: store))))
    try app.enter("alice", at: "Username")
    #expect(try Self.stored(suite: suite)["username"] as? String == "alice")

    try Self.write(["username": "bob", "volume": 20.0], suite: suite)
    try await app.settle(until: { app.row("Username")?.fieldText == "bob" }, timeout: .seconds(20))
    #expect(app.row("Volume")?.value == .double(20))

    // A write here afterwards keeps the other process's values.
    try app.enter(true, at: "Notifications")
    let stored = try Self.stored(suite: suite)
    #expect(stored["username"] as? String == "bob")
    #expect(stored["volume"] as? Double == 20)
  }

  @Test func twoStoresOverOneSuiteAgree() async throws {
    let suite = UserDefaultsStoreTests.suiteName()
    let first = SettingsApp.settings(in: try UserDefaultsStore(suiteName: suite))
    let second = SettingsApp.settings(in: try UserDefaultsStore(suiteName: suite))
    let apps = try [first, second].map {
      HeadlessApp(navigator: Navigator(root: try SettingsApp.screen(for: $0)))
    }
    try apps[0].enter("carol", at: "Username")
    try await apps[1].settle(until: { apps[1].row("Username")?.fieldText == "carol" })
  }

  @Test func aWatchStopsWithItsObject() async throws {
    let suite = UserDefaultsStoreTests.suiteName()
    weak var gone: UserDefaultsObject?
    do {
      let settings = SettingsApp.settings(in: try UserDefaultsStore(suiteName: suite))
      gone = settings
      try settings.setValue("dan", forKey: "username")
    }
    #expect(gone == nil, "the watch holds the object only weakly")
  }
}
