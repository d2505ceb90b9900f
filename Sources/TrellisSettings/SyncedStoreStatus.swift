import Trellis

/// Whether a synced store reaches the others, and how many of its writes wait to be sent.
public struct SyncedStoreStatus: Hashable, Sendable, CustomStringConvertible {
  /// The state of the store's connection.
  public enum Connection: Hashable, Sendable {
    /// The store is connecting for the first time since it started.
    case connecting
    /// Writes are sent at once, and other copies' writes arrive live.
    case connected
    /// The connection was lost; the store is connecting again.
    case reconnecting
    /// The store cannot connect, or is not started; while started it keeps trying. Writes
    /// wait.
    case offline
  }

  /// The state of the connection.
  public var connection: Connection
  /// How many writes wait to be sent.
  public var waitingChanges: Int

  /// A status.
  public init(connection: Connection, waitingChanges: Int = 0) {
    self.connection = connection
    self.waitingChanges = waitingChanges
  }

  /// What a screen says: "Connected", "Offline — 2 changes waiting".
  public var description: String {
    let state =
      switch connection {
      case .connecting: "Connecting"
      case .connected: "Connected"
      case .reconnecting: "Reconnecting"
      case .offline: "Offline"
      }
    switch waitingChanges {
    case 0: return state
    case 1: return state + " — 1 change waiting"
    default: return state + " — \(waitingChanges) changes waiting"
    }
  }
}
