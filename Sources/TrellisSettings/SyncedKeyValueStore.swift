import Trellis

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
