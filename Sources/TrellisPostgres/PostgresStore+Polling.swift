import Foundation
import PostgresNIO
import Trellis

/// Other programs' changes to a table made elsewhere whose changes no trigger announces: the
/// store looks at the table every ``PostgresEntity/pollInterval`` and, when its rows changed,
/// tells the lists to read theirs again.
extension PostgresStore {
  /// Polls until cancelled. A failed look says the link is down; the next that succeeds says
  /// it is back, and lists read their items again through the link.
  static func poll(_ weak: WeakStore, every interval: Duration) async {
    var last: String?
    while !Task.isCancelled {
      guard let store = weak.store else { return }
      do {
        let now = try await store.fingerprint()
        store.linkChanged(.live)
        if let last, last != now { store.observers.notify(.reset) }
        last = now
      } catch {
        store.linkChanged(.reconnecting(reconnectingMessage))
      }
      try? await Task.sleep(for: interval)
    }
  }

  /// What the table's rows are now, in a few bytes: how many there are, and a sum over the
  /// place and transaction of each row's latest version, which every insert, update and
  /// delete changes.
  func fingerprint() async throws(StoreError) -> String {
    let query = PostgresQuery(
      unsafeSQL: "SELECT count(*)::text || ':' || "
        + "coalesce(sum(hashtext(t.xmin::text || t.ctid::text)::bigint), 0)::text "
        + "FROM \(try table) t")
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
