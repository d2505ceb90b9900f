import Foundation
import Testing
import Trellis

@testable import TrellisDescriptors

/// A served document saved after every change: a value another program changed meanwhile is
/// never overwritten by a save nobody asked to repeat, and every window says so.
@Suite("Autosaved documents")
struct AutosavedDocumentTests {
  static func file(_ text: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-autosaved-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: url)
    return url
  }

  static func read(_ url: URL) throws -> Value {
    try DocumentStore(contentsOf: url).root.root
  }

  @Test func aValueAnotherProgramChangedMeanwhileKeepsTheirsAndEveryWindowSaysSo() throws {
    let url = try Self.file(#"{"a": "one", "b": "two"}"#)
    defer { try? FileManager.default.removeItem(at: url) }
    let document = AutosavedDocument(store: try DocumentStore(contentsOf: url))
    let window = Navigator(root: try document.store.screen(title: "Doc"))
    document.attach(window)
    // Another program writes b before this window's edit of b arrives.
    try Data(#"{"a": "one", "b": "EXTERNAL"}"#.utf8).write(to: url)
    try document.store.root.setValue("BROWSER", forKey: "b")
    #expect(try Self.read(url) == ["a": "one", "b": "EXTERNAL"])
    #expect(document.store.root.root == ["a": "one", "b": "EXTERNAL"], "the window shows theirs")
    let notice = try #require(window.notice)
    #expect(notice.contains("Another program changed “b”"), "\(notice)")
    // The next edit saves, keeps theirs, and clears the notice.
    try document.store.root.setValue("edited", forKey: "a")
    #expect(try Self.read(url) == ["a": "edited", "b": "EXTERNAL"])
    #expect(window.notice == nil)
  }

  @Test func anEditAfterTheirChangeWasTakenIsSaved() throws {
    let url = try Self.file(#"{"a": "one", "b": "two"}"#)
    defer { try? FileManager.default.removeItem(at: url) }
    let document = AutosavedDocument(store: try DocumentStore(contentsOf: url))
    try Data(#"{"a": "one", "b": "EXTERNAL"}"#.utf8).write(to: url)
    try document.takeChangesOnDisk()
    #expect(document.store.root.root == ["a": "one", "b": "EXTERNAL"])
    // Typed over what the window now shows: an edit like any other.
    try document.store.root.setValue("BROWSER", forKey: "b")
    #expect(try Self.read(url) == ["a": "one", "b": "BROWSER"])
    #expect(document.saveFailure == nil)
  }
}
