import Foundation

/// The sessions with changes to deliver, and whether a delivery pass is scheduled; safe from
/// any thread, since models report changes from whatever thread made them.
final class PendingDeliveries: @unchecked Sendable {
  private let lock = NSLock()
  private var ids: Set<String> = []
  private var scheduled = false

  /// Adds session `id`; true when no pass was scheduled, so that the caller schedules one.
  func add(_ id: String) -> Bool {
    lock.withLock {
      ids.insert(id)
      guard !scheduled else { return false }
      scheduled = true
      return true
    }
  }

  /// Forgets session `id` (it was brought up to date, or closed).
  func remove(_ id: String) {
    _ = lock.withLock { ids.remove(id) }
  }

  /// Takes every pending session; changes from now on schedule the next pass.
  func take() -> Set<String> {
    lock.withLock {
      defer {
        ids = []
        scheduled = false
      }
      return ids
    }
  }
}
