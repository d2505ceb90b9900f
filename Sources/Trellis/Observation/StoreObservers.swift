/// The observers of a store: who to tell about each ``StoreChange``, safe from any thread.
///
/// A store keeps one and answers ``DataStore/observe(_:)`` with ``add(_:)``:
///
/// ```swift
/// private let observers = StoreObservers()
/// public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> StoreObservation {
///   observers.add(handler)
/// }
/// ```
public final class StoreObservers: Sendable {
  private struct State {
    var handlers: [Int: @Sendable (StoreChange) -> Void] = [:]
    var next = 0
  }

  private let state = Locked(State())

  /// Creates an empty list.
  public init() {}

  /// Adds `handler`; it is called with every change until the observation ends.
  public func add(_ handler: @escaping @Sendable (StoreChange) -> Void) -> StoreObservation {
    let key = state.withLock { state in
      state.next += 1
      state.handlers[state.next] = handler
      return state.next
    }
    return StoreObservation { [weak self] in
      _ = self?.state.withLock { $0.handlers.removeValue(forKey: key) }
    }
  }

  /// Tells every observer about `change`, outside the lock.
  public func notify(_ change: StoreChange) {
    let current = state.withLock { Array($0.handlers.values) }
    for handler in current { handler(change) }
  }
}
