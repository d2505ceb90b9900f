import Foundation

/// A value behind a lock whose state is not `Sendable`: the compiler cannot check what leaves
/// the lock, so every use says, where it is declared, why sharing it is sound.
///
/// Use ``Locked`` wherever the state is `Sendable`. This type is for the few places where it
/// cannot be: objects a store keeps one per record and hands to the domain that shows them, and
/// values of types the standard library does not mark `Sendable`.
package final class UncheckedLocked<State>: @unchecked Sendable {
  // Sound as far as its users' comments say: the lock serialises every access to `state`;
  // what a body takes out is the user's to keep on one domain.
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
