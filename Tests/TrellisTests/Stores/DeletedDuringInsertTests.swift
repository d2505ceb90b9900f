import Testing
import Trellis
import TrellisTesting

/// An item this list adds that another server deletes before the store's answer to the insert
/// comes back: the delete is reported first, and the late answer must not list the item again.
@Suite("An item deleted while its insert was answered")
struct DeletedDuringInsertTests {
  /// An async store whose inserts are deleted, as by another server, before they return.
  final class DeletingStore: ForwardingAsyncStore {
    let inner: AsyncStoreWrapper

    init(_ inner: AsyncStoreWrapper) { self.inner = inner }

    func insert(_ item: Value, at index: Int?) async throws(StoreError) {
      try await inner.insert(item, at: index)
      try await inner.delete(item)
    }
  }

  @Test func theListDoesNotShowItAgain() async throws {
    var definition = try DataDefinition.dictionary(keys: "Item:(title)")
    definition.name = "Item"
    definition.titlePropertyNames = ["title"]
    let items: [Value] = ["A", "B"].map { .object(ObjectReference(DocumentObject(["title": $0]))) }
    let memory = MemoryStore(items: items, definition: definition)
    let store = DeletingStore(AsyncStoreWrapper(memory, latency: .milliseconds(1)))
    let section = ArrayOfObjectsSection(store: store, definition: definition)
    section.addItemText = "Add item"
    let model = TableModel(title: "Items")
    model.addSection(section)
    let app = HeadlessApp(
      navigator: Navigator(root: Screen(model: model, navigationBar: .addRightEditLeft)))
    try await app.settle()
    #expect(app.texts == [["A", "B", "Add item"]])

    try app.send(.add(section: 0))
    try app.send(.setValue(app.rowID(at: ItemPath(item: 0, section: 0)), .string("New")))
    try app.send(.done)
    try await app.settle()

    #expect(try memory.count(FetchOptions()) == 2)
    #expect(app.texts == [["A", "B", "Add item"]])
    #expect(app.host.violations.isEmpty, "\(app.host.violations)")
    try app.host.verifyFresh()
  }
}
