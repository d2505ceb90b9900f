import Synchronization
import Testing

@testable import TrellisPostgres

/// Writes beyond the limit wait their turn, first come first served; one cancelled while it
/// waits never runs; a write started inside a write does not wait for a second place.
@Suite("The limit on writes at once")
struct WriteLimitTests {
  @Test func writesBeyondTheLimitRunInTurnAndACancelledOneNeverRuns() async throws {
    let limit = WriteLimit(capacity: 1)
    let order = Order()
    let first = AsyncStream<Void>.makeStream()
    let holding = AsyncStream<Void>.makeStream()
    let a = Task {
      try await limit.run {
        holding.continuation.yield()
        for await _ in first.stream { break }
        order.append("a")
      }
    }
    for await _ in holding.stream { break }
    let b = Task { try await limit.run { order.append("b") } }
    while limit.waitingCount < 1 { await Task.yield() }
    let c = Task { try await limit.run { order.append("c") } }
    while limit.waitingCount < 2 { await Task.yield() }
    c.cancel()
    await #expect(throws: CancellationError.self) { try await c.value }
    first.continuation.yield()
    try await a.value
    try await b.value
    #expect(order.names == ["a", "b"])
    // A write inside a write runs at once, though the only place is taken.
    try await limit.run { try await limit.run { order.append("nested") } }
    #expect(order.names.last == "nested")
  }
}

/// The names of the writes that ran, in the order they ran.
private final class Order: Sendable {
  private let list = Mutex<[String]>([])
  var names: [String] { list.withLock { $0 } }
  func append(_ name: String) { list.withLock { $0.append(name) } }
}
