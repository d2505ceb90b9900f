import Synchronization

/// Counts the rows a `willDisplay` action saw, in the order hosts first showed them.
public final class DisplayCounter: Sendable {
  private let count = Mutex(0)

  /// A counter at zero.
  public init() {}

  /// Counts one more row and returns its place in the order (1 for the first).
  public func next() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }

  /// How many rows were counted.
  public var total: Int { count.withLock { $0 } }
}
