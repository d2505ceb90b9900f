import Foundation
import PostgresNIO
import Trellis

/// One try of an operation, and whether a failed one may be tried again: only when it failed
/// before it could have changed anything (a read, or a write whose transaction never got as
/// far as its first statement), because the connection was gone.
extension PostgresStore {
  /// How many connections an operation tries when the ones before were closed: more than a
  /// pool holds after a restart, so that it reaches a fresh one.
  static let triesOnClosedConnections = 25

  /// Runs `work` on a pooled connection, in a transaction when `transaction`.
  func attempt<T: Sendable>(
    transaction: Bool, _ work: @escaping @Sendable (PostgresConnection) async throws -> T
  ) async throws -> T {
    try await client.withOpenConnection { connection in
      do { try await self.prepareSchema(connection) } catch {
        throw Self.isConnectionLost(error) ? NothingWritten(cause: error) : error
      }
      guard transaction else { return try await work(connection) }
      return try await connection.withTransaction(logger: self.logger) { connection in
        // The trigger names this store as the writer, so that it skips its own.
        var origin = PostgresStatement("SELECT set_config('trellis.origin', ")
        origin.bind(self.origin)
        origin.append(", true)")
        do { try await connection.query(origin.query, logger: self.logger) } catch {
          throw Self.isConnectionLost(error) ? NothingWritten(cause: error) : error
        }
        return try await work(connection)
      }
    }
  }

  /// Whether `error` says that nothing was done, so that the operation may run again.
  static func isSafeToRetry(_ error: any Error, transaction: Bool) -> Bool {
    if error is NothingWritten || error is ClosedConnection { return true }
    if let failed = error as? PostgresTransactionError {
      if let begin = failed.beginError, failed.closureError == nil {
        return isConnectionLost(begin)
      }
      return failed.closureError is NothingWritten
    }
    return !transaction && isConnectionLost(error)
  }

  /// Whether a transaction that failed with `error` may still have committed: its
  /// connection closed once it had begun, before its answer arrived.
  static func mayHaveCommitted(_ error: any Error) -> Bool {
    if error is PostgresTimeout { return true }
    guard !isSafeToRetry(error, transaction: true) else { return false }
    if let failed = error as? PostgresTransactionError {
      return [failed.closureError, failed.commitError].contains {
        $0.map(isConnectionLost) ?? false
      }
    }
    return isConnectionLost(error)
  }

  /// Whether `error` is a connection that closed (the server restarted or went away).
  static func isConnectionLost(_ error: any Error) -> Bool {
    guard let error = error as? PSQLError else { return false }
    switch error.code {
    case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .connectionError:
      return true
    default:
      // 57P01–57P03: the server is shutting down or starting.
      return error.serverInfo?[.sqlState]?.hasPrefix("57P") ?? false
    }
  }
}

/// A failure before the operation's first statement ran: nothing was written.
struct NothingWritten: Error {
  let cause: any Error
}
