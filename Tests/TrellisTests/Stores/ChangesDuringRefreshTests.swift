import Synchronization
import Testing
import Trellis
import TrellisTesting

/// A refresh reads its page before changes that arrive while it is under way: the list
/// applies them to the page again, so an item added meanwhile stays and one deleted does not
/// come back; a move meanwhile makes the list read again.
@Suite("Changes during a refresh")
struct ChangesDuringRefreshTests {
  /// An async store over a memory store whose pages (by offset, `batchSize` rows each) are
  /// read when asked for and answered only when the test opens the gate, as a database
  /// answers a query begun earlier.
  final class HeldStore: AsyncDataStore {
    private struct Gate {
      var isClosed = false
      var held: [CheckedContinuation<Void, Never>] = []
    }

    let memory: MemoryStore
    private let gate = Mutex(Gate())
    /// Woken when a read reaches the closed gate.
    private let arrivals = WakeSignal()

    init(_ memory: MemoryStore) { self.memory = memory }

    /// Holds every read from now on, once it has read its page, until ``release()``.
    func hold() { gate.withLock { $0.isClosed = true } }

    /// Lets the held reads answer, and the next ones through.
    func release() {
      let held = gate.withLock { gate in
        defer { gate = Gate() }
        return gate.held
      }
      for read in held { read.resume() }
    }

    /// Waits until a read is held; whether one was.
    func readIsHeld() async -> Bool {
      await arrivals.until { gate.withLock { !$0.held.isEmpty } }
    }

    var itemsDefinition: DataDefinition? { memory.itemsDefinition }
    var supportsMoving: Bool { true }

    func fetchPage(_ options: FetchOptions, from token: PageToken?) async throws(StoreError)
      -> StorePage
    {
      var whole = options
      whole.batchSize = nil
      let all = try memory.fetch(whole)
      let start: Int = if case .offset(let offset)? = token { offset } else { 0 }
      let size = options.batchSize ?? all.count
      let items = Array(all.dropFirst(start).prefix(size))
      await withCheckedContinuation { (read: CheckedContinuation<Void, Never>) in
        let isHeld = gate.withLock { gate in
          if gate.isClosed { gate.held.append(read) }
          return gate.isClosed
        }
        if isHeld { arrivals.wake() } else { read.resume() }
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

  static func item(_ title: String) -> Value {
    .object(ObjectReference(DocumentObject(["title": .string(title)])))
  }

  static func fixture() throws -> (HeadlessApp, MemoryStore, HeldStore, [Value]) {
    var definition = try DataDefinition.dictionary(keys: "Item:(title)")
    definition.name = "Item"
    definition.titlePropertyNames = ["title"]
    let items = ["A", "B", "C"].map(item)
    let memory = MemoryStore(items: items, definition: definition)
    let store = HeldStore(memory)
    let section = ArrayOfObjectsSection(store: store, definition: definition)
    let model = TableModel(title: "Items")
    model.addSection(section)
    return (HeadlessApp(navigator: Navigator(root: Screen(model: model))), memory, store, items)
  }

  @Test func anInsertAndADeleteDuringARefreshStay() async throws {
    let (app, memory, store, items) = try Self.fixture()
    try await app.settle()
    #expect(app.texts == [["A", "B", "C"]])
    store.hold()
    try app.send(.refresh)
    #expect(await store.readIsHeld())
    // The page is read (A, B, C); then D is added and A deleted.
    try memory.insert(Self.item("D"), at: nil)
    try memory.delete(items[0])
    app.navigator.processChanges()
    #expect(app.texts == [["B", "C", "D"]])
    store.release()
    try await app.settle()
    #expect(app.texts == [["B", "C", "D"]])
    #expect(app.host.violations.isEmpty)
  }

  @Test func aMoveDuringARefreshReadsAgain() async throws {
    let (app, memory, store, items) = try Self.fixture()
    try await app.settle()
    store.hold()
    try app.send(.refresh)
    #expect(await store.readIsHeld())
    try memory.move(items[0], after: items[2])
    app.navigator.processChanges()
    store.release()
    try await app.settle(until: { app.texts == [["B", "C", "A"]] }, timeout: .seconds(5))
    #expect(app.host.violations.isEmpty)
  }
}
