import Trellis

/// The limits of a synced key-value store, iCloud's by default: 1 MB in all, 1,024 keys, keys
/// of at most 64 bytes.
///
/// Sizes are UTF-8 bytes: a key's, plus its value's in the store's encoding.
public struct SyncedKeyValueLimits: Hashable, Sendable {
  /// The most bytes of keys and values the store holds.
  public var totalBytes: Int
  /// The most keys the store holds.
  public var keys: Int
  /// The most bytes in one key.
  public var keyBytes: Int

  /// iCloud's key-value store's limits.
  public static let iCloud = SyncedKeyValueLimits(totalBytes: 1_048_576, keys: 1024, keyBytes: 64)

  /// Limits of your own.
  public init(totalBytes: Int, keys: Int, keyBytes: Int) {
    self.totalBytes = totalBytes
    self.keys = keys
    self.keyBytes = keyBytes
  }

  /// The limit that storing `valueBytes` under `key` breaks, when the store's other keys
  /// number `otherKeys` and take `otherBytes`; `nil` when it fits. A removal (`valueBytes`
  /// `nil`) always fits.
  public func violation(key: String, valueBytes: Int?, otherKeys: Int, otherBytes: Int)
    -> SyncedLimitViolation?
  {
    guard let valueBytes else { return nil }
    let length = key.utf8.count
    if length > keyBytes {
      return SyncedLimitViolation(
        key: key, limit: "at most \(keyBytes.groupedDigits) bytes long",
        found: "\(length.groupedDigits) bytes long",
        message: "The setting name '\(key)' is \(length.groupedDigits) bytes long; synced "
          + "settings allow names of at most \(keyBytes.groupedDigits) bytes.")
    }
    if otherKeys + 1 > keys {
      return SyncedLimitViolation(
        key: key, limit: "one of at most \(keys.groupedDigits) settings",
        found: "setting number \((otherKeys + 1).groupedDigits)",
        message: "Cannot add the setting '\(key)': synced settings hold at most "
          + "\(keys.groupedDigits) settings, and \(otherKeys.groupedDigits) are stored.")
    }
    let total = otherBytes + length + valueBytes
    if total > totalBytes {
      return SyncedLimitViolation(
        key: key, limit: "within \(totalBytes.groupedDigits) bytes of settings in all",
        found: "\(total.groupedDigits) bytes in all",
        message: "Cannot save the setting '\(key)': the settings would take "
          + "\(total.groupedDigits) bytes, and synced settings hold at most "
          + "\(totalBytes.groupedDigits) bytes (1 MB) in all.")
    }
    return nil
  }
}
