import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisSettings
import TrellisTesting

@testable import TrellisTerminal

/// A field typed in the terminal while another window changes its value never replaces the
/// other's value unseen.
@Suite("Terminal: typing over another's change")
struct TerminalTypedOverTests {
  typealias Driver = TerminalHostTests.Driver

  @Test func typingOverASettingAnotherWindowChangedShowsTheirsFirst() throws {
    let suite = "trellis-tests-\(UUID().uuidString)"
    let store = try UserDefaultsStore(suiteName: suite)
    defer { UserDefaults().removePersistentDomain(forName: suite) }
    let settings = SettingsApp.settings(in: store)
    let ann = Driver(Navigator(root: try SettingsApp.screen(for: settings)), rows: 40)
    let bob = HeadlessApp(navigator: Navigator(root: try SettingsApp.screen(for: settings)))
    // Ann opens Username and types; Bob saves his name meanwhile.
    ann.press("\r\u{15}ann")
    #expect(ann.screen.contains("» ann"))
    try bob.send(.enter(try #require(bob.row("Username")).id, .text("bob"), over: ""))
    ann.press("\r")
    #expect(try settings.value(forKey: "username") == .string("bob"), "Bob's name stays")
    #expect(ann.screen.contains("Changed meanwhile to “bob”"), "\(ann.screen)")
    // Entered again, having seen Bob's, Ann's replaces it.
    ann.press("\r\r")
    #expect(try settings.value(forKey: "username") == .string("ann"))
    #expect(!ann.screen.contains("Changed meanwhile"))
  }
}
