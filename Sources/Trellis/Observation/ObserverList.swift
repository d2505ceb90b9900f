/// Who to tell about each event of one source — a model's changesets, a navigator's moves, a
/// store's changes — safe from any thread.
///
/// The model, the navigator and every store keep one, and answer `observe` with ``add(_:)``:
///
/// ```swift
/// private let observers = ObserverList<StoreChange>()
/// public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
///   observers.add(handler)
/// }
/// ```
public final class ObserverList<Event>: Sendable {
  private struct State {
    var handlers: [Int: (Event) -> Void] = [:]
    var next = 0
  }

  private let state = Locked(State())

  /// Creates an empty list.
  public init() {}

  /// Adds `handler`; it is called with every event until its token is cancelled or released.
  public func add(_ handler: @escaping (Event) -> Void) -> ObservationToken {
    let key = state.withLock { state in
      state.next += 1
      state.handlers[state.next] = handler
      return state.next
    }
    return ObservationToken { [weak self] in
      _ = self?.state.withLock { $0.handlers.removeValue(forKey: key) }
    }
  }

  /// Tells every observer about `event`, in the order they were added, outside the lock, so
  /// that a handler may add or cancel observations.
  public func notify(_ event: Event) {
    let current = state.withLock { state in
      state.handlers.sorted { $0.key < $1.key }.map(\.value)
    }
    for handler in current { handler(event) }
  }

  /// Whether anyone is observing.
  public var isEmpty: Bool { state.withLock { $0.handlers.isEmpty } }
}
