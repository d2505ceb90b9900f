import Foundation
import Trellis

/// Telling the lists about one row in the order its changes committed, whichever task gets
/// there first: a write's report and a delete's are made one at a time, and a report about a
/// row whose delete was reported already is dropped (a late move or insert must not bring a
/// deleted row back into a list).
extension PostgresStore {
  /// Tells the lists about `change` to `object`, row `id`'s object, unless the row's delete
  /// was reported meanwhile.
  func report(_ change: StoreChange, about object: AnyObject, row id: Int64) {
    reporting.withLock { _ in
      guard state.withLock({ $0.objects[id] === object }) else { return }
      observers.notify(change)
    }
  }

  /// Forgets the object of a deleted row with `forget` (which returns the change to report,
  /// if any), and reports it, as one step against ``report(_:about:row:)``.
  @discardableResult
  func reportDeletion(_ forget: () -> StoreChange?) -> StoreChange? {
    reporting.withLock { _ in
      let change = forget()
      if let change { observers.notify(change) }
      return change
    }
  }
}
