/// When a row is visible or enabled, computed from other values.
///
/// A condition reads values through a ``ValueReader``. Rows observe exactly what their
/// conditions read, so a change re-evaluates only the rows that depend on the changed key.
public struct Condition: Sendable {
  let evaluate: @Sendable (ValueReader) -> Bool
  /// A readable form, for messages.
  public let description: String

  /// A condition computed by a closure.
  public init(
    _ description: String = "closure", _ evaluate: @escaping @Sendable (ValueReader) -> Bool
  ) {
    self.description = description
    self.evaluate = evaluate
  }

  /// True when the value at `keyPath` is `true` (a Bool), non-empty (a String), or non-zero.
  public static func isTrue(_ keyPath: String) -> Condition {
    Condition(keyPath) { reader in
      switch reader.value(keyPath) {
      case .bool(let b): b
      case .string(let s): !s.isEmpty
      case .int(let i): i != 0
      case .double(let d): d != 0
      case .null, nil: false
      default: true
      }
    }
  }

  /// True when the value at `keyPath` equals `value`.
  public static func equals(_ keyPath: String, _ value: Value) -> Condition {
    Condition("\(keyPath) == \(value)") { $0.value(keyPath) == value }
  }

  /// The negation.
  public static prefix func ! (condition: Condition) -> Condition {
    Condition("NOT (\(condition.description))") { !condition.evaluate($0) }
  }

  /// Evaluates the condition.
  public func callAsFunction(_ reader: ValueReader) -> Bool { evaluate(reader) }
}

/// Reads values by key path for conditions and actions: through an editing draft when there
/// is one (so conditions see what a person typed), otherwise through the object.
public struct ValueReader {
  let read: (String) -> Value?

  /// A reader over a key-value coding object.
  public init(_ object: KeyValueCoding) {
    read = { try? object.value(forKeyPath: $0) }
  }

  /// A reader over a closure.
  public init(_ read: @escaping (String) -> Value?) {
    self.read = read
  }

  /// The value at `keyPath`, or `nil` when it cannot be read.
  public func value(_ keyPath: String) -> Value? { read(keyPath) }
}
