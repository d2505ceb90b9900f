import Testing
import Trellis
import TrellisTesting

@Suite("AsyncStoreWrapper keeps the async store contract")
struct AsyncStoreWrapperContractTests {
  @Test func overAMemoryStore() async throws {
    let definition = try DataDefinition.dictionary(keys: "name;rank")
    let failures = await AsyncStoreContract(searches: true).check { records in
      AsyncStoreWrapper(
        MemoryStore(
          items: records.map { .object(ObjectReference(DocumentObject($0.dictionary))) },
          definition: definition), latency: .milliseconds(1))
    }
    #expect(failures == [])
  }

  @Test func aStoreThatRepeatsItsFirstPageFailsTheContract() async throws {
    let definition = try DataDefinition.dictionary(keys: "name;rank")
    let failures = await AsyncStoreContract().check { records in
      StuckStore(
        AsyncStoreWrapper(
          MemoryStore(
            items: records.map { .object(ObjectReference(DocumentObject($0.dictionary))) },
            definition: definition)))
    }
    #expect(failures.contains { $0.check == "pages" })
  }
}

/// A store whose every page is the first: the contract must notice.
final class StuckStore: AsyncDataStore {
  let inner: AsyncStoreWrapper
  init(_ inner: AsyncStoreWrapper) { self.inner = inner }
  var itemsDefinition: DataDefinition? { inner.itemsDefinition }
  func fetchPage(_ options: FetchOptions, from token: PageToken?) async throws(StoreError)
    -> StorePage
  {
    var page = try await inner.fetchPage(options, from: nil)
    if token != nil { page.next = nil }
    return page
  }
  func count(_ options: FetchOptions) async throws(StoreError) -> Int {
    try await inner.count(options)
  }
  func create() throws(StoreError) -> Value { try inner.create() }
  func insert(_ item: Value, at index: Int?) async throws(StoreError) {
    try await inner.insert(item, at: index)
  }
  func update(_ item: Value, values: [String: Value]) async throws(StoreError) {
    try await inner.update(item, values: values)
  }
  func delete(_ item: Value) async throws(StoreError) { try await inner.delete(item) }
  func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    inner.observe(handler)
  }
}
