import Synchronization
import Testing

@testable import TrellisPostgres

/// Work under a deadline answers with its result in time; past the deadline its caller gets a
/// timeout at once and the work is cancelled; a cancelled caller gets a cancellation. Every
/// deadline leaves its timer when it ends.
@Suite("Deadlines")
struct DeadlineTests {
  /// A timer of the test's own, so that other work's deadlines do not count.
  let timers = DeadlineTimer()

  @Test func workThatFinishesInTimeAnswersAndLeavesNoDeadlinePending() async throws {
    let values = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<500 {
        group.addTask { try await Deadline.run(within: .seconds(30), timer: timers) { index * 2 } }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(values.sorted() == (0..<500).map { $0 * 2 })
    #expect(timers.pendingCount == 0)
  }

  @Test func workPastItsDeadlineTimesOutAtOnceAndIsCancelled() async throws {
    let cancelled = Atomic<Bool>(false)
    let started = ContinuousClock.now
    await #expect(throws: PostgresTimeout.self) {
      try await Deadline.run(within: .milliseconds(50), timer: timers) {
        // Work that never answers by itself: it ends only when cancelled.
        try? await Task.sleep(for: .seconds(60))
        cancelled.store(Task.isCancelled, ordering: .relaxed)
        return 0
      }
    }
    let waited = ContinuousClock.now - started
    #expect(waited >= .milliseconds(50))
    #expect(waited < .seconds(5))
    while !cancelled.load(ordering: .relaxed) { await Task.yield() }
    #expect(timers.pendingCount == 0)
  }

  @Test func aCancelledCallerIsAnsweredWithCancellation() async throws {
    let entered = AsyncStream<Void>.makeStream()
    let caller = Task {
      try await Deadline.run(within: .seconds(30), timer: timers) {
        entered.continuation.yield()
        try? await Task.sleep(for: .seconds(60))
        return 0
      }
    }
    for await _ in entered.stream { break }
    caller.cancel()
    await #expect(throws: CancellationError.self) { try await caller.value }
    #expect(timers.pendingCount == 0)
  }
}
