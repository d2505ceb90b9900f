import Trellis

/// An async store that refuses every fifth operation, for the UI fuzzer: failed loads, refused
/// writes and rollbacks happen between any two events.
final class FlakyStore: AsyncDataStore {
  private let inner: AsyncStoreWrapper
  private let counter = Locked(0)

  init(_ inner: AsyncStoreWrapper) { self.inner = inner }

  /// Throws on every fifth call.
  private func maybeFail(_ what: String) throws(StoreError) {
    let count = counter.withLock { count in
      count += 1
      return count
    }
    if count % 5 == 0 { throw .failed("the service refused to \(what) (call \(count))") }
  }

  var itemsDefinition: DataDefinition? { inner.itemsDefinition }
  var supportsMoving: Bool { inner.supportsMoving }
  func translates(_ filter: ItemFilter) -> Bool { inner.translates(filter) }

  func fetchPage(_ options: FetchOptions, from token: PageToken?) async throws(StoreError)
    -> StorePage
  {
    try maybeFail("read")
    return try await inner.fetchPage(options, from: token)
  }

  func count(_ options: FetchOptions) async throws(StoreError) -> Int {
    try await inner.count(options)
  }

  func create() throws(StoreError) -> Value { try inner.create() }

  func insert(_ item: Value, at index: Int?) async throws(StoreError) {
    try maybeFail("insert")
    try await inner.insert(item, at: index)
  }

  func update(_ item: Value, values: [String: Value]) async throws(StoreError) {
    try maybeFail("update")
    try await inner.update(item, values: values)
  }

  func delete(_ item: Value) async throws(StoreError) {
    try maybeFail("delete")
    try await inner.delete(item)
  }

  func move(from source: Int, to destination: Int) async throws(StoreError) {
    try maybeFail("move")
    try await inner.move(from: source, to: destination)
  }

  func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    inner.observe(handler)
  }
}
