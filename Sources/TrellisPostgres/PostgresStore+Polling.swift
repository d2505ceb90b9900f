import Foundation
import PostgresNIO
import Trellis

/// Other programs' changes to a table made elsewhere whose changes no trigger announces: the
/// store looks at the table every ``PostgresEntity/pollInterval`` while something observes it
/// (an open list, a count a screen shows) and, when its rows changed, tells the lists to read
/// theirs again. It stops looking when the last observer goes, and starts again with the next.
extension PostgresStore {
  /// Stops looking at the table when nothing observes the store any more: each look is a
  /// query, and nobody would hear what it finds. (A store that listens for notifications
  /// keeps listening: a quiet channel costs nothing.)
  func stopPollingWhenUnobserved() {
    stopPollingUnlessNeeded()
    // The tables its rows point at were looked at for its observers.
    for store in referencedStores() { store.stopPollingUnlessNeeded() }
  }

  /// Stops looking at the table unless something observes the store, or a store whose rows
  /// point at its rows.
  private func stopPollingUnlessNeeded() {
    guard entity.pollInterval != nil, !isReferencedByAnObservedStore else { return }
    let stopped = state.withLock { state -> Task<Void, Never>? in
      // Checked under the lock that starting takes: an observer added meanwhile finds the
      // task gone and starts another.
      guard observers.isEmpty, linkObservers.isEmpty, let listener = state.listener else {
        return nil
      }
      state.listener = nil
      return listener
    }
    stopped?.cancel()
  }

  /// Whether the store is looking at its table now.
  package var isPolling: Bool {
    entity.pollInterval != nil && state.withLock { $0.listener != nil }
  }

  /// How many times the store has looked at its table.
  package var looks: Int { state.withLock { $0.looks } }

  /// Polls until cancelled. A failed look says the link is down; the next that succeeds says
  /// it is back, and lists read their items again through the link.
  static func poll(_ weak: WeakStore, every interval: Duration) async {
    var last: String?
    while !Task.isCancelled {
      guard let store = weak.store else { return }
      do {
        store.state.withLock { $0.looks += 1 }
        let now = try await store.fingerprint()
        store.linkChanged(.live)
        if let last, last != now {
          store.observers.notify(.reset)
          store.tellReferrersOfAnyChange()
        }
        last = now
      } catch {
        // Stopped mid-look (nothing observes the store): the link did not fail.
        guard !Task.isCancelled else { return }
        store.linkChanged(.reconnecting(reconnectingMessage))
      }
      try? await Task.sleep(for: interval)
    }
  }

  /// What the table's rows are now, and those of its many-to-many join tables (another
  /// program choosing a product's tags changes no product row), in a few bytes: per table how
  /// many rows there are, and a sum over the place and transaction of each row's latest
  /// version, which every insert, update and delete changes.
  func fingerprint() async throws(StoreError) -> String {
    var tables = [try table]
    for relationship in entity.references where relationship.kind == .manyToMany {
      tables.append(try PostgresIdentifier.quoted(relationship.joinTableName(of: entity)))
    }
    let parts = tables.map { table in
      "(SELECT count(*)::text || ':' || "
        + "coalesce(sum(hashtext(t.xmin::text || t.ctid::text)::bigint), 0)::text "
        + "FROM \(table) t)"
    }
    let query = PostgresQuery(unsafeSQL: "SELECT " + parts.joined(separator: " || '|' || "))
    return try await perform { connection in
      for try await text in try await connection.query(query, logger: self.logger)
        .decode(String.self)
      {
        return text
      }
      return ""
    }
  }
}
