import Dispatch
import Synchronization

/// Async work waited for by a synchronous command (`edit`, `describe`) on its main thread,
/// which is not one of the concurrency pool's: the pool runs the work meanwhile.
enum BlockingWait {
  /// Runs `work` to its end and returns what it returned, or throws what it threw.
  static func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let semaphore = DispatchSemaphore(value: 0)
    let result = Mutex<Result<T, any Error>?>(nil)
    Task {
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
