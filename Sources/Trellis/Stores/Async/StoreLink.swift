/// Whether a store hears about changes made elsewhere: another server's writes to the same
/// database, say.
///
/// A list over a store that reports its link (``AsyncDataStore/observeLink(_:)``) shows a row
/// saying so while the link is down, and reads its items again when the link is back, since
/// it may have missed changes meanwhile.
public enum StoreLink: Hashable, Sendable {
  /// Changes made elsewhere arrive as they happen.
  case live
  /// The link is down and the store is trying again; the message says why, in words a
  /// person reads.
  case reconnecting(String)

  /// The words a list shows while the link is down; `nil` when it is live.
  public var message: String? {
    switch self {
    case .live: nil
    case .reconnecting(let reason): reason
    }
  }
}
