import Foundation

/// The identities of the rows an ``ArrayOfObjectsSection`` shows, for as long as they follow the
/// store's own order: what its store observer reads, from any thread, to re-render only the row
/// of an item updated in place.
final class StoreOrderIdentities: @unchecked Sendable {
  private let lock = NSLock()
  private var ids: [RowID]?

  /// Sets the identities, by store position; `nil` when the rows do not follow the store's order.
  func set(_ ids: [RowID]?) {
    lock.withLock { self.ids = ids }
  }

  /// The identity of the row showing the store's item at `index`, if known.
  func id(at index: Int) -> RowID? {
    lock.withLock {
      guard let ids, ids.indices.contains(index) else { return nil }
      return ids[index]
    }
  }
}
