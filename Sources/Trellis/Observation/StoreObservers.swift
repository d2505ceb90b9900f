import Foundation

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
public final class StoreObservers: @unchecked Sendable {
  private let lock = NSLock()
  private var handlers: [Int: @Sendable (StoreChange) -> Void] = [:]
  private var next = 0

  /// Creates an empty list.
  public init() {}

  /// Adds `handler`; it is called with every change until the observation ends.
  public func add(_ handler: @escaping @Sendable (StoreChange) -> Void) -> StoreObservation {
    let key = lock.withLock { () -> Int in
      next += 1
      handlers[next] = handler
      return next
    }
    return StoreObservation { [weak self] in
      guard let self else { return }
      _ = self.lock.withLock { self.handlers.removeValue(forKey: key) }
    }
  }

  /// Tells every observer about `change`, outside the lock.
  public func notify(_ change: StoreChange) {
    let current = lock.withLock { Array(handlers.values) }
    for handler in current { handler(change) }
  }
}
