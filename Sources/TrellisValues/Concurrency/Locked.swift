import Synchronization

/// A value behind a lock: the one place Trellis shares mutable state between threads.
///
/// Every class that is shared between isolation domains keeps its mutable state in one
/// `Locked` and touches it only inside ``withLock(_:)``, so the compiler checks the class's
/// `Sendable` conformance instead of taking it on trust. The state is `Sendable`, and so is what
/// a body returns: whatever leaves the lock may travel to any thread. State that is not
/// `Sendable` goes in ``UncheckedLocked``, whose name says that its user vouches for it.
package final class Locked<State: Sendable>: Sendable {
  private let mutex: Mutex<State>

  /// Guards `state`.
  package init(_ state: State) {
    mutex = Mutex(state)
  }

  /// Runs `body` with the state, holding the lock; `body` must not call back into this lock.
  package func withLock<Result: Sendable, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    #if TRELLIS_TSAN
      let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    #endif
    return try mutex.withLock { (state: inout sending State) throws(Failure) -> sending Result in
      #if TRELLIS_TSAN
        threadSanitizerAcquire(address)
        defer { threadSanitizerRelease(address) }
      #endif
      return try body(&state)
    }
  }
}
