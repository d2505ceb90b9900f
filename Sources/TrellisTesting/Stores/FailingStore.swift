import Foundation
import Trellis

/// A store that fails on demand: it wraps any ``DataStore`` and refuses its next writes with a
/// given error, so that a test can prove a failed write loses nothing.
///
/// Reads always reach the wrapped store. While failures are armed, each insert, update,
/// delete and move throws the error without touching the wrapped store, and uses up one
/// failure.
///
/// ```swift
/// let store = FailingStore(MemoryStore(objects: tasks, definition: taskDef))
/// store.failNextWrites(1, with: .failed("the disk is full"))
/// try app.send(.done)   // refused: the draft keeps every typed value
/// try app.send(.done)   // the store recovered: committed
/// ```
public final class FailingStore: DataStore, Sendable {
  /// The store that does the work.
  public let base: any DataStore
  private struct Failures {
    var left = 0
    var error = StoreError.failed("the store refused the write")
    var refused = 0
  }

  private let failures = Locked(Failures())

  /// Wraps `base`; it fails nothing until ``failNextWrites(_:with:)``.
  public init(_ base: any DataStore) {
    self.base = base
  }

  /// Makes the next `count` writes throw `error`.
  public func failNextWrites(_ count: Int = 1, with error: StoreError) {
    failures.withLock {
      $0.left = Swift.max(count, 0)
      $0.error = error
    }
  }

  /// How many writes were refused so far.
  public var refusedWrites: Int { failures.withLock { $0.refused } }

  /// Throws the armed error and uses up one failure, when one is armed.
  private func checkWrite() throws(StoreError) {
    let failure = failures.withLock { failures -> StoreError? in
      guard failures.left > 0 else { return nil }
      failures.left -= 1
      failures.refused += 1
      return failures.error
    }
    if let failure { throw failure }
  }

  public var itemsDefinition: DataDefinition? { base.itemsDefinition }

  public func prepareForEditing(_ item: Value) throws(StoreError) {
    try base.prepareForEditing(item)
  }
  public var supportsMoving: Bool { base.supportsMoving }

  public func fetch(_ options: FetchOptions) throws(StoreError) -> [Value] {
    try base.fetch(options)
  }

  public func count(_ options: FetchOptions) throws(StoreError) -> Int { try base.count(options) }

  public func create() throws(StoreError) -> Value { try base.create() }

  public func insert(_ item: Value, at index: Int?) throws(StoreError) {
    try checkWrite()
    try base.insert(item, at: index)
  }

  public func update(_ item: Value, values: [String: Value]) throws(StoreError) {
    try checkWrite()
    try base.update(item, values: values)
  }

  public func delete(_ item: Value) throws(StoreError) {
    try checkWrite()
    try base.delete(item)
  }

  public func move(_ item: Value, after: Value?) throws(StoreError) {
    try checkWrite()
    try base.move(item, after: after)
  }

  public func move(_ item: Value, before: Value) throws(StoreError) {
    try checkWrite()
    try base.move(item, before: before)
  }

  public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    base.observe(handler)
  }
}
