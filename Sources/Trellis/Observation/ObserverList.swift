/// Who to tell about each event of a source shared between threads — a store's changes, its
/// link — safe from any thread.
///
/// Every store keeps one, and answers `observe` with ``add(_:)``:
///
/// ```swift
/// private let observers = ObserverList<StoreChange>()
/// public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
///   observers.add(handler)
/// }
/// ```
///
/// Handlers are `@Sendable`: a store reports from whatever thread changed it. A model's and a
/// navigator's observers, which run on their owner's domain, are kept by a
/// ``DomainObserverList`` instead.
public final class ObserverList<Event: Sendable>: Sendable {
  private let state = Locked(ObserverTable<@Sendable (Event) -> Void>())

  /// Creates an empty list.
  public init() {}

  /// Adds `handler`; it is called with every event until its token is cancelled or released.
  public func add(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
    let key = state.withLock { $0.add(handler) }
    return ObservationToken { [weak self] in self?.state.withLock { $0.remove(key) } }
  }

  /// Tells every observer about `event`, in the order they were added, outside the lock, so
  /// that a handler may add or cancel observations.
  public func notify(_ event: Event) {
    // The array is copied on write: taking it under the lock costs a reference.
    let current = state.withLock { $0.handlers }
    for (_, handler) in current { handler(event) }
  }

  /// Whether anyone is observing.
  public var isEmpty: Bool { state.withLock { $0.handlers.isEmpty } }
}
