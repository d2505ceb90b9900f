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
        key: key, limit: "at most \(Self.grouped(keyBytes)) bytes long",
        found: "\(Self.grouped(length)) bytes long",
        message: "The setting name '\(key)' is \(Self.grouped(length)) bytes long; synced "
          + "settings allow names of at most \(Self.grouped(keyBytes)) bytes.")
    }
    if otherKeys + 1 > keys {
      return SyncedLimitViolation(
        key: key, limit: "one of at most \(Self.grouped(keys)) settings",
        found: "setting number \(Self.grouped(otherKeys + 1))",
        message: "Cannot add the setting '\(key)': synced settings hold at most "
          + "\(Self.grouped(keys)) settings, and \(Self.grouped(otherKeys)) are stored.")
    }
    let total = otherBytes + length + valueBytes
    if total > totalBytes {
      return SyncedLimitViolation(
        key: key, limit: "within \(Self.grouped(totalBytes)) bytes of settings in all",
        found: "\(Self.grouped(total)) bytes in all",
        message: "Cannot save the setting '\(key)': the settings would take "
          + "\(Self.grouped(total)) bytes, and synced settings hold at most "
          + "\(Self.grouped(totalBytes)) bytes (1 MB) in all.")
    }
    return nil
  }

  /// `number` with thousands separated by commas: 1,048,576.
  static func grouped(_ number: Int) -> String {
    var digits = String(number.magnitude)
    var index = digits.endIndex
    while digits.distance(from: digits.startIndex, to: index) > 3 {
      index = digits.index(index, offsetBy: -3)
      digits.insert(",", at: index)
    }
    return number < 0 ? "-" + digits : digits
  }
}
