import Synchronization

/// At most a fixed number of write transactions at once on one connection pool, first come,
/// first served, so that reads and other writes always find a connection.
///
/// A write to an ordered table waits in its transaction for the order's lock, holding a pooled
/// connection all the while. Without a limit, a burst of such writes takes every connection,
/// and a list's read (or a form's) waits behind them until it times out. The limit keeps the
/// rest of the pool for reads; writes beyond it wait here, holding nothing.
final class WriteLimit: Sendable {
  private struct State {
    var free: Int
    var waiting: [(number: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    var lastNumber: UInt64 = 0
  }

  private let state: Mutex<State>
  /// How many writes may run at once.
  let capacity: Int

  /// Whether the current task is inside a write already: a write it starts there (on another
  /// store of the same pool) does not wait for a second place, which could wait for ever.
  @TaskLocal private static var isWriting = false

  /// A limit of `capacity` writes at once.
  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 1)
    state = Mutex(State(free: self.capacity))
  }

  /// How many writes wait for a place.
  var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// Runs `write` once a place is free; cancelled while it waits, it throws
  /// `CancellationError` without running.
  func run<T: Sendable>(_ write: @Sendable () async throws -> T) async throws -> T {
    if Self.isWriting { return try await write() }
    try await enter()
    defer { leave() }
    return try await Self.$isWriting.withValue(true) { try await write() }
  }

  private func enter() async throws {
    let number: UInt64? = state.withLock { state in
      if state.free > 0 {
        state.free -= 1
        return nil
      }
      state.lastNumber += 1
      return state.lastNumber
    }
    guard let number else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelled: Bool = state.withLock { state in
          // Cancelled before it queued: the handler below found nothing to remove.
          if Task.isCancelled { return true }
          state.waiting.append((number, continuation))
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = state.withLock { state in
        state.waiting.firstIndex { $0.number == number }.map {
          state.waiting.remove(at: $0).continuation
        }
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Gives the place to the first write waiting, or frees it.
  private func leave() {
    let next = state.withLock { state in
      guard !state.waiting.isEmpty else {
        state.free += 1
        return nil as CheckedContinuation<Void, any Error>?
      }
      return state.waiting.removeFirst().continuation
    }
    next?.resume()
  }
}
