import TrellisValues

/// A rule on a column's values read from a `CHECK` constraint, checked by a form before it
/// writes, so that a person reads why instead of the database's refusal.
package enum ColumnCheck: Hashable, Sendable {
  /// At least (or, not `inclusive`, more than) a number.
  case minimum(Double, inclusive: Bool)
  /// At most (or, not `inclusive`, less than) a number.
  case maximum(Double, inclusive: Bool)
  /// One of a list of values (`IN (...)`).
  case oneOf([Value])
  /// Text of at most this many characters (`length(x) <= n`).
  case maxLength(Int)
  /// Text of at least this many characters (`length(x) >= n`).
  case minLength(Int)

  /// Why `value` breaks the rule, starting with `title`; `nil` when it keeps it (an empty
  /// value keeps every rule: being required is another rule).
  package func problem(with value: Value, title: String) -> String? {
    if value.isNull { return nil }
    switch self {
    case .minimum(let bound, let inclusive):
      guard let number = value.doubleValue else { return nil }
      if inclusive ? number < bound : number <= bound {
        return "\(title) must be \(inclusive ? "at least" : "more than") \(Self.format(bound))"
      }
    case .maximum(let bound, let inclusive):
      guard let number = value.doubleValue else { return nil }
      if inclusive ? number > bound : number >= bound {
        return "\(title) must be \(inclusive ? "at most" : "less than") \(Self.format(bound))"
      }
    case .oneOf(let values):
      let matches = values.contains { allowed in
        if allowed == value { return true }
        if let a = allowed.doubleValue, let b = value.doubleValue { return a == b }
        if case .bool(let flag) = value, let a = allowed.doubleValue { return a == (flag ? 1 : 0) }
        return false
      }
      if !matches {
        let list = values.map(Self.describe).joined(separator: ", ")
        return "\(title) must be one of \(list)"
      }
    case .maxLength(let count):
      guard case .string(let text) = value else { return nil }
      if text.count > count { return "\(title) must be at most \(count) characters" }
    case .minLength(let count):
      guard case .string(let text) = value else { return nil }
      if text.count < count { return "\(title) must be at least \(count) characters" }
    }
    return nil
  }

  /// The rule in words, for the documentation a descriptor or a footer shows.
  package var words: String {
    switch self {
    case .minimum(let bound, let inclusive): (inclusive ? "≥ " : "> ") + Self.format(bound)
    case .maximum(let bound, let inclusive): (inclusive ? "≤ " : "< ") + Self.format(bound)
    case .oneOf(let values): "one of " + values.map(Self.describe).joined(separator: ", ")
    case .maxLength(let count): "at most \(count) characters"
    case .minLength(let count): "at least \(count) characters"
    }
  }

  static func format(_ number: Double) -> String {
    number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
  }

  static func describe(_ value: Value) -> String {
    if case .string(let text) = value { return "'\(text)'" }
    if let number = value.doubleValue { return format(number) }
    return value.displayText
  }
}
