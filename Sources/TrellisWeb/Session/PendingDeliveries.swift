import Trellis

/// The sessions with changes to deliver, and when the next delivery pass runs; safe from any
/// thread, since models report changes from whatever thread made them.
///
/// Passes are at least ``interval`` apart: the changes that arrive meanwhile wait for the
/// next pass and go in it together.
final class PendingDeliveries: Sendable {
  private struct State {
    var ids: Set<String> = []
    var scheduled = false
    /// When the last pass took the sessions.
    var lastPass = ContinuousClock.now - .seconds(3600)
  }

  /// The least time between two passes.
  let interval: Duration
  private let state = Locked(State())

  init(interval: Duration = .zero) {
    self.interval = interval
  }

  /// Adds session `id`. When no pass was scheduled, returns when the next one is due, for the
  /// caller to schedule it; `nil` when one is already scheduled.
  func add(_ id: String) -> ContinuousClock.Instant? {
    state.withLock { state in
      state.ids.insert(id)
      guard !state.scheduled else { return nil }
      state.scheduled = true
      return state.lastPass + interval
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
        state.lastPass = .now
      }
      return state.ids
    }
  }
}
