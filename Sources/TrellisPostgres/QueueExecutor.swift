import Dispatch

/// A task executor running its jobs on a serial queue of its own: for work that must progress
/// while synchronous code holds the threads of the concurrency pool (a service on loopback that
/// a fuzz target's screens talk to).
package final class QueueExecutor: TaskExecutor {
  static let shared = QueueExecutor(label: "trellis.blocking-wait")
  private let queue: DispatchQueue

  /// An executor over a new serial queue named `label`.
  package init(label: String) {
    queue = DispatchQueue(label: label)
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
