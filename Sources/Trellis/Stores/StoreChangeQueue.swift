/// The store changes a section was told about, from whatever thread made them, until the
/// section takes them on its model's domain.
final class StoreChangeQueue: Sendable {
  private struct State {
    var changes: [StoreChange] = []
    /// When each object the store reported updated was last reported, on the clock of
    /// ``SharedItemObservation``: a row of it shared by other models must be newer.
    var updatedAt: [ObjectIdentifier: Int] = [:]
  }

  private let state = Locked(State())

  /// Adds a change reported by a store.
  func append(_ change: StoreChange) {
    var stamp: (ObjectIdentifier, Int)?
    if case .updated(.object(let ref)) = change {
      stamp = (ObjectIdentifier(ref.object), SharedItemObservation.shared.tick())
    }
    state.withLock { state in
      state.changes.append(change)
      if let (object, time) = stamp { state.updatedAt[object] = time }
    }
  }

  /// Takes every change reported so far, oldest first, and when each updated object was
  /// last reported.
  func take() -> (changes: [StoreChange], updatedAt: [ObjectIdentifier: Int]) {
    state.withLock { state in
      defer { state = State() }
      return (state.changes, state.updatedAt)
    }
  }
}
