import Foundation

/// Counts the rows a `willDisplay` action saw, in the order hosts first showed them.
public final class DisplayCounter: @unchecked Sendable {
  // Sound: `count` is read and written only while `lock` is held.
  private let lock = NSLock()
  private var count = 0

  /// A counter at zero.
  public init() {}

  /// Counts one more row and returns its place in the order (1 for the first).
  public func next() -> Int {
    lock.withLock {
      count += 1
      return count
    }
  }

  /// How many rows were counted.
  public var total: Int { lock.withLock { count } }
}
