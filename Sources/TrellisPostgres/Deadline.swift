import Trellis

/// Work that must answer within a time: past it, the caller gets a timeout at once, and the
/// work is cancelled without being waited for (a connection pool waiting for a server that is
/// down may not notice the cancellation for a while).
///
/// The continuation is always resumed outside the lock: resuming takes the waiting task's own
/// lock, which a thread cancelling that task holds while it runs the cancellation handler,
/// and the handler takes this lock.
enum Deadline {
  /// The result of `work`, or ``PostgresTimeout`` when it has not finished within `timeout`.
  static func run<T: Sendable>(
    within timeout: Duration, timer timers: DeadlineTimer = .shared,
    _ work: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    let race = Locked(Race<T>())
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<T, any Error>) in
        race.withLock { $0.continuation = continuation }
        let timer = timers.schedule(after: timeout) {
          let (continuation, worker) = race.withLock { ($0.finish(), $0.worker) }
          continuation?.resume(throwing: PostgresTimeout())
          worker?.cancel()
        }
        let worker = Task {
          let result: Result<T, any Error>
          do { result = .success(try await work()) } catch { result = .failure(error) }
          timers.cancel(timer)
          let continuation = race.withLock { $0.finish() }
          continuation?.resume(with: result)
        }
        // Past the deadline (or cancelled) before the worker was known: it is stopped now.
        let answered = race.withLock { state in
          state.worker = worker
          state.timer = timer
          return state.continuation == nil
        }
        if answered { worker.cancel() }
      }
    } onCancel: {
      let (continuation, worker, timer) = race.withLock { ($0.finish(), $0.worker, $0.timer) }
      continuation?.resume(throwing: CancellationError())
      worker?.cancel()
      if let timer { timers.cancel(timer) }
    }
  }

  /// Who answered first, and what to stop.
  struct Race<T: Sendable>: Sendable {
    var continuation: CheckedContinuation<T, any Error>?
    var worker: Task<Void, Never>?
    /// The deadline's entry in ``DeadlineTimer/shared``.
    var timer: UInt64?

    /// The continuation to answer, unless someone took it already; the caller answers
    /// outside the lock.
    mutating func finish() -> CheckedContinuation<T, any Error>? {
      defer { continuation = nil }
      return continuation
    }
  }
}
