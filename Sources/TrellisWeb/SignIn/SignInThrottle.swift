import Foundation

/// Failed sign-ins in memory, counted three ways: a name from one client address, a name from
/// every address, and an address for every name.
///
/// A name from one address may fail ``SignIn/maxFailures`` times within
/// ``SignIn/failureWindow``; a name from all addresses together, and an address for all names
/// together, ``sharedFactor`` times as often. Past that, sign-in is refused for it until its
/// oldest failure is old enough. So one person's typos lock out neither their office (one
/// address behind NAT) nor, from elsewhere, the person whose name they mistyped, while a
/// guesser gets a few tries per name and address.
///
/// A check under way counts as a failure until it ends: a burst of sign-ins sent at once gets
/// no more password checks than the same sign-ins one after another.
///
/// It remembers at most ``SignIn/maxRememberedFailures`` names and addresses, forgetting the
/// one whose last failure is oldest, so that a client trying many names cannot fill memory.
final class SignInThrottle: Sendable {
  /// How many more failures a name from every address, or an address for every name, may
  /// have than a name from one address.
  static let sharedFactor = 4

  private struct State {
    var failures: [String: [Date]] = [:]
    var underWay: [String: Int] = [:]
  }

  private let limit: Int
  private let window: TimeInterval
  private let capacity: Int
  private let state = Locked(State())

  init(limit: Int, window: Duration, capacity: Int) {
    self.limit = max(limit, 1)
    self.window =
      Double(window.components.seconds)
      + Double(window.components.attoseconds) / 1e18
    self.capacity = max(capacity, 2)
  }

  /// The keys a sign-in counts against: its name from its client's address, its name, and its
  /// client's address.
  static func keys(name: String, client: ClientAddress) -> [String] {
    let name = name.lowercased()
    let client = client.description
    return ["pair:\(client) \(name)", "name:" + name, "client:" + client]
  }

  /// How many failures `key` may have within the window.
  private func limit(of key: String) -> Int {
    key.hasPrefix("pair:") ? limit : limit * Self.sharedFactor
  }

  /// Starts a sign-in's check against `keys`: `nil` when it may go on (call ``finish(_:failed:now:)``
  /// after it), or when it may be tried again, when one of them is refused now.
  func begin(_ keys: [String], now: Date = Date()) -> Date? {
    state.withLock { state in
      if let until = retryTime(keys, in: state, now: now) { return until }
      for key in keys { state.underWay[key, default: 0] += 1 }
      return nil
    }
  }

  /// Ends a check ``begin(_:now:)`` started, recording a failure against `keys` when it
  /// `failed`; a success forgets the failures of its name from its address.
  func finish(_ keys: [String], failed: Bool, now: Date = Date()) {
    state.withLock { state in
      for key in keys {
        let left = (state.underWay[key] ?? 1) - 1
        state.underWay[key] = left > 0 ? left : nil
      }
      if failed {
        record(keys, in: &state, now: now)
      } else {
        state.failures[keys[0]] = nil
      }
    }
  }

  /// When sign-in may be tried again for `keys`, when one of them is refused now.
  func retryTime(_ keys: [String], now: Date = Date()) -> Date? {
    state.withLock { retryTime(keys, in: $0, now: now) }
  }

  /// Records a failed sign-in against `keys`.
  func recordFailure(_ keys: [String], now: Date = Date()) {
    state.withLock { record(keys, in: &$0, now: now) }
  }

  private func retryTime(_ keys: [String], in state: State, now: Date) -> Date? {
    keys.compactMap { key -> Date? in
      let limit = limit(of: key)
      let recent = (state.failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
      if recent.count >= limit {
        // Once all but `limit - 1` of them are older than the window.
        return recent[recent.count - limit].addingTimeInterval(window)
      }
      // Checks under way that would fill the limit if they fail end within seconds.
      return recent.count + (state.underWay[key] ?? 0) >= limit ? now + 1 : nil
    }.max()
  }

  private func record(_ keys: [String], in state: inout State, now: Date) {
    for key in keys {
      var times = (state.failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
      times.append(now)
      state.failures[key] = Array(times.suffix(limit(of: key)))
    }
    while state.failures.count > capacity {
      guard
        let oldest = state.failures.min(by: {
          ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast)
        })
      else { break }
      state.failures[oldest.key] = nil
    }
  }

  /// How many names and addresses have failures remembered.
  var count: Int { state.withLock { $0.failures.count } }
}
