import Trellis

#if os(Linux)
  import Glibc
#endif

/// Prints which ``UIFuzzer`` runs were under way when the process traps, so that a crash can
/// be replayed like any other failure: its target, its seed and its event.
///
/// A trap ends the process, so no report can be returned. Each run keeps its target, seed and
/// current event in a slot of preallocated memory, and the handler of the fatal signals writes
/// the runs in progress to standard error, then lets the previous handler (the runtime's
/// backtrace, say) end the process as it would have. Every run installs it (once per process);
/// on platforms other than Linux it does nothing.
package enum FuzzTrapReport {
  private static let slotCount = 64
  private static let textSize = 512

  /// Each slot's text, written by its run and read by the signal handler.
  private nonisolated(unsafe) static let texts: UnsafeMutablePointer<CChar> = {
    let texts = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * textSize)
    texts.initialize(repeating: 0, count: slotCount * textSize)
    return texts
  }()
  /// Each slot's current event; -2 while the slot is free.
  private nonisolated(unsafe) static let events: UnsafeMutablePointer<Int> = {
    let events = UnsafeMutablePointer<Int>.allocate(capacity: slotCount)
    events.initialize(repeating: -2, count: slotCount)
    return events
  }()
  /// A buffer for the handler's digits.
  private nonisolated(unsafe) static let digits: UnsafeMutablePointer<CChar> = {
    let digits = UnsafeMutablePointer<CChar>.allocate(capacity: 32)
    digits.initialize(repeating: 0, count: 32)
    return digits
  }()
  private static let slots = Locked([Bool](repeating: false, count: 64))
  private static let installed = Locked(false)

  #if os(Linux)
    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
    /// The handlers that were installed before, by signal number.
    private nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
      let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
      previous.initialize(repeating: sigaction(), count: 32)
      return previous
    }()
  #endif

  /// Installs the handler of the fatal signals, once per process.
  package static func install() {
    let first = installed.withLock { installed in
      defer { installed = true }
      return !installed
    }
    guard first else { return }
    // Allocate everything the handler reads before it can run.
    _ = (texts, events, digits)
    #if os(Linux)
      _ = previous
      for signal in signals {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in FuzzTrapReport.report(signal) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, previous + Int(signal))
      }
    #endif
  }

  /// Records that a run of `target` from `seed` starts; returns its slot (-1 when every slot
  /// is taken).
  static func begin(target: String, seed: UInt64) -> Int {
    let slot = slots.withLock { taken -> Int in
      guard let free = taken.firstIndex(of: false) else { return -1 }
      taken[free] = true
      return free
    }
    guard slot >= 0 else { return -1 }
    let text =
      "\nUI fuzzer run in progress when the process crashed: target \"\(target)\", seed \(seed); "
      + "replay with UIFuzzer(seed: \(seed)).run(<\"\(target)\">, events: N + 1), event N = "
    let bytes = Array(text.utf8.prefix(textSize - 1))
    let start = texts + slot * textSize
    for (offset, byte) in bytes.enumerated() { start[offset] = CChar(bitPattern: byte) }
    start[bytes.count] = 0
    events[slot] = -1
    return slot
  }

  /// Records that the run in `slot` plays event `index`.
  static func note(_ slot: Int, event index: Int) {
    if slot >= 0 { events[slot] = index }
  }

  /// Records that the run in `slot` ended.
  static func end(_ slot: Int) {
    guard slot >= 0 else { return }
    events[slot] = -2
    slots.withLock { $0[slot] = false }
  }

  #if os(Linux)
    /// Writes every run in progress, then puts the previous handler back: returning from here
    /// faults again (or, after `abort()`, ends the process), and that handler runs.
    private static func report(_ signal: Int32) {
      for slot in 0..<slotCount where events[slot] != -2 {
        let text = texts + slot * textSize
        _ = write(2, text, strlen(text))
        writeNumber(events[slot])
        _ = write(2, "\n", 1)
      }
      sigaction(signal, previous + Int(signal), nil)
    }

    /// Writes a number without allocating.
    private static func writeNumber(_ number: Int) {
      var value = number < 0 ? -number : number
      var count = 0
      repeat {
        digits[31 - count] = CChar(48 + value % 10)
        value /= 10
        count += 1
      } while value > 0 && count < 30
      if number < 0 {
        digits[31 - count] = CChar(45)
        count += 1
      }
      _ = write(2, digits + 32 - count, count)
    }
  #endif
}
