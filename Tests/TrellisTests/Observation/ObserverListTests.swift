import Testing

@testable import Trellis

/// The list every model, navigator and store tells its observers through.
@Suite("Observer list")
struct ObserverListTests {
  /// What the handlers heard, in order.
  private final class Heard: @unchecked Sendable {
    var calls: [String] = []
  }

  @Test func observersHearEachEventInTheOrderTheyWereAdded() {
    let list = ObserverList<Int>()
    let heard = Heard()
    let tokens = ["a", "b", "c"].map { name in
      list.add { heard.calls.append("\(name)\($0)") }
    }
    list.notify(1)
    list.notify(2)
    #expect(heard.calls == ["a1", "b1", "c1", "a2", "b2", "c2"])
    withExtendedLifetime(tokens) {}
  }

  @Test func aCancelledOrReleasedTokenStopsItsObserverOnly() {
    let list = ObserverList<Int>()
    let heard = Heard()
    let a = list.add { heard.calls.append("a\($0)") }
    var b: ObservationToken? = list.add { heard.calls.append("b\($0)") }
    let c = list.add { heard.calls.append("c\($0)") }
    list.notify(1)
    a.cancel()
    b = nil
    list.notify(2)
    // Cancelling twice, or after release, changes nothing.
    a.cancel()
    let d = list.add { heard.calls.append("d\($0)") }
    list.notify(3)
    #expect(heard.calls == ["a1", "b1", "c1", "c2", "c3", "d3"])
    #expect(b == nil)
    withExtendedLifetime((c, d)) {}
    c.cancel()
    d.cancel()
    #expect(list.isEmpty)
  }

  @Test func aHandlerMayCancelAndAddObserversWhileBeingTold() {
    let list = ObserverList<Int>()
    let heard = Heard()
    let tokens = Locked<[ObservationToken]>([])
    let later = Heard()
    let first = list.add { event in
      heard.calls.append("first\(event)")
      // Stops the second for the next event (it still hears this one, already taken) and
      // adds a third, which hears from the next event on.
      if event == 1 {
        tokens.withLock { $0[1] }.cancel()
        let third = list.add { later.calls.append("third\($0)") }
        tokens.withLock { $0.append(third) }
      }
    }
    tokens.withLock { $0.append(first) }
    let second = list.add { heard.calls.append("second\($0)") }
    tokens.withLock { $0.append(second) }
    list.notify(1)
    list.notify(2)
    #expect(heard.calls == ["first1", "second1", "first2"])
    #expect(later.calls == ["third2"])
  }

  /// Many observers let go in any order: each one found is the one removed, and the rest
  /// hear the next event in the order they were added.
  @Test func observersCancelledInAnyOrderLeaveTheOthersInOrder() {
    var handlers = ObserverTable<Int>()
    let keys = (0..<1_000).map { handlers.add($0) }
    var generator = SystemRandomNumberGenerator()
    let cancelled = Set(keys.shuffled(using: &generator).prefix(600))
    for key in keys.shuffled(using: &generator) where cancelled.contains(key) {
      handlers.remove(key)
      // A key removed before, or never given, removes nothing.
      handlers.remove(key)
      handlers.remove(keys.count + 1)
    }
    let left = handlers.handlers.map(\.handler)
    #expect(left == keys.indices.filter { !cancelled.contains(keys[$0]) })
    #expect(handlers.handlers.map(\.key) == keys.filter { !cancelled.contains($0) })
  }
}
