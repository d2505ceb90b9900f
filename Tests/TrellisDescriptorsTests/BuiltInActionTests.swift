import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// The actions descriptors name without Swift code, carried out through the headless host.
@Suite("Built-in descriptor actions")
struct BuiltInActionTests {
  static let main = """
    {"schemaVersion": 1, "title": "Main", "sections": [
      {"id": "s", "rows": [
        {"id": "push", "text": "Push", "action": "push:Next"},
        {"id": "present", "text": "Present", "action": "present:Sheet"},
        {"id": "open", "text": "Open", "action": "open:https://example.com/"},
        {"id": "set", "text": "Set", "detail": {"keyPath": "status"},
         "action": {"set": {"keyPath": "status", "value": "read"}}},
        {"id": "setText", "text": "Set by text", "action": "set:count=3"},
        {"id": "save", "text": "Save", "action": "save"},
        {"id": "reload", "text": "Reload", "detail": {"function": "outside"}, "action": "reload"}
      ]},
      {"id": "items", "rows": [
        {"id": "item", "list": "items", "text": {"keyPath": "title"}, "action": "delete"}
      ]}
    ]}
    """
  static let next = """
    {"schemaVersion": 1, "title": "Next", "sections": [{"rows": [
      {"id": "pop", "text": "Pop", "action": "pop"}]}]}
    """
  static let sheet = """
    {"schemaVersion": 1, "title": "Sheet", "sections": [{"rows": [
      {"id": "deeper", "text": "Deeper", "action": "push:Next"},
      {"id": "dismiss", "text": "Dismiss", "action": "dismiss"}]}]}
    """

  final class Outside: @unchecked Sendable {
    var value = 1
    var saves: [String] = []
    var reloads = 0
  }

  func app(_ outside: Outside, onSave: Bool = true) throws -> (HeadlessApp, DocumentObject) {
    var library = DescriptorLibrary()
    for (name, text) in [("Main", Self.main), ("Next", Self.next), ("Sheet", Self.sheet)] {
      library.descriptors[name] = try TableDescriptor(
        data: Data(text.utf8), file: name + ".json")
    }
    library.functions["outside"] = { _ in .int(outside.value) }
    library.onReload = { _ in outside.reloads += 1 }
    if onSave {
      library.onSave = { context in outside.saves.append(context.screen?.title ?? "?") }
    }
    let data = DocumentObject([
      "status": "unread", "count": 0,
      "items": [["title": "A"], ["title": "B"], ["title": "C"]],
    ])
    let navigator = try library.makeNavigator(
      showing: try #require(library.descriptors["Main"]), root: data)
    return (HeadlessApp(navigator: navigator), data)
  }

  @Test func pushAndPop() throws {
    let (app, _) = try app(Outside())
    try app.tap("Push")
    #expect(app.top.title == "Next")
    try app.tap("Pop")
    #expect(app.top.title == "Main")
    // On the first screen there is nothing to go back to: refused, and nothing changes.
    let first = try TableDescriptor(data: Data(Self.next.utf8), file: "Next.json")
    let alone = HeadlessApp(
      navigator: try DescriptorLibrary().makeNavigator(showing: first, root: DocumentObject([:])))
    #expect(throws: ScreenError.notApplicable("'pop' has no screen to go back to")) {
      try alone.tap("Pop")
    }
    #expect(alone.navigator.stack.count == 1)
  }

  @Test func presentAndDismissTheSheetWithWhatWasPushedOnIt() throws {
    let (app, _) = try app(Outside())
    try app.tap("Present")
    #expect(app.top.title == "Sheet")
    #expect(app.top.presentation == .modal)
    try app.tap("Deeper")
    #expect(app.navigator.stack.map(\.title) == ["Main", "Sheet", "Next"])
    try app.send(.back)
    try app.tap("Dismiss")
    #expect(app.navigator.stack.map(\.title) == ["Main"])
  }

  @Test func openSetsTheAddressAndTheRowIsALink() throws {
    let (app, _) = try app(Outside())
    #expect(app.row("Open")?.kind == .link)
    #expect(app.row("Open")?.attributes.url == "https://example.com/")
    try app.tap("Open")
    #expect(app.navigator.openedURL == "https://example.com/")
  }

  @Test func setWritesTheValueAndTheRowsFollow() throws {
    let (app, data) = try app(Outside())
    #expect(app.row("Set")?.detail == "unread")
    try app.tap("Set")
    #expect(try data.value(forKey: "status") == "read")
    #expect(app.row("Set")?.detail == "read")
    try app.tap("Set by text")
    #expect(try data.value(forKey: "count") == .int(3))
  }

  @Test func deleteRemovesTheObjectFromItsListAndTheRowsAfterItFollow() throws {
    let (app, data) = try app(Outside())
    try app.tap("B")
    #expect(try data.value(forKeyPath: "items").arrayValue?.count == 2)
    #expect(app.texts[1] == ["A", "C"])
    // C's row now stands for the second element: deleting it deletes C, not a stale index.
    try app.tap("C")
    #expect(try data.value(forKeyPath: "items") == [["title": "A"]])
    #expect(app.texts[1] == ["A"])
  }

  @Test func saveRunsTheLibrarysSaveAndWithoutOneTheRowSaysWhatIsMissing() throws {
    let outside = Outside()
    let (app, _) = try app(outside)
    try app.tap("Save")
    #expect(outside.saves == ["Main"])
    let (unsaved, _) = try self.app(Outside(), onSave: false)
    let row = try #require(unsaved.row("Save"))
    #expect(!row.isEnabled)
    #expect(row.attributes.unavailableReason?.contains("DescriptorLibrary.onSave") == true)
    #expect(throws: ScreenError.notApplicable(row.attributes.unavailableReason ?? "")) {
      try unsaved.tap("Save")
    }
  }

  @Test func reloadShowsWhatChangedWithoutTellingAnyone() throws {
    let outside = Outside()
    let (app, _) = try app(outside)
    #expect(app.row("Reload")?.detail == "1")
    outside.value = 2
    app.navigator.processChanges()
    #expect(app.row("Reload")?.detail == "1")
    try app.tap("Reload")
    #expect(outside.reloads == 1)
    #expect(app.row("Reload")?.detail == "2")
  }

  @Test func anActionTheAppRegistersWinsOverTheBuiltInOne() throws {
    let outside = Outside()
    let descriptor = try TableDescriptor(data: Data(Self.next.utf8), file: "Next.json")
    let library = DescriptorLibrary(actions: ["pop": { _ in outside.saves.append("app's pop") }])
    let app = HeadlessApp(
      navigator: try library.makeNavigator(showing: descriptor, root: DocumentObject([:])))
    try app.tap("Pop")
    #expect(outside.saves == ["app's pop"])
  }
}
