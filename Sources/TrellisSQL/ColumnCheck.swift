import TrellisPredicates
import TrellisValues

/// A rule on a column's values read from a `CHECK` constraint (or on a property's, read from an
/// API's schema), checked by a form before it writes, so that a person reads why instead of
/// the database's or the service's refusal.
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
  /// Text in which a regular expression finds a match (an API schema's `pattern`, which, as
  /// in JSON Schema, is not anchored: `^…$` asks for the whole text).
  case pattern(String)
  /// Text like an SQL `LIKE` pattern: `%` is any text, `_` any one character. Letters match
  /// whatever their case, as SQLite's `LIKE` does (PostgreSQL's minds case: a value that
  /// differs only by case is left to the database to refuse).
  case like(String)
  /// Text in a format: `email` (an address with one `@` and a dot in its domain), `uri`
  /// (an absolute address with a scheme) or `time` (a time of day, `09:30` or `09:30:15`).
  case format(String)

  /// A number with at most this many digits after its point (`numeric(10,2)` has 2; 0 asks
  /// for a whole number).
  case fractionDigits(Int)

  /// A time of day, as a `TIME` column or an API's `format: time` holds it.
  package static let timeOfDay = ColumnCheck.format("time")

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
    case .fractionDigits(let count):
      guard let number = value.doubleValue, Self.fractionDigits(of: number) > count else {
        return nil
      }
      if count == 0 { return "\(title) must be a whole number" }
      return "\(title) must have at most \(count) digit\(count == 1 ? "" : "s") after the point"
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
    case .pattern(let pattern):
      guard case .string(let text) = value, !text.isEmpty else { return nil }
      // An expression that does not compile, or that needs backtracking, checks nothing (the
      // readers leave such a rule out, and say why).
      guard let matches = try? PredicateRegex.firstMatch(pattern, text) else { return nil }
      if !matches { return "\(title) must match \(pattern)" }
    case .like(let pattern):
      guard case .string(let text) = value, !text.isEmpty else { return nil }
      if !Self.isLike(text, pattern) {
        return "\(title) must look like \(pattern), where % is any text and _ any one character"
      }
    case .format(let format):
      guard case .string(let text) = value, !text.isEmpty else { return nil }
      if !Self.hasFormat(text, format) { return "\(title) must be \(Self.describe(format))" }
    }
    return nil
  }

  /// The rule in words, for the documentation a descriptor or a footer shows.
  package var words: String {
    switch self {
    case .minimum(let bound, let inclusive): (inclusive ? "≥ " : "> ") + Self.format(bound)
    case .maximum(let bound, let inclusive): (inclusive ? "≤ " : "< ") + Self.format(bound)
    case .fractionDigits(let count): "at most \(count) digits after the point"
    case .oneOf(let values): "one of " + values.map(Self.describe).joined(separator: ", ")
    case .maxLength(let count): "at most \(count) characters"
    case .minLength(let count): "at least \(count) characters"
    case .pattern(let pattern): "matching \(pattern)"
    case .like(let pattern): "like \(pattern)"
    case .format(let format): "in the \(format) format"
    }
  }

  /// Whether `text` matches the SQL `LIKE` pattern `pattern`, whatever the case of its letters.
  static func isLike(_ text: String, _ pattern: String) -> Bool {
    // The pattern in the wildcards of a predicate's LIKE, their own characters escaped.
    var wildcards = ""
    for character in pattern {
      switch character {
      case "%": wildcards.append("*")
      case "_": wildcards.append("?")
      case "*", "?", "\\": wildcards += "\\" + String(character)
      default: wildcards.append(character)
      }
    }
    return PredicateSemantics.like(text.lowercased(), wildcards.lowercased())
  }

  /// Whether `text` is in `format`; a format not known accepts anything.
  static func hasFormat(_ text: String, _ format: String) -> Bool {
    switch format {
    case "email":
      let parts = text.split(separator: "@", omittingEmptySubsequences: false)
      guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else {
        return false
      }
      let domain = parts[1]
      return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    case "uri":
      guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
      let scheme = text[..<colon]
      return scheme.first?.isLetter == true
        && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        && text.index(after: colon) < text.endIndex && !text.contains(where: \.isWhitespace)
    case "time":
      return TimeOfDayText(text) != nil
    default:
      return true
    }
  }

  /// How many digits `number` has after its point, written as briefly as it reads back
  /// (`1200.5` has 1, `1e-07` has 7).
  static func fractionDigits(of number: Double) -> Int {
    guard number.isFinite else { return 0 }
    let parts = "\(abs(number))".lowercased().split(separator: "e")
    let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    var digits = 0
    if let point = parts[0].firstIndex(of: ".") {
      let fraction = parts[0][parts[0].index(after: point)...]
      digits = fraction == "0" ? 0 : fraction.count
    }
    return max(0, digits - exponent)
  }

  /// What a text in `format` is, for a problem's message.
  static func describe(_ format: String) -> String {
    switch format {
    case "email": "an email address"
    case "uri": "an address (URI)"
    case "time": "a time of day, such as 09:30 or 17:45:30"
    default: "in the \(format) format"
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
