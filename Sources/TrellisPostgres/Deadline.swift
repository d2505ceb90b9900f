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
    within timeout: Duration, _ work: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    let race = Locked(Race<T>())
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<T, any Error>) in
        race.withLock { $0.continuation = continuation }
        let worker = Task {
          let result: Result<T, any Error>
          do { result = .success(try await work()) } catch { result = .failure(error) }
          let (continuation, timer) = race.withLock { $0.finish() }
          continuation?.resume(with: result)
          timer?.cancel()
        }
        let timer = Task {
          try? await Task.sleep(for: timeout)
          guard !Task.isCancelled else { return }
          let (continuation, _) = race.withLock { $0.finish() }
          continuation?.resume(throwing: PostgresTimeout())
          worker.cancel()
        }
        race.withLock { state in
          state.worker = worker
          state.timer = timer
        }
      }
    } onCancel: {
      let (continuation, worker, timer) = race.withLock { state in
        let (continuation, timer) = state.finish()
        return (continuation, state.worker, timer)
      }
      continuation?.resume(throwing: CancellationError())
      worker?.cancel()
      timer?.cancel()
    }
  }

  /// Who answered first, and the tasks to stop.
  struct Race<T: Sendable>: Sendable {
    var continuation: CheckedContinuation<T, any Error>?
    var worker: Task<Void, Never>?
    var timer: Task<Void, Never>?

    /// The continuation to answer, unless someone took it already, and the timer to stop;
    /// the caller answers outside the lock.
    mutating func finish() -> (CheckedContinuation<T, any Error>?, Task<Void, Never>?) {
      defer { continuation = nil }
      return (continuation, timer)
    }
  }
}
