import Trellis
import TrellisTesting

/// An async store that refuses every fifth operation, for the UI fuzzer: failed loads, refused
/// writes and rollbacks happen between any two events. Like a database that follows other
/// servers' writes, it also reports, from another task and at a moment of its own, that
/// anything may have changed (every seventh call), and loses and regains its live link (every
/// eleventh).
final class FlakyStore: AsyncDataStore {
  private let inner: AsyncStoreWrapper
  private let counter = Locked(0)
  private let changeObservers = ObserverList<StoreChange>()
  private let linkObservers = ObserverList<StoreLink>()

  init(_ inner: AsyncStoreWrapper) { self.inner = inner }

  /// Throws on every fifth call.
  private func maybeFail(_ what: String) throws(StoreError) {
    let count = counter.withLock { count in
      count += 1
      return count
    }
    if count % 7 == 0 {
      let observers = changeObservers
      Task {
        try? await Task.sleep(for: .microseconds(300))
        observers.notify(.reset)
      }
    }
    if count % 11 == 0 {
      let links = linkObservers
      links.notify(.reconnecting("Reconnecting…"))
      Task {
        try? await Task.sleep(for: .microseconds(500))
        links.notify(.live)
      }
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

  func move(_ item: Value, after: Value?) async throws(StoreError) {
    try maybeFail("move")
    try await inner.move(item, after: after)
  }

  func move(_ item: Value, before: Value) async throws(StoreError) {
    try maybeFail("move")
    try await inner.move(item, before: before)
  }

  func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    let own = changeObservers.add(handler)
    let inner = inner.observe(handler)
    return ObservationToken {
      own.cancel()
      inner.cancel()
    }
  }

  func observeLink(_ handler: @escaping @Sendable (StoreLink) -> Void) -> ObservationToken? {
    linkObservers.add(handler)
  }
}
