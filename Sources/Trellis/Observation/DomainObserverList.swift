/// Who to tell about each event of a source that lives on one isolation domain — a model's
/// changesets, a navigator's moves — called on that domain.
///
/// Handlers are added and called on the owner's domain, so they need not be `Sendable`; only
/// cancelling may happen elsewhere (a token released on another thread), which is why the list
/// is behind a lock at all.
final class DomainObserverList<Event>: Sendable {
  // Sound: handlers are added by the owner and called by ``notify(_:)`` on the owner's domain
  // only; a token cancelled elsewhere removes one without calling it.
  private let state = UncheckedLocked(ObserverTable<(Event) -> Void>())

  init() {}

  /// Adds `handler`; it is called with every event until its token is cancelled or released.
  func add(_ handler: @escaping (Event) -> Void) -> ObservationToken {
    let key = state.withLock { $0.add(handler) }
    return ObservationToken { [weak self] in self?.state.withLock { $0.remove(key) } }
  }

  /// Tells every observer about `event`, on the owner's domain, in the order they were added,
  /// outside the lock, so that a handler may add or cancel observations.
  func notify(_ event: Event) {
    let current = state.withLock { $0.handlers }
    for (_, handler) in current { handler(event) }
  }
}
