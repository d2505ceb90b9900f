import Testing
import Trellis
import TrellisTesting

/// A store that pages by offset counts rows: the list asks for its next page from the last
/// item it shows, so rows added or removed before it meanwhile neither hide an item nor show
/// one twice, and changes that arrive while the page is read are applied to it again.
@Suite("Changes while a next page loads")
struct ChangesDuringNextPageTests {
  static func fixture() throws -> (
    HeadlessApp, MemoryStore, ChangesDuringRefreshTests.HeldStore, [Value], ArrayOfObjectsSection
  ) {
    var definition = try DataDefinition.dictionary(keys: "Item:(title)")
    definition.name = "Item"
    definition.titlePropertyNames = ["title"]
    let items = ["A", "B", "C", "D", "E", "F"].map(ChangesDuringRefreshTests.item)
    let memory = MemoryStore(items: items, definition: definition)
    let store = ChangesDuringRefreshTests.HeldStore(memory)
    let section = ArrayOfObjectsSection(store: store, definition: definition)
    section.fetchOptions.batchSize = 2
    let model = TableModel(title: "Items")
    model.addSection(section)
    return (
      HeadlessApp(navigator: Navigator(root: Screen(model: model))), memory, store, items, section
    )
  }

  @Test func aDeleteBeforeTheNextPageHidesNothing() async throws {
    let (app, memory, _, items, _) = try Self.fixture()
    try await app.settle()
    #expect(app.texts == [["A", "B", "Load more…"]])
    // Offset 2 now names D: C must not be skipped.
    try memory.delete(items[0])
    app.navigator.processChanges()
    try app.tap("Load more…")
    try await app.settle(until: { app.texts == [["B", "C", "D", "Load more…"]] })
    #expect(app.host.violations.isEmpty)
  }

  @Test func anInsertBeforeTheNextPageShowsNothingTwice() async throws {
    let (app, memory, _, _, _) = try Self.fixture()
    try await app.settle()
    try memory.insert(ChangesDuringRefreshTests.item("Z"), at: 0)
    app.navigator.processChanges()
    #expect(app.texts == [["Z", "A", "B", "Load more…"]])
    try app.tap("Load more…")
    try await app.settle(until: { app.texts == [["Z", "A", "B", "C", "D", "Load more…"]] })
    #expect(app.host.violations.isEmpty)
  }

  @Test func anInsertIntoTheNextPageWhileItIsReadShows() async throws {
    let (app, memory, store, items, _) = try Self.fixture()
    try await app.settle()
    store.hold()
    try app.tap("Load more…")
    #expect(await store.readIsHeld())
    // The page (B, C, D) is read; then X is added after C, which the list does not show yet.
    try memory.insert(ChangesDuringRefreshTests.item("X"), at: 3)
    try memory.delete(items[3])
    app.navigator.processChanges()
    store.release()
    try await app.settle(until: { app.texts == [["A", "B", "C", "X", "Load more…"]] })
    #expect(app.host.violations.isEmpty)
  }

  @Test func anItemAddedHereTakesItsPlaceWhenItsPageArrives() async throws {
    let (app, _, _, _, section) = try Self.fixture()
    try await app.settle()
    // Added at the end of the store: shown at the end of the list until its page comes.
    let added = ChangesDuringRefreshTests.item("G")
    try await #require(section.asyncCache).prepareInsertAwaiting(added).run()
    try await app.settle(until: { app.texts == [["A", "B", "G", "Load more…"]] })
    while app.texts.first?.contains("Load more…") == true {
      try app.tap("Load more…")
      try await app.settle()
    }
    try await app.settle(until: { app.texts == [["A", "B", "C", "D", "E", "F", "G"]] })
    #expect(app.host.violations.isEmpty)
  }
}
