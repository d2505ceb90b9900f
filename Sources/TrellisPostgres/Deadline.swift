import Trellis

/// Work that must answer within a time: past it, the caller gets a timeout at once, and the
/// work is cancelled without being waited for (a connection pool waiting for a server that is
/// down may not notice the cancellation for a while).
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
          race.withLock { $0.finish(result) }?.cancel()
        }
        let timer = Task {
          try? await Task.sleep(for: timeout)
          guard !Task.isCancelled else { return }
          race.withLock { $0.finish(.failure(PostgresTimeout())) }
          worker.cancel()
        }
        race.withLock { state in
          state.worker = worker
          state.timer = timer
        }
      }
    } onCancel: {
      let (worker, timer) = race.withLock { state in
        defer { state.finish(.failure(CancellationError())) }
        return (state.worker, state.timer)
      }
      worker?.cancel()
      timer?.cancel()
    }
  }

  /// Who answered first, and the tasks to stop.
  struct Race<T: Sendable>: Sendable {
    var continuation: CheckedContinuation<T, any Error>?
    var worker: Task<Void, Never>?
    var timer: Task<Void, Never>?

    /// Answers the caller unless someone already did; returns the timer, to stop it.
    mutating func finish(_ result: Result<T, any Error>) -> Task<Void, Never>? {
      continuation?.resume(with: result)
      continuation = nil
      return timer
    }
  }
}
