import Dispatch
import Synchronization

/// Async work waited for by synchronous code (a command's main thread, a fuzz target's start):
/// the work runs on a queue of its own, so it needs no thread of the concurrency pool, which
/// the waiting code may be holding.
package enum BlockingWait {
  /// Runs `work` to its end and returns what it returned, or throws what it threw.
  package static func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws
    -> T
  {
    let semaphore = DispatchSemaphore(value: 0)
    let result = Mutex<Result<T, any Error>?>(nil)
    Task(executorPreference: QueueExecutor.shared) {
      let outcome: Result<T, any Error>
      do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
      result.withLock { $0 = outcome }
      semaphore.signal()
    }
    semaphore.wait()
    // The task set the result before it signalled.
    guard let outcome = result.withLock({ $0 }) else { throw CancellationError() }
    return try outcome.get()
  }
}
