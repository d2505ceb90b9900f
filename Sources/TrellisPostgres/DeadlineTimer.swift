import Trellis

/// One timer for every ``Deadline`` under way, so that a query's deadline costs a table
/// entry rather than a task of its own and a system timer made and cancelled per query.
///
/// While any deadline is pending, one task wakes at the earliest of them, at most every
/// ``tick``, and expires those that are due; with none pending it ends, and the next deadline
/// starts it again. A deadline may so expire up to one tick late.
final class DeadlineTimer: Sendable {
  /// The timer every deadline of the process shares.
  static let shared = DeadlineTimer()

  /// The longest the timer sleeps while deadlines are pending: how late one may expire.
  static let tick = Duration.milliseconds(20)

  private struct Entry: Sendable {
    let due: ContinuousClock.Instant
    let expire: @Sendable () -> Void
  }

  private struct State: Sendable {
    var entries: [UInt64: Entry] = [:]
    var nextID: UInt64 = 0
    /// Whether the task that expires deadlines is running.
    var running = false
  }

  private let state = Locked(State())

  /// Calls `expire` once `duration` has passed, unless ``cancel(_:)`` is called first with the
  /// number returned.
  func schedule(after duration: Duration, _ expire: @escaping @Sendable () -> Void) -> UInt64 {
    let due = ContinuousClock.now + duration
    let (id, starts) = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.entries[id] = Entry(due: due, expire: expire)
      defer { state.running = true }
      return (id, !state.running)
    }
    if starts { Task.detached { await self.run() } }
    return id
  }

  /// Forgets a deadline that is no longer needed (its work finished).
  func cancel(_ id: UInt64) {
    state.withLock { _ = $0.entries.removeValue(forKey: id) }
  }

  /// How many deadlines are pending.
  var pendingCount: Int { state.withLock { $0.entries.count } }

  /// Expires the deadlines that are due, until none is pending.
  private func run() async {
    while true {
      let now = ContinuousClock.now
      let (due, earliest) = state.withLock { state -> ([Entry], ContinuousClock.Instant?) in
        var due: [Entry] = []
        var earliest: ContinuousClock.Instant?
        for (id, entry) in state.entries {
          if entry.due <= now {
            due.append(entry)
            state.entries.removeValue(forKey: id)
          } else {
            earliest = Swift.min(earliest ?? entry.due, entry.due)
          }
        }
        if earliest == nil { state.running = false }
        return (due, earliest)
      }
      for entry in due { entry.expire() }
      guard let earliest else { return }
      try? await Task.sleep(until: Swift.min(earliest, now + Self.tick), clock: .continuous)
    }
  }
}
