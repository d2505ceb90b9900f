import Testing
import Trellis
import TrellisTesting

/// What the UI fuzzer found on two lists over one async store: a store change that arrives
/// after "Load more" and before the model processes, and a new item's form whose values read
/// differently once the store took them.
@Suite("Async lists: races the fuzzer found")
struct AsyncListRaceTests {
  struct Fixture {
    let app: HeadlessApp
    let memory: MemoryStore
    let section: ArrayOfObjectsSection
  }

  /// Items titled by dictionary keys, as a document or a JSON service gives them: the value
  /// types follow the values.
  static func fixture(count: Int, batch: Int?) throws -> Fixture {
    var definition = try DataDefinition.dictionary(keys: "Item:(title,rank,done)")
    definition.name = "Item"
    definition["title"]?.isRequired = true
    definition["rank"]?.attributes = .numeric(minimum: 0, maximum: 6, allowsFloat: false)
    definition.titlePropertyNames = ["title"]
    definition.descriptionPropertyNames = ["rank"]
    let items: [Value] = (1...count).map { index in
      .object(
        ObjectReference(
          DocumentObject(["title": .string("Item \(index)"), "rank": 0, "done": false])))
    }
    let memory = MemoryStore(items: items, definition: definition)
    let section = ArrayOfObjectsSection(
      store: AsyncStoreWrapper(memory, latency: .milliseconds(1)), definition: definition)
    section.fetchOptions.batchSize = batch
    section.addItemText = "Add item"
    let model = TableModel(title: "Items")
    model.addSection(section)
    let screen = Screen(model: model, navigationBar: .addRightEditLeft)
    return Fixture(
      app: HeadlessApp(navigator: Navigator(root: screen)), memory: memory, section: section)
  }

  /// "Load more" says the rows shown stay; an insert among them that arrives before the model
  /// processes moves rows within them, and each row must still show its own item.
  @Test func anInsertAfterLoadMoreShowsEveryRowsOwnItem() async throws {
    let f = try Self.fixture(count: 6, batch: 3)
    try await f.app.settle()
    #expect(f.app.texts == [["Item 1", "Item 2", "Item 3", "Load more…", "Add item"]])
    try f.section.loadMore()
    let inserted = Value.object(ObjectReference(DocumentObject(["title": "New", "rank": 0])))
    try f.memory.insert(inserted, at: 1)
    try await f.app.settle()
    #expect(f.app.host.violations.isEmpty, "\(f.app.host.violations)")
    #expect(f.app.texts.first?.prefix(4) == ["Item 1", "New", "Item 2", "Item 3"])
    try f.app.host.verifyFresh()
  }

  /// A new item whose values validate differently once the store took them (a document
  /// object's value types follow its values): the item is saved, so the form closes, and a
  /// second Done cannot insert the item again.
  @Test func aNewItemsFormClosesOnceTheStoreTookIt() async throws {
    let f = try Self.fixture(count: 2, batch: nil)
    try await f.app.settle()
    try f.app.send(.add(section: 0))
    #expect(f.app.navigator.stack.count == 2)
    try f.app.send(.setValue(f.app.rowID(at: ItemPath(item: 0, section: 0)), .double(0)))
    let draft = try #require(f.app.top.draft)
    try f.app.send(.done)
    // While the store writes, the object comes to hold a rank the form would refuse (a
    // store that reads its values back, another writer).
    try draft.object.setValue(.int(99), forKey: "rank")
    try await f.app.settle()
    #expect(f.app.navigator.stack.count == 1, "the form closed: \(f.app.texts)")
    #expect(try f.memory.count(FetchOptions()) == 3)
    #expect(f.app.texts == [["Item 1", "Item 2", "0", "Add item"]])
    try f.app.host.verifyFresh()
  }
}
