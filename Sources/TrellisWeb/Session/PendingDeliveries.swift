import Trellis

/// The sessions with changes to deliver, and whether a delivery pass is scheduled; safe from
/// any thread, since models report changes from whatever thread made them.
final class PendingDeliveries: Sendable {
  private struct State {
    var ids: Set<String> = []
    var scheduled = false
  }

  private let state = Locked(State())

  /// Adds session `id`; true when no pass was scheduled, so that the caller schedules one.
  func add(_ id: String) -> Bool {
    state.withLock { state in
      state.ids.insert(id)
      guard !state.scheduled else { return false }
      state.scheduled = true
      return true
    }
  }

  /// Forgets session `id` (it was brought up to date, or closed).
  func remove(_ id: String) {
    _ = state.withLock { $0.ids.remove(id) }
  }

  /// Takes every pending session; changes from now on schedule the next pass.
  func take() -> Set<String> {
    state.withLock { state in
      defer {
        state.ids = []
        state.scheduled = false
      }
      return state.ids
    }
  }
}
