import Foundation

/// Failed sign-ins, per name and per client address, in memory: once either has
/// ``SignIn/maxFailures`` within ``SignIn/failureWindow``, sign-in is refused for it until its
/// oldest failure is old enough.
///
/// It remembers at most ``SignIn/maxRememberedFailures`` names and addresses, forgetting the
/// one whose last failure is oldest, so that a client trying many names cannot fill memory.
final class SignInThrottle: Sendable {
  private let limit: Int
  private let window: TimeInterval
  private let capacity: Int
  private let failures = Locked<[String: [Date]]>([:])

  init(limit: Int, window: Duration, capacity: Int) {
    self.limit = max(limit, 1)
    self.window =
      Double(window.components.seconds)
      + Double(window.components.attoseconds) / 1e18
    self.capacity = max(capacity, 2)
  }

  /// The keys a sign-in counts against: its name and its client's address.
  static func keys(name: String, client: ClientAddress) -> [String] {
    ["name:" + name.lowercased(), "client:" + client.description]
  }

  /// When sign-in may be tried again for `keys`, when one of them is refused now.
  func retryTime(_ keys: [String], now: Date = Date()) -> Date? {
    failures.withLock { failures in
      keys.compactMap { key -> Date? in
        let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
        guard recent.count >= limit else { return nil }
        // Once all but `limit - 1` of them are older than the window.
        return recent[recent.count - limit].addingTimeInterval(window)
      }.max()
    }
  }

  /// Records a failed sign-in against `keys`.
  func recordFailure(_ keys: [String], now: Date = Date()) {
    failures.withLock { failures in
      for key in keys {
        var times = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
        times.append(now)
        failures[key] = Array(times.suffix(limit))
      }
      while failures.count > capacity {
        guard
          let oldest = failures.min(by: {
            ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast)
          })
        else { break }
        failures[oldest.key] = nil
      }
    }
  }

  /// Forgets the failures of `key` (a name that signed in).
  func clear(_ key: String) {
    failures.withLock { $0[key] = nil }
  }

  /// How many names and addresses have failures remembered.
  var count: Int { failures.withLock { $0.count } }
}
