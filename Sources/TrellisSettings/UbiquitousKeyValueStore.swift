import Trellis

#if canImport(Foundation) && (os(iOS) || os(macOS) || os(tvOS) || os(visionOS))
  import Foundation

  /// iCloud's key-value store (`NSUbiquitousKeyValueStore.default`) as a
  /// ``SyncedKeyValueStore``: the same settings objects bind to it as to a synced store on a
  /// server.
  ///
  /// iCloud keeps the limits and the last-writer-wins rule itself; its changes from other
  /// devices arrive through `didChangeExternallyNotification` and are passed on to observers.
  /// The status is always connected: iCloud does not say when it is offline, and queues writes
  /// itself.
  public final class UbiquitousKeyValueStore: SyncedKeyValueStore {
    private let changes = ObserverList<SyncedKeyValueChange>()
    private let notification = Locked<(any NSObjectProtocol)?>(nil)

    /// Starts following iCloud's changes, and asks it to fetch the latest values.
    public init() {
      let changes = changes
      let token = NotificationCenter.default.addObserver(
        forName: NSUbiquitousKeyValueStore.didChangeExternallyNotification,
        object: NSUbiquitousKeyValueStore.default, queue: nil
      ) { note in
        let keys = note.userInfo?[NSUbiquitousKeyValueStoreChangedKeysKey] as? [String] ?? []
        let reason =
          switch note.userInfo?[NSUbiquitousKeyValueStoreChangeReasonKey] as? Int ?? -1 {
          case NSUbiquitousKeyValueStoreInitialSyncChange: SyncedKeyValueChange.Reason.initialSync
          case NSUbiquitousKeyValueStoreQuotaViolationChange:
            SyncedKeyValueChange.Reason.refused("iCloud's key-value storage is full")
          default: SyncedKeyValueChange.Reason.external
          }
        changes.notify(SyncedKeyValueChange(keys: Set(keys), reason: reason))
      }
      notification.withLock { $0 = token }
      NSUbiquitousKeyValueStore.default.synchronize()
    }

    deinit {
      if let token = notification.withLock({ $0 }) {
        NotificationCenter.default.removeObserver(token)
      }
    }

    public func value(forKey key: String) -> Value? {
      NSUbiquitousKeyValueStore.default.object(forKey: key).map { PropertyListValue.value($0) }
    }

    public func set(_ value: Value?, forKey key: String) throws(StoreError) {
      if let violation = limitViolation(setting: value, forKey: key) {
        throw .refused(violation.message)
      }
      if let object = value.flatMap(PropertyListValue.object) {
        NSUbiquitousKeyValueStore.default.set(object, forKey: key)
      } else {
        NSUbiquitousKeyValueStore.default.removeObject(forKey: key)
      }
      changes.notify(SyncedKeyValueChange(keys: [key], reason: .local))
    }

    public var values: [String: Value] {
      NSUbiquitousKeyValueStore.default.dictionaryRepresentation.mapValues {
        PropertyListValue.value($0)
      }
    }

    public var status: SyncedStoreStatus { SyncedStoreStatus(connection: .connected) }

    /// Only the key's length is checked here; iCloud measures sizes itself, and reports a full
    /// store as a ``SyncedKeyValueChange/Reason/refused(_:)`` change.
    public func limitViolation(setting value: Value?, forKey key: String)
      -> SyncedLimitViolation?
    {
      SyncedKeyValueLimits.iCloud.violation(
        key: key, valueBytes: value == nil ? nil : 0, otherKeys: 0, otherBytes: 0)
    }

    public func observe(_ handler: @escaping @Sendable (SyncedKeyValueChange) -> Void)
      -> ObservationToken
    {
      changes.add(handler)
    }

    public func observeStatus(_ handler: @escaping @Sendable (SyncedStoreStatus) -> Void)
      -> ObservationToken
    {
      ObservationToken {}
    }
  }
#endif
