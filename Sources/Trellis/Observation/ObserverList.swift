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
  private struct State: Sendable {
    /// In the order they were added: keys only grow.
    var handlers: [(key: Int, handler: @Sendable (Event) -> Void)] = []
    var next = 0
  }

  private let state = Locked(State())

  /// Creates an empty list.
  public init() {}

  /// Adds `handler`; it is called with every event until its token is cancelled or released.
  public func add(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
    let key = state.withLock { state in
      state.next += 1
      state.handlers.append((state.next, handler))
      return state.next
    }
    return ObservationToken { [weak self] in
      self?.state.withLock { state in
        if let index = state.handlers.lastIndex(where: { $0.key == key }) {
          state.handlers.remove(at: index)
        }
      }
    }
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
