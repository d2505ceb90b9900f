import Dispatch

/// Calls a closure every interval until it is released: for looking at something no one
/// announces changes of (a file another process writes, a web service others edit).
///
/// It runs on a Dispatch queue of its own, not on a task: the cooperative pool may be busy
/// with work that blocks, and a look that waits for it comes late.
package final class RepeatingTimer: Sendable {
  // Set once, here, and only cancelled in deinit.
  nonisolated(unsafe) private let timer: any DispatchSourceTimer

  /// Calls `tick` every `interval`, first after one interval, on a queue labelled `label`.
  package init(every interval: Duration, label: String, _ tick: @escaping @Sendable () -> Void) {
    let (seconds, attoseconds) = interval.components
    let milliseconds = max(Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000), 1)
    let every = DispatchTimeInterval.milliseconds(milliseconds)
    timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: label))
    timer.setEventHandler(handler: tick)
    timer.schedule(
      deadline: .now() + every, repeating: every, leeway: .milliseconds(max(milliseconds / 10, 1)))
    timer.resume()
  }

  deinit { timer.cancel() }
}
