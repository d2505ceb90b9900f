/// A flag set from any thread (a store reported a change) and taken on the model's domain.
final class StaleFlag: Sendable {
  private let value = Locked(false)

  /// Raises the flag.
  func set() { value.withLock { $0 = true } }

  /// Raises the flag; whether it was raised already.
  func raise() -> Bool {
    value.withLock { value in
      defer { value = true }
      return value
    }
  }

  /// Whether the flag was raised since the last take; lowers it.
  func take() -> Bool {
    value.withLock { value in
      defer { value = false }
      return value
    }
  }
}
