import Trellis

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
