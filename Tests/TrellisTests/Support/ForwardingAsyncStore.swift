import Trellis
import TrellisTesting

/// A test's async store that passes every operation to another, so that it spells out only
/// the ones it changes.
protocol ForwardingAsyncStore: AsyncDataStore {
  /// The store the operations go to.
  var inner: AsyncStoreWrapper { get }
}

extension ForwardingAsyncStore {
  var itemsDefinition: DataDefinition? { inner.itemsDefinition }
  var supportsMoving: Bool { inner.supportsMoving }
  func translates(_ filter: ItemFilter) -> Bool { inner.translates(filter) }
  func fetchPage(_ options: FetchOptions, from token: PageToken?) async throws(StoreError)
    -> StorePage
  { try await inner.fetchPage(options, from: token) }
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
  func move(_ item: Value, after: Value?) async throws(StoreError) {
    try await inner.move(item, after: after)
  }
  func move(_ item: Value, before: Value) async throws(StoreError) {
    try await inner.move(item, before: before)
  }
  func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    inner.observe(handler)
  }
}
