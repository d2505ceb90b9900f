import Testing
import Trellis
import TrellisTesting

/// An item edited in place, in a list over an async store, shows its new values in the list
/// however the store's report reaches it: its objects are not observable, so the report is
/// all the list hears.
@Suite("Updates in lists over async stores")
struct AsyncListUpdateTests {
  struct Fixture {
    let app: HeadlessApp
    let service: AsyncStoreWrapper
  }

  /// A searchable list of plain dictionaries (not observable) over an async memory store.
  static func fixture(titles: [String]) throws -> Fixture {
    var definition = try DataDefinition.dictionary(keys: "Item:(title,rank)")
    definition.name = "Item"
    definition.titlePropertyNames = ["title"]
    let items: [Value] = titles.map { title in
      .object(ObjectReference(DocumentObject(["title": .string(title), "rank": .int(1)])))
    }
    let memory = MemoryStore(items: items, definition: definition)
    let service = AsyncStoreWrapper(memory, latency: .milliseconds(2))
    let section = ArrayOfObjectsSection(id: "items", store: service, definition: definition)
    section.searchPropertyNames = ["title"]
    let model = TableModel(title: "Items")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model, navigationBar: .none)))
    return Fixture(app: app, service: service)
  }

  @Test func anEditInAFilteredListShowsWhenReadingItAgainFails() async throws {
    let f = try Self.fixture(titles: ["Report A", "Memo B", "Report C"])
    try await f.app.settle()
    try f.app.send(.search("Report"))
    try await f.app.settle()
    #expect(f.app.texts == [["Report A", "Report C"]])
    // The store filters the list: after the write, the list reads its pages again, to learn
    // whether the item still belongs. That read fails; the row shows the new title anyway.
    try f.app.tap("Report A")
    try await f.app.settle()
    try f.app.enter("Report A2", at: "Title")
    f.service.failNext(.fetch, with: .failed("the server answered 503"))
    try f.app.send(.done)
    try await f.app.settle()
    #expect(f.app.navigator.stack.count == 1)
    #expect(f.app.texts.first?.contains("Report A2") == true, "\(f.app.texts)")
    #expect(f.app.texts.first?.contains("Report A") == false, "\(f.app.texts)")
    #expect(f.app.host.violations.isEmpty)
  }
}
