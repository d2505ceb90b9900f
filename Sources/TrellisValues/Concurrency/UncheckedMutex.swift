import Synchronization

/// A `Mutex` over state that is not `Sendable`, held inline in its owner: the lock of
/// ``UncheckedLocked``, and of objects a store makes one per row (``ObjectFault``), which so
/// allocate no lock of their own.
///
/// As with ``UncheckedLocked``, the compiler cannot check what leaves the lock; every owner
/// says why sharing it is sound.
package struct UncheckedMutex<State>: ~Copyable, Sendable {
  private let mutex: Mutex<State>

  /// Guards `state`.
  package init(_ state: State) {
    // Unchecked, as this type says: the state may share objects with its owner's domain.
    nonisolated(unsafe) let state = state
    mutex = Mutex(state)
  }

  /// Runs `body` with the state, holding the lock; `body` must not call back into this lock.
  package borrowing func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    #if TRELLIS_TSAN
      let address = withUnsafePointer(to: self) { UnsafeRawPointer($0) }
    #endif
    return try mutex.withLock { (held: inout sending State) throws(Failure) -> sending Result in
      // Unchecked, as this type says: the result may share state with what the lock guards,
      // and is the owner's to keep on one domain.
      #if TRELLIS_TSAN
        threadSanitizerAcquire(address)
        defer { threadSanitizerRelease(address) }
      #endif
      nonisolated(unsafe) let result = try body(&held)
      return result
    }
  }
}
