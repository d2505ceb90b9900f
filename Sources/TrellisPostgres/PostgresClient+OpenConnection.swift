import PostgresNIO
import Trellis

/// Pooled connections that are still open.
///
/// The pool hears that a connection closed (the server ended it, or restarted) a moment
/// after its channel did, and may hand it out in between. A query written to a closed
/// channel is dropped without an answer, so the caller would wait for ever; these pass such a
/// connection over and take the next.
extension PostgresClient {
  /// How many closed connections one call passes over: more than a pool holds.
  static let closedConnectionsPassedOver = 25

  /// Runs `work` on a pooled connection that is open when `work` starts.
  package func withOpenConnection<T: Sendable>(
    _ work: (PostgresConnection) async throws -> T
  ) async throws -> T {
    var passedOver = 0
    while true {
      do {
        return try await withConnection { connection in
          guard !connection.isClosed else { throw ClosedConnection() }
          return try await work(connection)
        }
      } catch is ClosedConnection where passedOver < Self.closedConnectionsPassedOver {
        passedOver += 1
        // The pool hears of the close on its event loop: let it, before asking again.
        try await Task.sleep(for: .milliseconds(1))
      }
    }
  }

  /// Runs `work` on a pooled connection that is open, failing in plain words when the
  /// server has not answered within `timeout`.
  package func withOpenConnection<T: Sendable>(
    within timeout: Duration, _ work: @escaping @Sendable (PostgresConnection) async throws -> T
  ) async throws -> T {
    do {
      return try await Deadline.run(within: timeout) { try await self.withOpenConnection(work) }
    } catch is PostgresTimeout {
      throw StoreError.failed("PostgreSQL did not answer within \(timeout)")
    }
  }
}

/// A pooled connection that had closed before its work began: nothing was sent on it.
struct ClosedConnection: Error {}
