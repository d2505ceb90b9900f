/// Settings that follow a person from device to device, or from server to server: a key-value
/// store whose writes reach every other copy of it, as iCloud's key-value store does.
///
/// Reads and writes are synchronous and local, like `UserDefaults`: a write is kept at once and
/// sent when the store can; a value another copy wrote arrives later and is reported to
/// ``observe(_:)``'s handlers. Bind a settings screen to ``settings(defaults:)``.
///
/// ```swift
/// let settings = store.settings(defaults: ["username": "", "volume": 50.0])
/// try model.generateSections(for: settings, definition: definition)
/// ```
public protocol SyncedKeyValueStore: AnyObject, Sendable {
  /// The last known value of `key`, or `nil` when no value is stored under it.
  func value(forKey key: String) -> Value?
  /// Stores `value` under `key`, or removes the key when `value` is `nil`.
  ///
  /// - Throws: ``StoreError/refused(_:)`` when the value would break one of the store's limits
  ///   (``limitViolation(setting:forKey:)`` says which); nothing is stored then.
  func set(_ value: Value?, forKey key: String) throws(StoreError)
  /// Every key and its last known value.
  var values: [String: Value] { get }
  /// Whether the store reaches the others, and how many writes wait to be sent.
  var status: SyncedStoreStatus { get }
  /// The limit writing `value` under `key` would break, or `nil` when it fits.
  func limitViolation(setting value: Value?, forKey key: String) -> SyncedLimitViolation?
  /// Calls `handler` with every change of the values: this copy's writes and the others'.
  func observe(_ handler: @escaping @Sendable (SyncedKeyValueChange) -> Void) -> ObservationToken
  /// Calls `handler` with every change of ``status``.
  func observeStatus(_ handler: @escaping @Sendable (SyncedStoreStatus) -> Void)
    -> ObservationToken
}

extension SyncedKeyValueStore {
  /// Removes `key`.
  public func removeValue(forKey key: String) throws(StoreError) {
    try set(nil, forKey: key)
  }

  /// The settings object over this store: each property is a key, starting at the value in
  /// `defaults` (which also gives its type). Rows bound to it update when another copy writes.
  public func settings(defaults initial: ValueDictionary) -> SyncedSettingsObject {
    SyncedSettingsObject(store: self, initial: initial)
  }
}

/// Keys whose values changed, and why.
public struct SyncedKeyValueChange: Hashable, Sendable {
  /// Why values changed.
  public enum Reason: Hashable, Sendable {
    /// This copy wrote them.
    case local
    /// Another copy (another server, another device) wrote them.
    case external
    /// The store fetched every value: when it first connects, and after reconnecting.
    case initialSync
    /// The store refused a write it had kept while offline (a limit another copy's writes
    /// reached first): the key is back to the stored value. The message says why.
    case refused(String)
  }

  /// The keys that changed.
  public var keys: Set<String>
  /// Why they changed.
  public var reason: Reason

  /// A change of `keys`.
  public init(keys: Set<String>, reason: Reason) {
    self.keys = keys
    self.reason = reason
  }
}

/// Whether a synced store reaches the others, and how many of its writes wait to be sent.
public struct SyncedStoreStatus: Hashable, Sendable, CustomStringConvertible {
  /// The state of the store's connection.
  public enum Connection: Hashable, Sendable {
    /// The store has not connected yet.
    case connecting
    /// Writes are sent at once, and other copies' writes arrive live.
    case connected
    /// The connection was lost; the store is connecting again.
    case reconnecting
    /// The store cannot connect; it keeps trying, and writes wait.
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
