import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// A single-object screen: one store's one object as a form, replayed through the headless
/// host — the stored object edited, and an empty store's object created by the first Done.
@Suite("Single-object screens")
struct SingleObjectScreenTests {
  /// A profile object holding `values`.
  static func profile(_ values: ValueDictionary) throws -> Value {
    let object = try #require(try ProfileApp.definition().makeObject() as? DocumentObject)
    for (key, value) in values { try object.setValue(value, forKey: key) }
    return .object(ObjectReference(object))
  }

  static func value(_ key: String, in store: MemoryStore) throws -> Value? {
    let item = try #require(try store.fetch(FetchOptions()).first)
    return try ProfileApp.definition().reader(for: item).value(key)
  }

  @Test func theStoredObjectIsShownAndDoneUpdatesIt() throws {
    let store = try ProfileApp.store()
    try store.insert(try Self.profile(["name": "Ada", "city": "London"]), at: nil)
    let app = HeadlessApp(navigator: Navigator(root: try ProfileApp.screen(store: store)))
    #expect(app.top.title == "Profile")
    #expect(app.row("Name")?.value == "Ada")
    #expect(app.row("City")?.value == "London")
    #expect(app.top.barButtons.map(\.role) == [.cancel, .done])
    try app.enter("Paris", at: "City")
    // Deferred: nothing is written before Done.
    #expect(try Self.value("city", in: store) == "London")
    #expect(app.top.saves == 0)
    try app.send(.done)
    #expect(try store.count(FetchOptions()) == 1)
    #expect(try Self.value("city", in: store) == "Paris")
    #expect(app.row("City")?.value == "Paris")
    // The form stays: hosts say "Saved." because this grew.
    #expect(app.top.saves == 1)
    try app.host.check()
  }

  @Test func anEmptyStoresObjectIsCreatedOnTheFirstDone() throws {
    let store = try ProfileApp.store()
    let app = HeadlessApp(navigator: Navigator(root: try ProfileApp.screen(store: store)))
    #expect(app.row("Name")?.value == nil || app.row("Name")?.value == .null)
    // The name is required: Done is refused, and nothing is inserted.
    #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(try store.count(FetchOptions()) == 0)
    try app.enter("Grace", at: "Name")
    try app.send(.done)
    #expect(try store.count(FetchOptions()) == 1)
    #expect(try Self.value("name", in: store) == "Grace")
    // Later Dones update the object the first one inserted.
    try app.enter("New York", at: "City")
    try app.send(.done)
    #expect(try store.count(FetchOptions()) == 1)
    #expect(try Self.value("city", in: store) == "New York")
    #expect(app.row("City")?.value == "New York")
    try app.host.check()
  }

  @Test func cancelPutsTheFormBackToTheStoredValues() throws {
    let store = try ProfileApp.store()
    try store.insert(try Self.profile(["name": "Ada"]), at: nil)
    let app = HeadlessApp(navigator: Navigator(root: try ProfileApp.screen(store: store)))
    try app.enter("Someone else", at: "Name")
    try app.send(.cancel)
    #expect(app.row("Name")?.value == "Ada")
    #expect(try Self.value("name", in: store) == "Ada")
  }

  /// Two forms opened on an empty store make one object: the second shows what the first
  /// saved, as a form over a stored object does, and a property both entered is a conflict,
  /// not a silent overwrite.
  @Test func twoScreensOnAnEmptyStoreMakeOneObject() async throws {
    let store = try ProfileApp.store()
    let first = HeadlessApp(navigator: Navigator(root: try ProfileApp.screen(store: store)))
    let second = HeadlessApp(navigator: Navigator(root: try ProfileApp.screen(store: store)))
    try second.enter("Grace", at: "Name")
    try first.enter("Ada", at: "Name")
    try first.enter("London", at: "City")
    try first.send(.done)
    try await second.settle()
    #expect(second.row("City")?.value == "London", "a property left alone shows theirs")
    #expect(second.row("Name")?.value == "Grace", "typing is kept")
    #expect(throws: ScreenError.self) { try second.send(.done) }
    #expect(second.top.draft?.conflicts.map(\.name) == ["name"])
    #expect(try Self.value("name", in: store) == "Ada")
    // Done again writes theirs over, as on any form; the other properties stay.
    try second.send(.done)
    #expect(try store.count(FetchOptions()) == 1)
    #expect(try Self.value("name", in: store) == "Grace")
    #expect(try Self.value("city", in: store) == "London")
    // Later saves of the first reach the second's properties left alone.
    try first.enter("Paris", at: "City")
    try first.send(.done)
    try await second.settle()
    #expect(second.row("City")?.value == "Paris")
    try second.host.check()
  }

  @Test func aStoreWithoutADefinitionIsRefused() throws {
    let store = MemoryStore(items: [])
    #expect(throws: ScreenError.self) { try Screen(singleObjectOf: store) }
  }
}
