extension AsyncStoreCache {
  /// How long a list waits before it reads again after one load failed.
  static let firstRetryDelay = Duration.seconds(1)
  /// The longest a list waits before it reads again, however many loads failed in a row.
  static let longestRetryDelay = Duration.seconds(30)

  /// How long a list waits after `failures` loads failed in a row: the first delay, doubled
  /// for each failure after the first, up to the longest.
  package static func retryDelay(afterFailures failures: Int) -> Duration {
    let doublings = Swift.min(Swift.max(failures - 1, 0), 5)
    return Swift.min(firstRetryDelay * (1 << doublings), longestRetryDelay)
  }

  /// Keeps count of the loads that failed in a row, and reads again later after one whose
  /// error may pass (a timeout, a lost connection, a server's 500).
  ///
  /// A list whose load failed would otherwise show "Could not load" until someone taps it,
  /// while the store answers again and the other windows show its items. A refusal (no
  /// access, an unsupported query) is not tried again: it would fail the same way.
  func noteOutcome(of arrival: Arrival) {
    switch arrival {
    case .page:
      state.withLock { $0.failedLoadsInARow = 0 }
    case .failed(.failed, let load, let generation):
      let failures: Int = state.withLock { state in
        guard state.generation == generation else { return 0 }
        state.failedLoadsInARow += 1
        return state.failedLoadsInARow
      }
      guard failures > 0 else { return }
      let delay = Self.retryDelay(afterFailures: failures)
      Task { [weak self] in
        try? await Task.sleep(for: delay)
        self?.retry(load, ifNothingLoadedSince: generation)
      }
    default:
      break
    }
  }

  /// Runs `load` again unless another load started after the one that failed (a tap on the
  /// error row, a new search, a refresh when the store's link came back).
  private func retry(_ load: Load, ifNothingLoadedSince generation: Int) {
    let unchanged = state.withLock { $0.generation == generation }
    if unchanged { self.load(load) }
  }
}
