/// The handlers of an observer list, in the order they were added, each under a key its
/// token removes it by: what ``ObserverList`` and ``DomainObserverList`` keep behind their
/// locks.
struct ObserverTable<Handler> {
  /// In the order they were added: keys only grow.
  private(set) var handlers: [(key: Int, handler: Handler)] = []
  private var next = 0

  /// Adds `handler`; returns the key that removes it.
  mutating func add(_ handler: Handler) -> Int {
    next += 1
    handlers.append((next, handler))
    return next
  }

  /// Removes the handler added under `key`, if it is still there.
  mutating func remove(_ key: Int) {
    if let index = handlers.lastIndex(where: { $0.key == key }) { handlers.remove(at: index) }
  }
}

extension ObserverTable: Sendable where Handler: Sendable {}
