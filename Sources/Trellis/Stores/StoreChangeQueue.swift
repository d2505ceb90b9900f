/// The store changes a section was told about, from whatever thread made them, until the
/// section takes them on its model's domain.
final class StoreChangeQueue: Sendable {
  private let changes = Locked<[StoreChange]>([])

  /// Adds a change reported by a store.
  func append(_ change: StoreChange) {
    changes.withLock { $0.append(change) }
  }

  /// Takes every change reported so far, oldest first.
  func take() -> [StoreChange] {
    changes.withLock { changes in
      defer { changes = [] }
      return changes
    }
  }
}
