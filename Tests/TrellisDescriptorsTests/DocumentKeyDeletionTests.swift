import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisTesting

/// A document's object that takes new keys gives them up too: in edit mode each key's row
/// deletes like a list's row, as part of the form's draft.
@Suite("Document key deletion")
struct DocumentKeyDeletionTests {
  static let sample = DocumentNewKeyTests.sample

  /// Turns edit mode on and deletes the row titled `text` on the top screen.
  static func delete(_ text: String, in app: HeadlessApp) throws {
    if !app.top.isEditing { try app.send(.setEditing(true)) }
    guard let path = app.path(of: text) else { throw HeadlessAppError.noRow(text, app.texts) }
    try app.send(.delete(app.rowID(at: path)))
  }

  @Test func aLiveFormDeletesAKeyInEditModeAndTheFileKeepsTheRest() throws {
    let url = try DocumentNewKeyTests.file(Self.sample)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    // The form offers Edit, and each key's row the delete control of edit mode.
    #expect(app.top.barButtons == [BarButton(.edit, .right)])
    #expect(app.row("Name")?.isDeletable == true)
    #expect(app.row("Name")?.editingStyle == .delete)
    #expect(app.row("Add Key…")?.isDeletable == false)
    try Self.delete("Name", in: app)
    #expect(app.texts == [["Address", "Add Key…"]])
    #expect(store.root.root.dictionaryValue?.keys == ["address"])
    #expect(store.hasUnsavedChanges)
    try store.save()
    let saved = try DocumentStore(contentsOf: url).root.root
    #expect(saved == ["address": ["city": "Oslo"]])
  }

  @Test func cancelRestoresADeletedKeyAndDoneWritesTheDocumentWithoutIt() throws {
    let url = try DocumentNewKeyTests.file(Self.sample)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let document = AutosavedDocument(store: try DocumentStore(contentsOf: url))
    let app = HeadlessApp(
      navigator: Navigator(root: try DocumentNewKeyTests.deferredForm(document.store)))
    #expect(
      app.top.barButtons == [
        BarButton(.cancel, .left), BarButton(.edit, .right), BarButton(.done, .right),
      ])
    try Self.delete("Name", in: app)
    // While editing, Edit (shown as Done) alone is on the bar.
    #expect(app.top.barButtons == [BarButton(.edit, .right)])
    #expect(app.texts == [["Address", "Add Key…"]])
    #expect(app.top.draft?.hasChanges == true)
    #expect(document.store.root.root.dictionaryValue?["name"] == "Ann", "nothing before Done")
    try app.send(.setEditing(false))
    try app.send(.cancel)
    #expect(app.texts == [["Name", "Address", "Add Key…"]])
    #expect(app.top.draft?.hasChanges == false)
    try Self.delete("Name", in: app)
    try app.send(.setEditing(false))
    try app.send(.done)
    #expect(app.texts == [["Address", "Add Key…"]])
    let saved = try DocumentStore(contentsOf: url).root.root
    #expect(saved == ["address": ["city": "Oslo"]])
  }

  @Test func deletingAKeyAddedInTheSameDraftDropsIt() throws {
    let url = try DocumentNewKeyTests.file(Self.sample)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let document = AutosavedDocument(store: try DocumentStore(contentsOf: url))
    let app = HeadlessApp(
      navigator: Navigator(root: try DocumentNewKeyTests.deferredForm(document.store)))
    try DocumentNewKeyTests.addKey("debug", .yesNo, in: app)
    #expect(app.texts == [["Name", "Address", "Debug", "Add Key…"]])
    try Self.delete("Debug", in: app)
    #expect(app.texts == [["Name", "Address", "Add Key…"]])
    #expect(app.top.draft?.hasChanges == false, "nothing is left to write")
    // A key deleted and added again, before Done, holds its new kind at the end.
    try Self.delete("Name", in: app)
    try app.send(.setEditing(false))
    try DocumentNewKeyTests.addKey("name", .number, in: app)
    #expect(app.texts == [["Address", "Name", "Add Key…"]])
    try app.send(.done)
    let saved = try DocumentStore(contentsOf: url).root.root.dictionaryValue
    #expect(saved?.keys == ["address", "name"])
    #expect(saved?["name"] == .int(0))
  }

  @Test func deletingTheLastKeyLeavesAnEmptyObject() throws {
    let url = try DocumentNewKeyTests.file(#"{"only": 1}"#)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try Self.delete("Only", in: app)
    #expect(app.texts == [["Add Key…"]])
    try store.save()
    #expect(try DocumentStore(contentsOf: url).root.root == .dictionary([:]))
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.filter { !$0.isWhitespace } == "{}")
  }

  @Test func aNestedObjectsDeletedKeyLeavesTheTreeWithItsDone() throws {
    let url = try DocumentNewKeyTests.file(
      #"{"name": "Ann", "address": {"city": "Oslo", "zip": "0150"}}"#)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try app.tap("Address")
    try Self.delete("City", in: app)
    #expect(app.texts == [["Zip", "Add Key…"]])
    #expect(store.root.root.dictionaryValue?["address"] == ["city": "Oslo", "zip": "0150"])
    try app.send(.setEditing(false))
    try app.send(.cancel)
    try app.tap("Address")
    #expect(app.texts == [["City", "Zip", "Add Key…"]], "Cancel kept the key")
    try Self.delete("City", in: app)
    try app.send(.setEditing(false))
    try app.send(.done)
    #expect(store.root.root.dictionaryValue?["address"] == ["zip": "0150"])
    #expect(store.root.root.dictionaryValue?["name"] == "Ann")
  }

  @Test func validationStillRunsAndADeletedKeyIsNoLongerChecked() throws {
    let url = try DocumentNewKeyTests.file(#"{"name": "Ann", "port": 80}"#)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let document = AutosavedDocument(store: try DocumentStore(contentsOf: url))
    let app = HeadlessApp(
      navigator: Navigator(root: try DocumentNewKeyTests.deferredForm(document.store)))
    let port = app.rowID(at: try #require(app.path(of: "Port")))
    try? app.send(.enter(port, .text("eighty")))
    #expect(app.row("Port")?.validationMessage != nil)
    try Self.delete("Name", in: app)
    try app.send(.setEditing(false))
    #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(document.store.root.root.dictionaryValue?["name"] == "Ann", "nothing written")
    try Self.delete("Port", in: app)
    try app.send(.setEditing(false))
    try app.send(.done)
    #expect(try DocumentStore(contentsOf: url).root.root == .dictionary([:]))
  }

  /// A list's records keep their columns, a class its properties: no row of theirs deletes,
  /// and no Edit is offered for one.
  @Test func aFixedSchemaKeyOffersNoDelete() throws {
    let url = try DocumentNewKeyTests.file(#"{"people": [{"name": "Ada"}]}"#)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try app.tap("People")
    try app.tap("Ada")
    #expect(app.row("Name")?.isDeletable == false)
    #expect(!app.top.barButtons.contains { $0.role == .edit })
    let name = app.rowID(at: try #require(app.path(of: "Name")))
    #expect(throws: ScreenError.self) { try app.send(.delete(name)) }
    #expect(app.texts == [["Name"]])

    let task = DocumentObject(["title": "Buy milk", "done": false])
    let definition = DataDefinition.document(task.root, name: "Task")
    let model = TableModel(title: "Task")
    let draft = try model.generateSections(for: task, definition: definition, mode: .deferred)
    let form = HeadlessApp(
      navigator: Navigator(root: Screen(model: model, navigationBar: .auto, draft: draft)))
    #expect(form.row("Title")?.isDeletable == false)
    #expect(!form.top.barButtons.contains { $0.role == .edit })
    let title = form.rowID(at: try #require(form.path(of: "Title")))
    #expect(throws: ScreenError.self) { try form.send(.delete(title)) }
    #expect(task.root.dictionaryValue?.keys == ["title", "done"])
  }
}
