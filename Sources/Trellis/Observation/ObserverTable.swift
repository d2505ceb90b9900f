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
  ///
  /// Keys grow in the order handlers are added, so the handlers are sorted by key and the key
  /// is found by halving: a store that thousands of lists observe lets each go in a few
  /// steps, where a scan copied every handler before it.
  mutating func remove(_ key: Int) {
    var low = 0
    var high = handlers.count
    while low < high {
      let middle = (low + high) / 2
      if handlers[middle].key < key { low = middle + 1 } else { high = middle }
    }
    if low < handlers.count, handlers[low].key == key { handlers.remove(at: low) }
  }
}

extension ObserverTable: Sendable where Handler: Sendable {}
