/// A value behind a lock whose state is not `Sendable`: the compiler cannot check what leaves
/// the lock, so every use says, where it is declared, why sharing it is sound.
///
/// Use ``Locked`` wherever the state is `Sendable`. This type is for the few places where it
/// cannot be: objects a store keeps one per record and hands to the domain that shows them, and
/// values of types the standard library does not mark `Sendable`. Its lock is an
/// ``UncheckedMutex`` held inline, so making one allocates nothing beyond this object.
package final class UncheckedLocked<State>: Sendable {
  private let mutex: UncheckedMutex<State>

  /// Guards `state`.
  package init(_ state: State) {
    mutex = UncheckedMutex(state)
  }

  /// Runs `body` with the state, holding the lock; `body` must not call back into this lock.
  package func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try mutex.withLock(body)
  }
}
