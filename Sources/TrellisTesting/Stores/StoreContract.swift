import Foundation
import Trellis

/// The contract every ``DataStore`` must keep, as a suite that any store can run.
///
/// The suite makes fresh stores from a factory that is handed seed records; every item must
/// have a string property `name` and an integer property `rank`, readable through the store's
/// ``DataStore/itemsDefinition``, and ``DataStore/create()`` must make items whose `name` and
/// `rank` can be written through that definition.
///
/// ```swift
/// @Test func memoryStoreKeepsTheContract() {
///   let failures = StoreContract.check { records in
///     MemoryStore(items: records.map(\.dictionary), definition: definition)
///   }
///   #expect(failures == [])
/// }
/// ```
public enum StoreContract {
  /// One seed item.
  public struct Record: Hashable, Sendable {
    /// The item's `name`.
    public var name: String
    /// The item's `rank`.
    public var rank: Int

    /// Creates a record.
    public init(_ name: String, _ rank: Int) {
      self.name = name
      self.rank = rank
    }

    /// The record as a dictionary value, for stores of dictionaries.
    public var dictionary: Value {
      .dictionary(ValueDictionary([("name", .string(name)), ("rank", .int(rank))]))
    }
  }

  /// A broken promise: which check, and what went wrong.
  public struct Failure: Hashable, Sendable, CustomStringConvertible {
    /// The name of the check.
    public var check: String
    /// What was expected and what happened.
    public var message: String

    public var description: String { "\(check): \(message)" }
  }

  /// Makes a new store holding `records` in order.
  public typealias Factory = ([Record]) throws -> any DataStore

  /// The records every check starts from, in store order.
  public static let seed = [
    Record("Carol", 3), Record("alice", 1), Record("Bob", 2), Record("dave", 5), Record("Eve", 4),
  ]

  /// Runs every check against fresh stores from `factory` and returns the failures; none when
  /// the store keeps the contract.
  public static func check(_ factory: Factory) -> [Failure] {
    var failures: [Failure] = []
    for (name, run) in checks {
      var probe = Probe(check: name)
      do {
        let store = try factory(seed)
        try run(store, &probe)
      } catch {
        probe.fail("unexpected error: \(error)")
      }
      failures += probe.failures
    }
    return failures
  }

  /// The checks, by name.
  static var checks: [(String, (any DataStore, inout Probe) throws -> Void)] {
    [
      ("fetch", StoreContract.fetchAll),
      ("identity", StoreContract.identity),
      ("sort", StoreContract.sort),
      ("filter", StoreContract.filter),
      ("batch", StoreContract.batch),
      ("create", StoreContract.create),
      ("insert", StoreContract.insert),
      ("insert-refused", StoreContract.insertRefused),
      ("update", StoreContract.update),
      ("update-refused", StoreContract.updateRefused),
      ("delete", StoreContract.delete),
      ("delete-refused", StoreContract.deleteRefused),
      ("move", StoreContract.move),
      ("move-refused", StoreContract.moveRefused),
      ("move-before", StoreContract.moveBefore),
      ("observation", StoreContract.observation),
    ]
  }
}

/// What one check found.
struct Probe {
  let check: String
  var failures: [StoreContract.Failure] = []

  mutating func fail(_ message: String) {
    failures.append(StoreContract.Failure(check: check, message: message))
  }

  mutating func expect<T: Equatable>(_ actual: T, _ expected: T, _ what: String) {
    if actual != expected { fail("\(what): expected \(expected), got \(actual)") }
  }

  /// Expects `events` to be exactly `change`, or a single reset.
  mutating func expectEvents(_ events: [StoreChange], _ change: StoreChange, _ what: String) {
    if events != [change] && events != [.reset] {
      fail("\(what): expected the change event [\(change)] (or [reset]), got \(events)")
    }
  }

  /// Expects `body` to throw a ``StoreError``.
  mutating func expectRefusal(_ what: String, _ body: () throws(StoreError) -> Void) {
    do {
      try body()
      fail("\(what): expected a StoreError, but it succeeded")
    } catch {}
  }
}

/// Collects a store's change events.
final class EventLog: Sendable {
  private struct State {
    var events: [StoreChange] = []
    /// Those waiting for `count` events, resumed when as many are in.
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }
  private let state = Locked(State())

  func record(_ change: StoreChange) {
    let ready = state.withLock { state in
      state.events.append(change)
      let count = state.events.count
      let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
      state.waiters.removeAll { $0.count <= count }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  /// The events since the last call.
  func take() -> [StoreChange] {
    state.withLock { state in
      defer { state.events = [] }
      return state.events
    }
  }

  /// The events since the last call, once there are at least `count` of them or `timeout`
  /// has passed: for an async store that may report its own write when the database
  /// announces it, after the write returns.
  func take(atLeast count: Int, timeout: Duration = .seconds(5)) async -> [StoreChange] {
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        await withCheckedContinuation { continuation in
          let ready = self.state.withLock { state in
            if state.events.count >= count { return true }
            state.waiters.append((count, continuation))
            return false
          }
          if ready { continuation.resume() }
        }
      }
      group.addTask {
        // Past the deadline, the waiter takes what came.
        guard (try? await Task.sleep(for: timeout)) != nil else { return }
        let waiting = self.state.withLock { state in
          defer { state.waiters = [] }
          return state.waiters.map(\.continuation)
        }
        for continuation in waiting { continuation.resume() }
      }
      await group.next()
      group.cancelAll()
    }
    return take()
  }
}
