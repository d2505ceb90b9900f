import Synchronization
import Testing
import Trellis
import TrellisTesting

/// A store that pages by offset counts rows: the list asks for its next page from the last
/// item it shows, so rows added or removed before it meanwhile neither hide an item nor show
/// one twice, and changes that arrive while the page is read are applied to it again.
@Suite("Changes while a next page loads")
struct ChangesDuringNextPageTests {
  /// An async store over a memory store that pages by offset, reads a page when asked and
  /// answers only when the test opens the gate.
  final class OffsetStore: AsyncDataStore {
    let memory: MemoryStore
    let isHeld = Mutex(false)

    init(_ memory: MemoryStore) { self.memory = memory }

    var itemsDefinition: DataDefinition? { memory.itemsDefinition }
    var supportsMoving: Bool { true }

    func fetchPage(_ options: FetchOptions, from token: PageToken?) async throws(StoreError)
      -> StorePage
    {
      let all = try memory.fetch(FetchOptions())
      let start: Int = if case .offset(let offset)? = token { offset } else { 0 }
      let size = options.batchSize ?? all.count
      let items = Array(all.dropFirst(start).prefix(size))
      while isHeld.withLock({ $0 }) {
        do { try await Task.sleep(for: .milliseconds(2)) } catch { throw .failed("cancelled") }
      }
      return StorePage(items: items, next: start + size < all.count ? .offset(start + size) : nil)
    }

    func count(_ options: FetchOptions) async throws(StoreError) -> Int {
      try memory.count(options)
    }
    func create() throws(StoreError) -> Value { try memory.create() }
    func insert(_ item: Value, at index: Int?) async throws(StoreError) {
      try memory.insert(item, at: index)
    }
    func update(_ item: Value, values: [String: Value]) async throws(StoreError) {
      try memory.update(item, values: values)
    }
    func delete(_ item: Value) async throws(StoreError) { try memory.delete(item) }
    func move(_ item: Value, after: Value?) async throws(StoreError) {
      try memory.move(item, after: after)
    }
    func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
      memory.observe(handler)
    }
  }

  static func fixture() throws -> (
    HeadlessApp, MemoryStore, OffsetStore, [Value], ArrayOfObjectsSection
  ) {
    var definition = try DataDefinition.dictionary(keys: "Item:(title)")
    definition.name = "Item"
    definition.titlePropertyNames = ["title"]
    let items = ["A", "B", "C", "D", "E", "F"].map(ChangesDuringRefreshTests.item)
    let memory = MemoryStore(items: items, definition: definition)
    let store = OffsetStore(memory)
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
    store.isHeld.withLock { $0 = true }
    try app.tap("Load more…")
    try await Task.sleep(for: .milliseconds(20))
    // The page (B, C, D) is read; then X is added after C, which the list does not show yet.
    try memory.insert(ChangesDuringRefreshTests.item("X"), at: 3)
    try memory.delete(items[3])
    app.navigator.processChanges()
    store.isHeld.withLock { $0 = false }
    try await app.settle(until: { app.texts == [["A", "B", "C", "X", "Load more…"]] })
    #expect(app.host.violations.isEmpty)
  }

  @Test func anItemAddedHereTakesItsPlaceWhenItsPageArrives() async throws {
    let (app, _, _, _, section) = try Self.fixture()
    try await app.settle()
    // Added at the end of the store: shown at the end of the list until its page comes.
    let added = ChangesDuringRefreshTests.item("G")
    try await #require(section.asyncCache).insertAwaiting(added)
    try await app.settle(until: { app.texts == [["A", "B", "G", "Load more…"]] })
    while app.texts.first?.contains("Load more…") == true {
      try app.tap("Load more…")
      try await app.settle()
    }
    try await app.settle(until: { app.texts == [["A", "B", "C", "D", "E", "F", "G"]] })
    #expect(app.host.violations.isEmpty)
  }
}
