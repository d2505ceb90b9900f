import Foundation

/// The store changes a section was told about, from whatever thread made them, until the
/// section takes them on its model's domain.
final class StoreChangeQueue: @unchecked Sendable {
  private let lock = NSLock()
  private var changes: [StoreChange] = []

  /// Adds a change reported by a store.
  func append(_ change: StoreChange) {
    lock.withLock { changes.append(change) }
  }

  /// Takes every change reported so far, oldest first.
  func take() -> [StoreChange] {
    lock.withLock {
      defer { changes = [] }
      return changes
    }
  }
}
