import Testing
import Trellis
import TrellisExamples
import TrellisTesting

@testable import TrellisTerminal

/// The Profile example's single-object screen in the terminal host: Ctrl-S (Done) creates
/// the profile in an empty store, and a later session shows and updates it.
@Suite("Single-object screen in the terminal")
struct ProfileTerminalTests {
  typealias Driver = TerminalHostTests.Driver

  static func name(in store: MemoryStore) throws -> Value? {
    let item = try #require(try store.fetch(FetchOptions()).first)
    return try ProfileApp.definition().reader(for: item).value("name")
  }

  @Test func ctrlSCreatesTheProfileThenUpdatesIt() throws {
    let store = try ProfileApp.store()
    let first = Driver(Navigator(root: try ProfileApp.screen(store: store)))
    #expect(first.screen.contains("Profile"))
    #expect(first.screen.contains("Name"))
    // The name row has the cursor; Enter opens it for typing, Enter again keeps the text.
    first.press("\r\u{15}Ada\r")
    #expect(try store.count(FetchOptions()) == 0)
    #expect(!first.screen.contains("Saved."))
    first.press(TerminalHostTests.save)
    #expect(try store.count(FetchOptions()) == 1)
    #expect(try Self.name(in: store) == "Ada")
    // The form stays: the status line says it saved.
    #expect(first.screen.contains("Saved."))

    let second = Driver(Navigator(root: try ProfileApp.screen(store: store)))
    #expect(second.screen.contains("Ada"))
    second.press("\r\u{15}Ada Lovelace\r" + TerminalHostTests.save)
    #expect(try store.count(FetchOptions()) == 1)
    #expect(try Self.name(in: store) == "Ada Lovelace")
    #expect(second.terminal.wraps.isEmpty)
  }
}
