import Synchronization

/// A signal that something a test waits for may have changed on another thread: a page
/// arrived, a write finished, a store or its link reported.
///
/// A test waits on it instead of polling. It hands ``wake()`` to whatever reports the change
/// (a store's `observe`, `observeLink` or `observeStatus`), then awaits the condition with
/// ``until(within:_:)``, which checks it again at each wake:
///
/// ```swift
/// let wakes = WakeSignal()
/// let token = store.observe { _ in wakes.wake() }
/// defer { token.cancel() }
/// try await writer.update(item, values: ["name": "Anna"])
/// #expect(await wakes.until { names(store) == ["Anna"] })
/// ```
///
/// ``HeadlessApp/settle(timeout:)`` awaits the one its models wake. A wake that comes while
/// nobody waits is kept, so that one that lands between a check and the wait is not missed.
public final class WakeSignal: Sendable {
  private struct State {
    var pending = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// A signal nobody has woken yet.
  public init() {}

  /// Wakes every waiter, or keeps the wake for the next one when nobody waits.
  public func wake() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      if state.waiters.isEmpty { state.pending = true }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns at the next wake (at once after one kept), or after `limit`, whichever comes
  /// first: the limit only bounds a wait for work that finishes without waking anyone.
  ///
  /// Several tasks may wait at once; a wake, or one waiter's limit, returns them all, and each
  /// checks its condition again.
  public func wait(atMost limit: Duration) async {
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
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// Waits until `condition` holds, checking it now and after each wake, for at most
  /// `timeout`; whether it came to hold.
  ///
  /// The condition is checked only when something woke the signal: whatever changes what it
  /// reads must call ``wake()``. The timeout only ends a wait for something that never came.
  public func until(
    within timeout: Duration = .seconds(30), _ condition: () -> Bool
  ) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
      let left = deadline - clock.now
      guard left > .zero else { return false }
      await wait(atMost: left)
    }
    return true
  }
}
