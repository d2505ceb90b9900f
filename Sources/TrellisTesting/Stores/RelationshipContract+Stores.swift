import Trellis

/// The operations the relationship checks use, on a store that answers at once or later.
protocol ContractStore: AnyObject {
  func insert(_ item: Value) async throws(StoreError)
  func update(_ item: Value, values: [String: Value]) async throws(StoreError)
  func delete(_ item: Value) async throws(StoreError)
  /// The items `options` selects: all of them, or the window its batch size and offset name.
  func fetch(_ options: FetchOptions) async throws(StoreError) -> [Value]
  func count(_ options: FetchOptions) async throws(StoreError) -> Int
  /// The store of the objects relationship `name` points at.
  func related(_ name: String) throws(StoreError) -> any ContractStore
  func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken
}

extension RelationshipContract {
  /// A store that answers at once.
  final class SyncStore: ContractStore {
    let store: any DataStore

    init(_ store: any DataStore) { self.store = store }

    func insert(_ item: Value) async throws(StoreError) { try store.insert(item, at: nil) }
    func update(_ item: Value, values: [String: Value]) async throws(StoreError) {
      try store.update(item, values: values)
    }
    func delete(_ item: Value) async throws(StoreError) { try store.delete(item) }
    func fetch(_ options: FetchOptions) async throws(StoreError) -> [Value] {
      try store.fetch(options)
    }
    func count(_ options: FetchOptions) async throws(StoreError) -> Int {
      try store.count(options)
    }
    func related(_ name: String) throws(StoreError) -> any ContractStore {
      guard let store = store as? any RelationalStore else {
        throw .unsupported("relationships in a \(type(of: self.store))")
      }
      return SyncStore(try store.relatedStore(for: name))
    }
    func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
      store.observe(handler)
    }
  }

  /// A store whose answers take time.
  final class AsyncStore: ContractStore {
    let store: any AsyncDataStore

    init(_ store: any AsyncDataStore) { self.store = store }

    func insert(_ item: Value) async throws(StoreError) { try await store.insert(item, at: nil) }
    func update(_ item: Value, values: [String: Value]) async throws(StoreError) {
      try await store.update(item, values: values)
    }
    /// Deletes, then applies what the delete rules did to the objects in memory here, on the
    /// checks' domain, as a list does when it takes the store's reports.
    func delete(_ item: Value) async throws(StoreError) {
      try await store.delete(item)
      store.applyArrivedValues()
    }
    /// The page's items, with the values read for known objects applied here, on the
    /// checks' domain, as a list applies them on its own.
    func fetch(_ options: FetchOptions) async throws(StoreError) -> [Value] {
      let items = try await store.fetchPage(options, from: nil).items
      store.applyArrivedValues()
      return items
    }
    func count(_ options: FetchOptions) async throws(StoreError) -> Int {
      try await store.count(options)
    }
    func related(_ name: String) throws(StoreError) -> any ContractStore {
      guard let store = store as? any AsyncRelationalStore else {
        throw .unsupported("relationships in a \(type(of: self.store))")
      }
      return AsyncStore(try store.relatedStore(for: name))
    }
    func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
      store.observe(handler)
    }
  }
}
