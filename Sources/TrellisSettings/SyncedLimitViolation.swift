import Trellis

/// A write a synced store refuses: the key, the limit and what was found.
public struct SyncedLimitViolation: Error, Hashable, Sendable, CustomStringConvertible {
  /// The key written.
  public var key: String
  /// The limit, as the end of "must be …": "at most 64 bytes long".
  public var limit: String
  /// What was found, as the end of "not …": "70 bytes long".
  public var found: String
  /// The whole sentence, naming the key, the limit and the size found.
  public var message: String

  public var description: String { message }
}
