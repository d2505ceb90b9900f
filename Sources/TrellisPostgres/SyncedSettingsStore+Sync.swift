import Foundation
import PostgresNIO
import Trellis
import TrellisSettings

extension SyncedSettingsStore {
  /// Connects, works until the connection is lost, and connects again after a delay that
  /// doubles up to ``retryDelay``; until cancelled.
  func run() async {
    var delay = Duration.milliseconds(50)
    while !Task.isCancelled {
      let (wakes, continuation) = AsyncStream.makeStream(
        of: Void.self, bufferingPolicy: .bufferingNewest(1))
      state.withLock { $0.wake = continuation }
      continuation.yield()
      do {
        let connection = try await PostgresConnection.connect(
          configuration: configuration, id: Self.connectionIDs.next(), logger: logger)
        try await session(connection, wakes: wakes)
      } catch {
        if !Task.isCancelled { record(error) }
      }
      state.withLock { $0.wake = nil }
      continuation.finish()
      if Task.isCancelled { break }
      if state.withLock({ $0.connection }) == .connected {
        delay = .milliseconds(50)
        setConnection(.reconnecting)
      } else {
        setConnection(.offline)
      }
      try? await Task.sleep(for: delay)
      delay = min(delay * 2, retryDelay)
    }
    setConnection(.offline)
  }

  /// Works over one connection: creates the table, listens, fetches every value, then sends
  /// writes and fetches other stores' keys as they come; returns by throwing when the
  /// connection is lost or the task cancelled, the connection closed.
  private func session(_ connection: PostgresConnection, wakes: AsyncStream<Void>) async throws {
    do {
      try await timed(connection) { try await self.prepareSchema(connection) }
      try await connection.listen(on: table) { notifications in
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask {
            for try await notification in notifications { self.received(notification.payload) }
            throw SyncedConnectionLost()
          }
          group.addTask {
            try await connection.closeFuture.get()
            throw SyncedConnectionLost()
          }
          group.addTask {
            // Listening first, so that nothing written after this fetch goes unnoticed.
            try await self.refreshAll(connection)
            self.setConnection(.connected)
            for await _ in wakes { try await self.work(connection) }
            throw CancellationError()
          }
          do {
            try await group.next()
          } catch {
            // The other tasks end once the connection is closed.
            try? await connection.close().get()
            throw error
          }
        }
      }
    } catch {
      try? await connection.close().get()
      throw error
    }
  }

  /// Sends the waiting writes in order, then fetches what other stores wrote.
  private func work(_ connection: PostgresConnection) async throws {
    while let write = state.withLock({ $0.queue.first }) {
      let outcome: SentWrite
      do {
        outcome = try await timed(connection) { try await self.send(write, connection) }
      } catch  where Self.refusesForGood(error) {
        // A write the database will never take (a value it cannot hold): dropped, so that
        // the writes after it are not held up.
        let stored = try await timed(connection) { try await self.fetch([write.key], connection) }
        outcome = .refused(storeError(error).description, stored: stored[write.key])
      }
      settle(write, outcome)
    }
    let (keys, everything) = state.withLock { state in
      defer {
        state.stale = []
        state.refreshWanted = false
      }
      return (state.stale, state.refreshWanted)
    }
    if everything {
      try await refreshAll(connection)
      // Counted only here: a fetch that began before ``synchronize()`` asked is not enough.
      state.withLock { $0.refreshes += 1 }
    } else if !keys.isEmpty {
      let stored = try await timed(connection) { try await self.fetch(keys, connection) }
      apply(stored, keys: keys, reason: .external)
    }
  }

  /// Fetches every value.
  private func refreshAll(_ connection: PostgresConnection) async throws {
    let stored = try await timed(connection) { try await self.fetch(nil, connection) }
    let keys = state.withLock { Set($0.values.keys) }.union(stored.keys)
    apply(stored, keys: keys, reason: .initialSync)
  }

  /// Takes a sent write off the queue, and keeps what the database holds for its key.
  private func settle(_ write: PendingWrite, _ outcome: SentWrite) {
    let (status, changed) = state.withLock { state in
      state.queue.removeAll { $0.id == write.id }
      if case .refused(let message, _) = outcome {
        state.lastError = .refused(message)
      }
      // A later write of the key waits: it is what this store shows.
      guard !state.queue.contains(where: { $0.key == write.key }) else {
        return (state.status, false)
      }
      return (state.status, keep(outcome.stored, for: write.key, in: &state))
    }
    statuses.notify(status)
    switch outcome {
    case .refused(let message, _):
      changes.notify(SyncedKeyValueChange(keys: [write.key], reason: .refused(message)))
    case .stored where changed:
      changes.notify(SyncedKeyValueChange(keys: [write.key], reason: .external))
    case .stored: break
    }
    saveCache()
  }

  /// Keeps the stored values of `keys` (absent from `stored`: removed), except for keys with
  /// waiting writes; tells observers which changed.
  private func apply(
    _ stored: [String: String], keys: Set<String>, reason: SyncedKeyValueChange.Reason
  ) {
    let changed = state.withLock { state in
      var changed: Set<String> = []
      for key in keys where !state.queue.contains(where: { $0.key == key }) {
        if keep(stored[key], for: key, in: &state) { changed.insert(key) }
      }
      return changed
    }
    guard !changed.isEmpty else { return }
    changes.notify(SyncedKeyValueChange(keys: changed, reason: reason))
    saveCache()
  }

  /// Keeps `text`, an encoded value or `nil`, as the value of `key`; whether that changed it.
  private func keep(_ text: String?, for key: String, in state: inout State) -> Bool {
    guard let text else {
      state.sizes[key] = nil
      return state.values.removeValue(forKey: key) != nil
    }
    guard let value = try? SyncedValueEncoding.decode(text) else { return false }
    state.sizes[key] = key.utf8.count + text.utf8.count
    guard state.values[key] != value else { return false }
    state.values[key] = value
    return true
  }

  /// A notification of a write: its key is fetched when it is this store's person and
  /// namespace, and another store wrote it.
  private func received(_ payload: String) {
    guard
      let document = try? LocatedDocument(
        text: payload, format: .json, options: DocumentReadOptions(recordsLocations: false)),
      let fields = document.root.dictionaryValue,
      fields["person"]?.stringValue == person, fields["namespace"]?.stringValue == namespace,
      fields["origin"]?.stringValue != origin, let key = fields["key"]?.stringValue
    else { return }
    state.withLock { _ = $0.stale.insert(key) }
    wake()
  }

  /// Runs `work` on `connection`, failing when it has not finished within ``timeout``: the
  /// connection is then closed, which ends `work` (``Deadline`` does not wait for it).
  func timed<T: Sendable>(
    _ connection: PostgresConnection, _ work: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    do { return try await Deadline.run(within: timeout, work) } catch let error
      as PostgresTimeout
    {
      try? await connection.close().get()
      throw error
    }
  }

  /// Whether `error` is the database refusing a write for good (a value it cannot hold, a
  /// constraint, a size it cannot index), not a connection or transaction that may succeed
  /// when tried again.
  static func refusesForGood(_ error: any Error) -> Bool {
    if let transaction = error as? PostgresTransactionError {
      return transaction.closureError.map(refusesForGood) ?? false
    }
    guard let state = (error as? PSQLError)?.serverInfo?[.sqlState] else { return false }
    return ["22", "23", "54"].contains(String(state.prefix(2)))
  }

  /// Records what went wrong, for ``lastError`` and ``synchronize()``'s message.
  private func record(_ error: any Error) {
    let problem = storeError(error)
    state.withLock { $0.lastError = problem }
  }

  /// Numbers for the store's connections.
  static let connectionIDs = ConnectionIDs()
}

/// The connection closed, or its notifications ended.
struct SyncedConnectionLost: Error {}

/// What sending a write did: the key's value in the database afterwards (encoded, `nil` when
/// absent), and why the database refused the write, if it did.
enum SentWrite: Sendable {
  case stored(String?)
  case refused(String, stored: String?)

  var stored: String? {
    switch self {
    case .stored(let text), .refused(_, let text): text
    }
  }
}

/// Connection numbers, 1, 2, 3…, from any task.
final class ConnectionIDs: Sendable {
  private let last = Locked(0)

  func next() -> Int {
    last.withLock {
      $0 += 1
      return $0
    }
  }
}
