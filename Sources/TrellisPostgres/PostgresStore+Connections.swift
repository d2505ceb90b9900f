import Foundation
import Logging
import PostgresNIO
import Trellis

extension PostgresStore {
  /// The connection that listens, while the task that takes its notifications reads what
  /// they name.
  @TaskLocal static var listeningConnection: PostgresConnection?

  /// Runs `work` on a pooled connection (in a transaction when `transaction`), after making
  /// sure the table exists; fails when the server has not answered within ``timeout``. A
  /// write that `takesOrderLock` waits its turn among those (``writeLimit``) before it takes a
  /// connection.
  func perform<T: Sendable>(
    transaction: Bool = false, takesOrderLock: Bool = false,
    _ work: @escaping @Sendable (PostgresConnection) async throws -> T
  ) async throws(StoreError) -> T {
    if !transaction, let connection = Self.listeningConnection {
      // A notification's reads: on the connection that listens, never queued behind the
      // writes that wait for the pool's connections (and the order's lock).
      do {
        return try await Deadline.run(within: timeout) { try await work(connection) }
      } catch {
        throw storeError(error)
      }
    }
    do {
      return try await Deadline.run(within: timeout) {
        // The pool may hand out connections the server has closed (it restarted), one
        // after another: while nothing was done on them, the work moves to the next.
        let attempts = { @Sendable () async throws -> T in
          var tries = 1
          while true {
            do { return try await self.attempt(transaction: transaction, work) } catch
              where tries < Self.triesOnClosedConnections
              && Self.isSafeToRetry(error, transaction: transaction)
            {
              tries += 1
            }
          }
        }
        return try await takesOrderLock ? self.writeLimit.run(attempts) : attempts()
      }
    } catch {
      // A write whose connection closed after it began may have committed, and its own
      // notification is skipped: the lists read again rather than miss it.
      if transaction, Self.mayHaveCommitted(error) { observers.notify(.reset) }
      throw storeError(error)
    }
  }

  /// The constant a new column's existing rows get: the kind's zero (no value of anyone's).
  static func zeroLiteral(_ kind: PostgresColumn.Kind) -> String {
    switch kind {
    case .text: "''"
    case .integer, .double: "0"
    case .bool: "false"
    case .date: "'epoch'"
    case .bytes: "'\\x'"
    }
  }
}

/// The server did not answer in time.
struct PostgresTimeout: Error {}
