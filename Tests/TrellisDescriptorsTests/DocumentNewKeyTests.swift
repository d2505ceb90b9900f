import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisTesting

/// A document's object (`{}`) gets a new key through its form's Add Key row: a name and a
/// kind, checked as any form's values are, then a row of its own, saved as other edits are.
@Suite("Document new keys")
struct DocumentNewKeyTests {
  /// A JSON file holding `text`, in a folder of its own.
  static func file(_ text: String, named name: String = "doc.json") throws -> URL {
    let folder = try DocumentStoreTests.directory()
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
  }

  static let sample = #"{"name": "Ann", "address": {"city": "Oslo"}}"#

  /// Opens the New Key screen from the top form, enters `key` and `kind`, and sends Done.
  static func addKey(_ key: String, _ kind: NewKeyKind, in app: HeadlessApp) throws {
    try app.tap("Add Key…")
    #expect(app.top.title == "New Key")
    try app.enter(.string(key), at: "Key")
    try app.enter(.string(kind.rawValue), at: "Kind")
    try app.send(.done)
  }

  @Test func aKeyAddedToALiveFormIsARowOfItsKindAndIsSaved() throws {
    let url = try Self.file(Self.sample)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    #expect(app.texts == [["Name", "Address", "Add Key…"]])
    try Self.addKey("retries", .number, in: app)
    #expect(app.navigator.stack.count == 1, "Done closes the New Key screen")
    #expect(app.texts == [["Name", "Address", "Retries", "Add Key…"]])
    #expect(app.row("Retries")?.kind == .numericTextField)
    #expect(app.row("Retries")?.value == .int(0))
    try app.enter(.int(3), at: "Retries")
    try Self.addKey("verbose", .yesNo, in: app)
    #expect(app.row("Verbose")?.kind == .switch)
    try Self.addKey("tags", .array, in: app)
    #expect(app.row("Tags")?.kind == .arrayOfObjects)
    #expect(store.hasUnsavedChanges)
    try store.save()
    let reread = try DocumentStore(contentsOf: url)
    #expect(
      reread.root.root.dictionaryValue?.keys == ["name", "address", "retries", "verbose", "tags"])
    #expect(reread.root.root.dictionaryValue?["retries"] == .int(3))
    #expect(reread.root.root.dictionaryValue?["verbose"] == .bool(false))
    #expect(reread.root.root.dictionaryValue?["tags"] == .array([]))
    let again = HeadlessApp(navigator: Navigator(root: try reread.screen(title: "Doc")))
    #expect(again.texts == [["Name", "Address", "Retries", "Verbose", "Tags", "Add Key…"]])
  }

  @Test func anEmptyOrTakenKeyIsRefusedOnItsFieldAndNothingIsLost() throws {
    let url = try Self.file(Self.sample)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try app.tap("Add Key…")
    #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(app.top.title == "New Key", "the screen stays, with what was entered")
    #expect(app.row("Key")?.validationMessage == "Key is required")
    try app.enter("name", at: "Key")
    #expect(app.row("Key")?.validationMessage == "“name” is already a key here")
    #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(app.top.notice == "“name” is already a key here")
    try app.enter("a.b", at: "Key")
    #expect(app.row("Key")?.validationMessage == "Key cannot contain “.”")
    try app.enter("city", at: "Key")
    #expect(app.row("Key")?.validationMessage == nil, "a nested object's key is no key here")
    try app.send(.done)
    #expect(store.root.root.dictionaryValue?.keys == ["name", "address", "city"])
    #expect(store.root.root.dictionaryValue?["name"] == "Ann")
  }

  @Test func cancelOnTheNewKeyScreenAddsNothing() throws {
    let url = try Self.file(Self.sample)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try app.tap("Add Key…")
    try app.enter("port", at: "Key")
    try app.send(.cancel)
    #expect(app.texts == [["Name", "Address", "Add Key…"]])
    #expect(!store.hasUnsavedChanges)
  }

  @Test func aNestedObjectGetsAKeyThatItsDoneWritesIntoTheTree() throws {
    let url = try Self.file(Self.sample)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try app.tap("Address")
    #expect(app.texts == [["City", "Add Key…"]])
    try Self.addKey("zip", .text, in: app)
    #expect(app.texts == [["City", "Zip", "Add Key…"]])
    try app.enter("0150", at: "Zip")
    // An object in the object: its own form takes keys too.
    try Self.addKey("geo", .object, in: app)
    try app.tap("Geo")
    try Self.addKey("floor", .number, in: app)
    try app.enter(.int(3), at: "Floor")
    try app.send(.done)
    #expect(
      store.root.root.dictionaryValue?["address"]?.dictionaryValue?["zip"] == nil,
      "nothing reaches the tree before the object's Done")
    try app.send(.done)
    try store.save()
    let address = try DocumentStore(contentsOf: url).root.root.dictionaryValue?["address"]
    #expect(address?.dictionaryValue?.keys == ["city", "zip", "geo"])
    #expect(address?.dictionaryValue?["zip"] == "0150")
    #expect(address?.dictionaryValue?["geo"] == ["floor": 3])
  }

  @Test func cancellingANestedObjectDropsTheKeyAddedToIt() throws {
    let url = try Self.file(Self.sample)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try app.tap("Address")
    try Self.addKey("zip", .text, in: app)
    try app.send(.cancel)
    #expect(!store.hasUnsavedChanges)
    try app.tap("Address")
    #expect(app.texts == [["City", "Add Key…"]])
  }

  /// The demo's form: deferred, with Done and Cancel, saved after every commit.
  static func deferredForm(_ store: DocumentStore) throws -> Screen {
    var definition = DataDefinition.document(store.root.root, name: "doc.json")
    definition.addableKeyKinds = store.addableKeyKinds
    let model = TableModel(title: "doc.json")
    let draft = try model.generateSections(for: store.root, definition: definition, mode: .deferred)
    return Screen(model: model, navigationBar: .doneRightCancelLeft, draft: draft)
  }

  @Test func aDeferredFormsCancelDropsTheKeyAndItsDoneSavesIt() throws {
    let url = try Self.file(Self.sample)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let document = AutosavedDocument(store: try DocumentStore(contentsOf: url))
    let app = HeadlessApp(navigator: Navigator(root: try Self.deferredForm(document.store)))
    try Self.addKey("debug", .yesNo, in: app)
    #expect(app.texts == [["Name", "Address", "Debug", "Add Key…"]])
    #expect(app.top.draft?.hasChanges == true)
    #expect(document.store.root.root.dictionaryValue?["debug"] == nil)
    try app.send(.cancel)
    #expect(app.texts == [["Name", "Address", "Add Key…"]])
    try Self.addKey("debug", .yesNo, in: app)
    try app.send(.setValue(app.rowID(at: #require(app.path(of: "Debug"))), .bool(true)))
    try app.send(.done)
    #expect(app.texts == [["Name", "Address", "Debug", "Add Key…"]])
    let saved = try DocumentStore(contentsOf: url).root.root.dictionaryValue
    #expect(saved?.keys == ["name", "address", "debug"])
    #expect(saved?["debug"] == .bool(true))
  }

  @Test func theKindsOfferedAreThoseTheFormatWrites() throws {
    let json = try Self.file(Self.sample)
    defer { try? FileManager.default.removeItem(at: json.deletingLastPathComponent()) }
    #expect(
      try DocumentStore(contentsOf: json).addableKeyKinds == [
        .text, .number, .yesNo, .object, .array,
      ])
    let folder = try DocumentStoreTests.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plist = folder.appendingPathComponent("doc.plist")
    _ = try DocumentFile.create(at: plist, root: ["name": "Ann"], format: .xmlPlist)
    let store = try DocumentStore(contentsOf: plist)
    #expect(store.addableKeyKinds == NewKeyKind.allCases)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try app.tap("Add Key…")
    #expect(app.row("Kind")?.segments == ["Text", "Number", "Yes/No", "Date", "Object", "Array"])
    try app.send(.cancel)
    try Self.addKey("due", .date, in: app)
    #expect(app.row("Due")?.kind == .date)
    try store.save()
    #expect(
      try DocumentStore(contentsOf: plist).root.root.dictionaryValue?["due"]?.dateValue != nil)
  }

  /// A list of records keeps its columns: its items' forms add no key.
  @Test func aListsItemsAddNoKey() throws {
    let url = try Self.file(#"{"people": [{"name": "Ada"}]}"#)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try app.tap("People")
    try app.tap("Ada")
    #expect(app.texts == [["Name"]])
  }
}
