import Trellis

/// Any synchronous store as an `AsyncDataStore`, its operations run off the caller's domain,
/// each after an optional delay, and any of them made to fail on demand.
///
/// It is how a list behaves over a slow or failing network, without a network: demos show
/// loading rows with it, and tests play refusals and rollbacks.
///
/// ```swift
/// let slow = AsyncStoreWrapper(MemoryStore(items: people, definition: person), latency: .milliseconds(300))
/// slow.failNext(.delete, with: .refused("the server is read-only"))
/// ```
public final class AsyncStoreWrapper: AsyncDataStore {
  /// An operation that can be made to fail.
  public enum Operation: Hashable, Sendable {
    case fetch, count, insert, update, delete, move
  }

  /// The store wrapped.
  public let wrapped: any DataStore
  private let settings: Locked<Settings>

  private struct Settings {
    var latency: Duration
    var failures: [Operation: [StoreError]] = [:]
  }

  /// Wraps `store`; every operation waits `latency` first.
  public init(_ store: any DataStore, latency: Duration = .zero) {
    wrapped = store
    settings = Locked(Settings(latency: latency))
  }

  /// How long every operation waits before it runs.
  public var latency: Duration {
    get { settings.withLock { $0.latency } }
    set { settings.withLock { $0.latency = newValue } }
  }

  /// Makes the next `operation` fail with `error` instead of running; calls queue up.
  public func failNext(_ operation: Operation, with error: StoreError) {
    settings.withLock { $0.failures[operation, default: []].append(error) }
  }

  /// Waits the latency (ending early when the task is cancelled), then throws the failure
  /// queued for `operation`, if any.
  private func begin(_ operation: Operation) async throws(StoreError) {
    let latency = latency
    if latency > .zero {
      do { try await Task.sleep(for: latency) } catch { throw .failed("cancelled") }
    }
    let failure: StoreError? = settings.withLock { settings in
      guard var queued = settings.failures[operation], !queued.isEmpty else { return nil }
      let first = queued.removeFirst()
      settings.failures[operation] = queued
      return first
    }
    if let failure { throw failure }
  }

  public var itemsDefinition: DataDefinition? { wrapped.itemsDefinition }
  public var supportsMoving: Bool { wrapped.supportsMoving }
  public func translates(_ filter: ItemFilter) -> Bool { true }

  /// A page from the wrapped store, by offset: one item more than the page is read to tell
  /// whether another page follows. Without a batch size, everything is one page.
  public func fetchPage(_ options: FetchOptions, from token: PageToken?) async throws(StoreError)
    -> StorePage
  {
    try await begin(.fetch)
    var options = options
    if case .offset(let offset) = token { options.offset = offset }
    guard let size = options.batchSize else {
      return StorePage(items: try wrapped.fetch(options), next: nil)
    }
    options.batchSize = size + 1
    var items = try wrapped.fetch(options)
    let hasMore = items.count > size
    if hasMore { items.removeLast(items.count - size) }
    return StorePage(items: items, next: hasMore ? .offset(options.offset + size) : nil)
  }

  public func count(_ options: FetchOptions) async throws(StoreError) -> Int {
    try await begin(.count)
    return try wrapped.count(options)
  }

  public func create() throws(StoreError) -> Value { try wrapped.create() }

  public func insert(_ item: Value, at index: Int?) async throws(StoreError) {
    try await begin(.insert)
    try wrapped.insert(item, at: index)
  }

  public func update(_ item: Value, values: [String: Value]) async throws(StoreError) {
    try await begin(.update)
    try wrapped.update(item, values: values)
  }

  public func delete(_ item: Value) async throws(StoreError) {
    try await begin(.delete)
    try wrapped.delete(item)
  }

  public func move(_ item: Value, after: Value?) async throws(StoreError) {
    try await begin(.move)
    try wrapped.move(item, after: after)
  }

  public func move(_ item: Value, before: Value) async throws(StoreError) {
    try await begin(.move)
    try wrapped.move(item, before: before)
  }

  public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    wrapped.observe(handler)
  }
}
