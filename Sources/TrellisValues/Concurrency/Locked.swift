import Foundation

/// A value behind a lock: the one place Trellis shares mutable state between threads.
///
/// Every class that is shared between isolation domains keeps its mutable state in one
/// `Locked` and touches it only inside ``withLock(_:)``, so the compiler checks the class's
/// `Sendable` conformance instead of taking it on trust. (The standard library's `Mutex` needs
/// macOS 15 and iOS 18; Trellis supports a year earlier.)
package final class Locked<State>: @unchecked Sendable {
  private let lock = NSLock()
  private var state: State

  /// Guards `state`.
  package init(_ state: State) {
    self.state = state
  }

  /// Runs `body` with the state, holding the lock; `body` must not call back into this lock.
  package func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
