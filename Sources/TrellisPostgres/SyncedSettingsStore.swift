import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisSettings

/// Settings that follow a person from server to server, kept in PostgreSQL: iCloud's
/// key-value store, for a web app served by several processes.
///
/// ```swift
/// let store = try SyncedSettingsStore(
///   url: "postgres://trellis@db.example.com/app", person: "ada", namespace: "settings")
/// store.start()
/// let settings = store.settings(defaults: ["username": "", "volume": 50.0])
/// try model.generateSections(for: settings, definition: definition)
/// // …
/// await store.shutdown()
/// ```
///
/// Each store holds one person's values for one namespace, in a table created on first use
/// (one row per key). Reads and writes are synchronous and local: a write is kept in memory at
/// once, and sent by a background task on the store's own connection. Every write to the
/// table sends a notification (`LISTEN`/`NOTIFY`): the other stores of the same person and
/// namespace, on other servers, fetch the key and tell their observers, so that their
/// settings screens show it within moments. A store ignores the notifications of its own
/// writes.
///
/// **Conflicts: the last writer wins, per key.** Each write is stamped with the database's
/// clock (`clock_timestamp()`) when it reaches the database, and a write never replaces a
/// value stamped later. Writes of different keys never conflict. A write kept while offline
/// reaches the database when the store reconnects, so it wins over what others wrote
/// meanwhile.
///
/// **Limits: iCloud's.** At most 1 MB (1,048,576 bytes) of keys and encoded values per person
/// and namespace, 1,024 keys, and keys of at most 64 bytes of UTF-8. A write that breaks one
/// is refused at once with a ``StoreError/refused(_:)`` naming the key, the limit and the
/// size found, and nothing is stored. The database checks again when the write arrives.
///
/// **Offline.** While PostgreSQL cannot be reached, reads give the last known values (kept in
/// memory, and in `cacheFile` when given), and writes wait in order; a later write of a key
/// replaces its waiting one. The store retries with a growing delay; when it is back it sends
/// what waits, fetches every value (it may have missed notifications) and tells observers what
/// changed. ``status`` says which: "Offline — 2 changes waiting".
public final class SyncedSettingsStore: SyncedKeyValueStore {
  /// Whose settings these are.
  public let person: String
  /// Which group of the person's settings: an app, a screen.
  public let namespace: String
  /// The table holding every person's settings.
  public let table: String
  /// The limits writes must keep.
  public let limits: SyncedKeyValueLimits
  /// The file the last known values and the waiting writes are kept in, if any.
  public let cacheFile: URL?
  /// How long an operation may wait for the server before the store counts it unreachable.
  public let timeout: Duration
  /// The longest wait between two tries to reconnect.
  public let retryDelay: Duration
  let configuration: PostgresConnection.Configuration
  /// Where the server is, for messages.
  let place: String
  /// What this store's writes are tagged with, to know their notifications.
  let origin = UUID().uuidString
  let logger = Logger(label: "trellis.synced-settings", factory: { _ in SwiftLogNoOpLogHandler() })
  let changes = ObserverList<SyncedKeyValueChange>()
  let statuses = ObserverList<SyncedStoreStatus>()
  let state: Locked<State>
  /// Held while the cache file is written, so that files are written in the order of changes.
  let cacheLock = Locked(0)

  /// What the store keeps between calls, from any task.
  struct State {
    /// The last known values.
    var values: [String: Value] = [:]
    /// The size of each key with its encoded value.
    var sizes: [String: Int] = [:]
    /// The writes not yet sent, oldest first.
    var queue: [PendingWrite] = []
    var writeCount = 0
    var connection = SyncedStoreStatus.Connection.offline
    /// Keys other stores wrote, to fetch.
    var stale: Set<String> = []
    /// Whether ``synchronize()`` asked for every value to be fetched.
    var refreshWanted = false
    /// How many times every value was fetched.
    var refreshes = 0
    /// What went wrong last, for messages.
    var lastError: StoreError?
    var schemaReady = false
    var runner: Task<Void, Never>?
    /// Wakes the background task's work loop.
    var wake: AsyncStream<Void>.Continuation?

    var status: SyncedStoreStatus {
      SyncedStoreStatus(connection: connection, waitingChanges: queue.count)
    }
  }

  /// A write waiting to be sent: the encoded value, or `nil` to remove the key.
  struct PendingWrite: Sendable {
    var id: Int
    var key: String
    var text: String?
  }

  /// The settings of `person` in `namespace`, in `table` of the database at `url`
  /// (`postgres://user:password@host:port/database?sslmode=disable`). Nothing is sent until
  /// ``start()``; the values in `cacheFile`, when it exists, are there from the start.
  ///
  /// - Throws: An address that does not parse, a table name that is not a plain SQL name, a
  ///   person or namespace with a NUL character (which PostgreSQL's text cannot hold).
  public init(
    url: String, person: String, namespace: String = "default",
    table: String = "trellis_settings", cacheFile: URL? = nil,
    limits: SyncedKeyValueLimits = .iCloud, timeout: Duration = .seconds(5),
    retryDelay: Duration = .seconds(5)
  ) throws(StoreError) {
    _ = try PostgresIdentifier.plainQuoted(table)
    for (name, text) in [("person", person), ("namespace", namespace)]
    where text.utf8.contains(0) {
      throw .invalidItem("a synced settings \(name) cannot hold a NUL character")
    }
    var configuration = try PostgresAddress.connectionConfiguration(from: url)
    configuration.options.connectTimeout = .nanoseconds(
      Int64(timeout.components.seconds) * 1_000_000_000
        + timeout.components.attoseconds / 1_000_000_000)
    self.configuration = configuration
    self.place = "\(configuration.host ?? "?"):\(configuration.port ?? 5432)"
    self.person = person
    self.namespace = namespace
    self.table = table
    self.cacheFile = cacheFile
    self.limits = limits
    self.timeout = timeout
    self.retryDelay = retryDelay
    self.state = Locked(State())
    loadCache()
  }

  deinit {
    state.withLock { $0.runner?.cancel() }
  }

  /// Starts keeping the values in sync in the background: connecting, sending waiting writes,
  /// following other stores' writes, and reconnecting when the connection is lost. The
  /// background task keeps the store alive until ``shutdown()``.
  public func start() {
    let status = state.withLock { state -> SyncedStoreStatus? in
      guard state.runner == nil else { return nil }
      state.runner = Task { [weak self] in await self?.run() }
      state.connection = .connecting
      return state.status
    }
    if let status { statuses.notify(status) }
  }

  /// Stops keeping the values in sync and closes the connection; waiting writes stay waiting
  /// (and in the cache file).
  public func shutdown() async {
    let runner = state.withLock { state in
      defer { state.runner = nil }
      return state.runner
    }
    runner?.cancel()
    await runner?.value
  }

  /// Starts the store if needed, then waits until every waiting write is sent and every value
  /// fetched again.
  ///
  /// - Throws: ``StoreError/failed(_:)`` when that has not happened within the store's
  ///   ``timeout``, with the last problem (the server cannot be reached, say).
  public func synchronize() async throws(StoreError) {
    start()
    let target = state.withLock { state in
      state.refreshWanted = true
      return state.refreshes + 1
    }
    wake()
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let done = state.withLock { $0.refreshes >= target && $0.queue.isEmpty }
      if done { return }
      try? await Task.sleep(for: .milliseconds(10))
    }
    let problem = state.withLock { $0.lastError?.description } ?? "no answer"
    throw .failed("the settings could not be synchronized within \(timeout): \(problem)")
  }

  // MARK: Reading and writing

  public func value(forKey key: String) -> Value? {
    state.withLock { $0.values[key] }
  }

  public var values: [String: Value] { state.withLock { $0.values } }

  public var status: SyncedStoreStatus { state.withLock { $0.status } }

  /// What went wrong last while syncing (a refused waiting write, an unreachable server).
  public var lastError: StoreError? { state.withLock { $0.lastError } }

  public func set(_ value: Value?, forKey key: String) throws(StoreError) {
    let value = value?.isNull == true ? nil : value
    var text: String?
    if let value { text = try SyncedValueEncoding.encode(value) }
    let status = try state.withLock { state throws(StoreError) -> SyncedStoreStatus in
      if let violation = violation(in: state, key: key, text: text) {
        throw .refused(violation.message)
      }
      state.values[key] = value
      state.sizes[key] = text.map { key.utf8.count + $0.utf8.count }
      state.queue.removeAll { $0.key == key }
      state.writeCount += 1
      state.queue.append(PendingWrite(id: state.writeCount, key: key, text: text))
      return state.status
    }
    changes.notify(SyncedKeyValueChange(keys: [key], reason: .local))
    statuses.notify(status)
    saveCache()
    wake()
  }

  public func limitViolation(setting value: Value?, forKey key: String) -> SyncedLimitViolation? {
    guard let value, !value.isNull, let text = try? SyncedValueEncoding.encode(value) else {
      return nil
    }
    return state.withLock { violation(in: $0, key: key, text: text) }
  }

  /// The limit storing `text` under `key` breaks, given the values known.
  private func violation(in state: State, key: String, text: String?) -> SyncedLimitViolation? {
    let others = state.sizes.count - (state.sizes[key] == nil ? 0 : 1)
    let bytes = state.sizes.values.reduce(0, +) - (state.sizes[key] ?? 0)
    return limits.violation(
      key: key, valueBytes: text?.utf8.count, otherKeys: others, otherBytes: bytes)
  }

  public func observe(_ handler: @escaping @Sendable (SyncedKeyValueChange) -> Void)
    -> ObservationToken
  {
    changes.add(handler)
  }

  public func observeStatus(_ handler: @escaping @Sendable (SyncedStoreStatus) -> Void)
    -> ObservationToken
  {
    statuses.add(handler)
  }

  /// Wakes the background task: there is something to send or fetch.
  func wake() {
    _ = state.withLock { $0.wake }?.yield()
  }

  /// Sets the state of the connection, telling status observers when it changed.
  func setConnection(_ connection: SyncedStoreStatus.Connection) {
    let status = state.withLock { state -> SyncedStoreStatus? in
      guard state.connection != connection else { return nil }
      state.connection = connection
      return state.status
    }
    if let status { statuses.notify(status) }
  }
}
