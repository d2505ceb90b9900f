import Trellis

/// This store's own inserts and moves, reported in the order they committed among other
/// servers' changes.
///
/// Lists place a row where the store reads it to be when it reports the change, which keeps
/// them right as long as changes are reported in the order they committed. A write reports
/// itself when its transaction returns, and by then the listening task may have taken
/// notifications of later commits, each placed against this write's new order: reported
/// late, the write would put its row back against an older order, and nothing after would
/// correct it. So a write reports itself only if no notification was taken since it began;
/// otherwise its own notification, which comes in commit order, reports it.
extension PostgresStore {
  /// Who reports one of this store's own inserts or moves.
  enum OwnWrite {
    /// The write did, before any notification came: its own notification says nothing more.
    case reportedByWrite
    /// Notifications came while it ran: its own notification reports it.
    case leftToNotification
    /// Its own notification came first and reported it: the write says nothing.
    case reportedByNotification
  }

  /// How many own writes are remembered at most: one whose notification never comes (its
  /// connection dropped as it committed) is forgotten with the rest when there are more.
  static let ownWritesKept = 1024

  /// How many notifications have been taken: a write reads it before its transaction.
  package var noticesTaken: Int { state.withLock { $0.noticesTaken } }

  /// Reports `change`, this store's own write of row `id` (whose object is `object`), unless
  /// a notification was taken since `taken`: then the write's own notification reports it.
  func reportOwn(_ change: StoreChange, about object: AnyObject, row id: Int64, taken: Int) {
    reporting.withLock { _ in
      let reports: Bool = state.withLock { state in
        if state.ownWrites.count > Self.ownWritesKept { state.ownWrites = [:] }
        if state.ownWrites[id] == .reportedByNotification {
          state.ownWrites[id] = nil
          return false
        }
        guard state.noticesTaken == taken else {
          state.ownWrites[id] = .leftToNotification
          return false
        }
        state.ownWrites[id] = .reportedByWrite
        return state.objects[id] === object
      }
      if reports { observers.notify(change) }
    }
  }

  /// Takes the notification of this store's own insert or move of row `id`: reports where the
  /// row is now, unless its write reported it before any later notification was taken.
  func receiveOwn(_ op: String, row id: Int64) async {
    let (write, object): (OwnWrite?, AnyObject?) = state.withLock { state in
      let write = state.ownWrites.removeValue(forKey: id)
      if write == nil { state.ownWrites[id] = .reportedByNotification }
      return (write, state.objects[id])
    }
    guard write != .reportedByWrite, let object else { return }
    await reportPlace(of: object, row: id, inserted: op == "INSERT")
  }
}
