import Foundation
import TrellisValues

extension PredicateParser {
  /// An operand at the current token, or `nil` (consuming nothing) when the token cannot start
  /// one.
  mutating func parseOperand() throws(PredicateSyntaxError) -> PredicateOperand? {
    switch token.kind {
    case .string(let text):
      try advance()
      return .literal(.string(text))
    case .integer(let value):
      try advance()
      return .literal(.int(value))
    case .decimal(let value):
      try advance()
      return .literal(.double(value))
    case .variable(let name):
      try advance()
      return .variable(name)
    case .symbol("{"):
      return try parseAggregate()
    case .keyPath(let keys, let escaped):
      return try parseKeyPathOrWord(keys, escaped: escaped)
    default:
      return nil
    }
  }

  private mutating func parseKeyPathOrWord(_ keys: [String], escaped: Bool)
    throws(PredicateSyntaxError) -> PredicateOperand?
  {
    let start = token
    guard !escaped, let first = keys.first?.uppercased(), Self.reservedWords.contains(first)
    else {
      try advance()
      if keys.count == 1, !escaped, keys[0].uppercased() == "DATE", token.isSymbol("(") {
        return .literal(.date(try parseDate()))
      }
      return .keyPath(keys.joined(separator: "."))
    }
    if keys.count > 1 {
      guard first == "SELF" else {
        throw PredicateSyntaxError(
          message: "'\(keys[0])' is a reserved word; write '#\(keys[0])' to use it as a key",
          offset: start.offset)
      }
      try advance()
      return .keyPath(keys.dropFirst().joined(separator: "."))
    }
    let operand: PredicateOperand
    switch first {
    case "YES", "TRUE": operand = .literal(.bool(true))
    case "NO", "FALSE": operand = .literal(.bool(false))
    case "NIL", "NULL": operand = .literal(.null)
    case "SELF": operand = .evaluatedValue
    default: return nil
    }
    try advance()
    return operand
  }

  /// `{a, b, c}`, at its opening brace.
  private mutating func parseAggregate() throws(PredicateSyntaxError) -> PredicateOperand {
    let open = token
    try enter()
    try advance()
    var elements: [PredicateOperand] = []
    if token.isSymbol("}") {
      try advance()
      leave()
      return .aggregate(elements)
    }
    while true {
      guard let element = try parseOperand() else {
        throw unexpected("expected a value in the list started at \(place(of: open.offset))")
      }
      elements.append(element)
      if token.isSymbol(",") {
        try advance()
        continue
      }
      guard token.isSymbol("}") else {
        throw unexpected(
          "expected ',' or '}' in the list started at \(place(of: open.offset))")
      }
      try advance()
      leave()
      return .aggregate(elements)
    }
  }

  /// `DATE("2026-01-31")`, `DATE("2026-01-31T09:30:00Z")` or `DATE(1767225600)`, at the `(`.
  private mutating func parseDate() throws(PredicateSyntaxError) -> Date {
    try advance()
    let argument = token
    let date: Date
    switch argument.kind {
    case .string(let text):
      guard let parsed = PredicateDate.parse(text) else {
        throw PredicateSyntaxError(
          message: "\(argument.quoted) is not an ISO-8601 date such as 2026-01-31 or "
            + "2026-01-31T09:30:00Z",
          offset: argument.offset)
      }
      date = parsed
    case .integer(let seconds): date = Date(timeIntervalSince1970: TimeInterval(seconds))
    case .decimal(let seconds): date = Date(timeIntervalSince1970: seconds)
    default:
      throw unexpected("expected an ISO-8601 string or seconds since 1970 in DATE(...)")
    }
    try advance()
    guard token.isSymbol(")") else { throw unexpected("expected ')' to close DATE(...)") }
    try advance()
    return date
  }

  /// Checks what the operator needs of its right operand, where that is known at parse time.
  static func check(_ comparison: PredicateComparison, rightToken: PredicateToken)
    throws(PredicateSyntaxError)
  {
    let op = comparison.op
    let right = comparison.right
    func fail(_ message: String) -> PredicateSyntaxError {
      PredicateSyntaxError(message: message, offset: rightToken.offset)
    }
    switch op {
    case .between:
      switch right {
      case .aggregate(let bounds) where bounds.count != 2:
        throw fail("BETWEEN needs exactly two bounds {low, high}, but the list has \(bounds.count)")
      case .literal:
        throw fail("expected two bounds {low, high} after BETWEEN but found \(rightToken.quoted)")
      default: break
      }
    case .in:
      if case .literal = right {
        throw fail(
          "expected a list {...}, a key path or a $variable after IN but found \(rightToken.quoted)"
        )
      }
    case .beginsWith, .endsWith, .like, .matches:
      switch right {
      case .literal(.string(let pattern)):
        if op == .matches {
          do {
            _ = try PredicateRegex.compile(
              pattern, caseInsensitive: comparison.options.contains(.caseInsensitive))
          } catch {
            throw fail("invalid regular expression: \(error.reason)")
          }
        }
      case .literal, .aggregate:
        throw fail("expected a string after \(op.rawValue) but found \(rightToken.quoted)")
      default: break
      }
    default: break
    }
  }
}
