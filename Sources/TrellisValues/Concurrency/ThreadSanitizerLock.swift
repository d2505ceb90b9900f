#if TRELLIS_TSAN
  // `Mutex` locks with atomics and futexes in a library ThreadSanitizer does not instrument,
  // so it cannot see that two accesses under the same lock are ordered, and reports every one
  // of them as a race. A build for ThreadSanitizer (`-Xswiftc -DTRELLIS_TSAN
  // --sanitize=thread`) tells it: taking a lock acquires the lock's address, and leaving it
  // releases that address. The address is the lock's, never the state's, which
  // ThreadSanitizer would count as one more access to the state. Every other build compiles
  // none of this.

  @_silgen_name("__tsan_acquire")
  private func tsanAcquire(_ address: UnsafeMutableRawPointer)

  @_silgen_name("__tsan_release")
  private func tsanRelease(_ address: UnsafeMutableRawPointer)

  /// Tells ThreadSanitizer that the lock at `address` was just taken.
  @inline(__always)
  func threadSanitizerAcquire(_ address: UnsafeRawPointer) {
    tsanAcquire(UnsafeMutableRawPointer(mutating: address))
  }

  /// Tells ThreadSanitizer that the lock at `address` is about to be left.
  @inline(__always)
  func threadSanitizerRelease(_ address: UnsafeRawPointer) {
    tsanRelease(UnsafeMutableRawPointer(mutating: address))
  }
#endif
