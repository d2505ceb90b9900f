import Testing
import TrellisTesting

@testable import Trellis

/// A list the store searches reads its search again once per edit of its own, after the store
/// has the edit: not as the object takes the values (the store still holds the old ones), and
/// not once more when the write is accepted, when the store has reported it already.
@Suite("Searched async lists: one read per edit")
struct SearchedListWriteReadsTests {
  /// An async store that reports every change as a shared database's store does: an update
  /// gives the object its values on the caller's domain and reports it there, then reports it
  /// again once the store has it. It counts the pages read.
  final class ReportingStore: ForwardingAsyncStore {
    let inner: AsyncStoreWrapper
    private let observers: ObserverList<StoreChange>
    private let reads = Locked(0)
    private let token: ObservationToken

    init(_ inner: AsyncStoreWrapper) {
      let observers = ObserverList<StoreChange>()
      self.inner = inner
      self.observers = observers
      token = inner.observe { observers.notify($0) }
    }

    /// The pages read so far.
    var pagesRead: Int { reads.withLock { $0 } }

    var reportsEveryChange: Bool { true }

    func fetchPage(_ options: FetchOptions, from token: PageToken?) async throws(StoreError)
      -> StorePage
    {
      reads.withLock { $0 += 1 }
      return try await inner.fetchPage(options, from: token)
    }

    /// The object takes the values here, and every list hears of it at once.
    func prepareUpdate(_ item: Value, values: [String: Value]) throws(StoreError)
      -> PreparedStoreWrite
    {
      guard case .object(let ref) = item, let object = ref.object as? DocumentObject else {
        throw .invalidItem("not a document object")
      }
      let undo: ValuesUndo
      do { undo = try object.setValues(values) } catch { throw .invalidItem(error.description) }
      observers.notify(.updated(item))
      let inner = inner
      return PreparedStoreWrite(undo: undo) { () async throws(StoreError) in
        try await inner.update(item, values: values)
      }
    }

    func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
      observers.add(handler)
    }
  }

  /// A list of "Report A", "Memo B" and "Report C" over a reporting store, searched for
  /// "Report".
  static func searchedList() async throws -> (HeadlessApp, ReportingStore) {
    var definition = try DataDefinition.dictionary(keys: "Item:(title,rank)")
    definition.name = "Item"
    definition.titlePropertyNames = ["title"]
    let items: [Value] = ["Report A", "Memo B", "Report C"].map { title in
      .object(ObjectReference(DocumentObject(["title": .string(title), "rank": .int(1)])))
    }
    let store = ReportingStore(
      AsyncStoreWrapper(
        MemoryStore(items: items, definition: definition), latency: .milliseconds(2)))
    let section = ArrayOfObjectsSection(id: "items", store: store, definition: definition)
    section.searchPropertyNames = ["title"]
    let model = TableModel(title: "Items")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model, navigationBar: .none)))
    try await app.settle()
    try app.send(.search("Report"))
    try await app.settle()
    #expect(app.texts == [["Report A", "Report C"]])
    return (app, store)
  }

  @Test func doneOnADetailScreenReadsTheSearchOnceAfterTheStoreHasTheEdit() async throws {
    let (app, store) = try await Self.searchedList()
    try app.tap("Report A")
    try await app.settle()
    try app.enter("Memo A", at: "Title")
    let before = store.pagesRead
    try app.send(.done)
    try await app.settle()
    // The one read comes after the store has the new title: the item no longer matches.
    #expect(store.pagesRead - before == 1)
    #expect(app.navigator.stack.count == 1)
    #expect(app.texts == [["Report C"]])
    #expect(app.host.violations.isEmpty)
  }

  @Test func anEditInTheListReadsTheSearchOnceAfterTheStoreHasIt() async throws {
    let (app, store) = try await Self.searchedList()
    let section = try #require(app.navigator.top.model.sections.first as? ArrayOfObjectsSection)
    let cache = try #require(section.asyncCache)
    let item = try #require(section.items.first)
    let before = store.pagesRead
    // A list's own write, sent in the background (an inline edit, a nested screen's Done).
    try cache.update(item, values: ["title": .string("Memo A")])
    try await app.settle()
    #expect(store.pagesRead - before == 1)
    #expect(app.texts == [["Report C"]])
    #expect(app.host.violations.isEmpty)
  }
}
