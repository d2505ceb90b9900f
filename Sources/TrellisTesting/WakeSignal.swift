import Synchronization

/// What a headless app's models call when something they show changed on another thread (a
/// page arrived, a write finished, a store reported): ``HeadlessApp/settle(timeout:)`` awaits
/// it instead of polling.
///
/// A wake that comes while nobody waits is kept, so that one that lands between a check and
/// the wait is not missed.
final class WakeSignal: Sendable {
  private struct State {
    var pending = false
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Mutex(State())

  /// Wakes the waiter, or keeps the wake for the next one.
  func wake() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard let waiter = state.waiter else {
        state.pending = true
        return nil
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume()
  }

  /// Returns at the next wake (at once after one kept), or after `limit`, whichever comes
  /// first: the limit only bounds a wait for work that finishes without waking anyone.
  func wait(atMost limit: Duration) async {
    let timer = Task { [weak self] in
      do { try await Task.sleep(for: limit) } catch { return }
      self?.wake()
    }
    defer { timer.cancel() }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow = state.withLock { state -> Bool in
        if state.pending {
          state.pending = false
          return true
        }
        state.waiter = continuation
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }
}
