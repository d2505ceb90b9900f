import TrellisPredicates
import TrellisValues

extension PredicateSQLWriter {
  /// Declines a string operator over an operand known to hold something other than text.
  private func checkText(_ operands: Operand..., for what: String)
    throws(PredicateEvaluationError)
  {
    for operand in operands {
      if case .column(_, let kind?) = operand, kind != .text {
        throw .unsupportedInSQL("\(what) over \(kind) values")
      }
    }
  }

  /// BEGINSWITH, ENDSWITH and CONTAINS: a pattern for a constant (GLOB in SQLite, LIKE in
  /// PostgreSQL, both by code point), string functions for a column.
  mutating func writeSubstring(
    _ comparison: PredicateComparison, _ left: Operand, _ right: Operand
  ) throws(PredicateEvaluationError) -> Fragment {
    let options = comparison.options
    let what = comparison.op.rawValue
    try checkText(left, right, for: what)
    switch right {
    case .constant(.string(let text)):
      let l = try scalar(left, options, for: what)
      let folded = PredicateSemantics.fold(text, options)
      let (any, literal) =
        dialect == .sqlite ? ("*", Self.globEscaped(folded)) : ("%", Self.likeEscaped(folded))
      let pattern: String
      switch comparison.op {
      case .beginsWith: pattern = literal + any
      case .endsWith: pattern = any + literal
      default: pattern = any + literal + any
      }
      return Fragment(sql: "\(l) \(matchOperator) \(try bind(.string(pattern)))", nullable: true)
    case .constant:
      return Fragment(sql: dialect.literal(false), nullable: false)
    case .list:
      throw .unsupportedInSQL("\(what) with a list")
    case .column where dialect == .sqlite:
      // Each `?` is bound once, in the order the placeholders appear.
      switch comparison.op {
      case .beginsWith:
        let l = try scalar(left, options, for: what)
        let r1 = try scalar(right, options, for: what)
        let r2 = try scalar(right, options, for: what)
        return Fragment(sql: "substr(\(l), 1, length(\(r1))) = \(r2)", nullable: true)
      case .endsWith:
        let r1 = try scalar(right, options, for: what)
        let l1 = try scalar(left, options, for: what)
        let l2 = try scalar(left, options, for: what)
        let l3 = try scalar(left, options, for: what)
        let r2 = try scalar(right, options, for: what)
        let r3 = try scalar(right, options, for: what)
        return Fragment(
          sql: "(length(\(r1)) <= length(\(l1)) AND "
            + "substr(\(l2), length(\(l3)) - length(\(r2)) + 1) = \(r3))",
          nullable: true)
      default:
        let l = try scalar(left, options, for: what)
        let r = try scalar(right, options, for: what)
        return Fragment(sql: "instr(\(l), \(r)) > 0", nullable: true)
      }
    case .column:
      let l = try scalar(left, options, for: what)
      let r = try scalar(right, options, for: what)
      switch comparison.op {
      case .beginsWith:
        return Fragment(sql: "left(\(l), length(\(r))) = \(r)", nullable: true)
      case .endsWith:
        return Fragment(sql: "right(\(l), length(\(r))) = \(r)", nullable: true)
      default:
        return Fragment(sql: "strpos(\(l), \(r)) > 0", nullable: true)
      }
    }
  }

  /// The operator that matches a pattern by code point: GLOB in SQLite, LIKE in PostgreSQL.
  private var matchOperator: String { dialect == .sqlite ? "GLOB" : "LIKE" }

  /// LIKE, whose `?` and `*` become the dialect's wildcards.
  mutating func writeLike(_ comparison: PredicateComparison, _ left: Operand, _ right: Operand)
    throws(PredicateEvaluationError) -> Fragment
  {
    try checkText(left, for: "LIKE")
    switch right {
    case .constant(.string(let pattern)):
      let l = try scalar(left, comparison.options, for: "LIKE")
      let folded = PredicateSemantics.fold(pattern, comparison.options)
      let translated = dialect == .sqlite ? Self.glob(like: folded) : Self.sqlLike(like: folded)
      return Fragment(sql: "\(l) \(matchOperator) \(try bind(.string(translated)))", nullable: true)
    case .constant: return Fragment(sql: dialect.literal(false), nullable: false)
    case .column, .list: throw .unsupportedInSQL("LIKE with a key path or a list as its pattern")
    }
  }

  /// MATCHES: the store's `regexp` function in SQLite; in PostgreSQL `~`, for the patterns
  /// both engines read alike (see ``PortableRegex``) and without `[c]` or `[d]`.
  mutating func writeMatches(
    _ comparison: PredicateComparison, _ left: Operand, _ right: Operand
  ) throws(PredicateEvaluationError) -> Fragment {
    try checkText(left, for: "MATCHES")
    let caseInsensitive = comparison.options.contains(.caseInsensitive)
    let valueOptions = comparison.options.subtracting(.caseInsensitive)
    let function = PredicateSQLFunctions.regexpName
    switch right {
    case .constant(.string(let pattern)):
      let effective = PredicateRegex.effectivePattern(pattern, caseInsensitive: caseInsensitive)
      do {
        _ = try PredicateRegex.compile(effective)
      } catch {
        throw .invalidRegularExpression(pattern: pattern, reason: error.reason)
      }
      if dialect == .postgres {
        guard comparison.options.isEmpty, let anchored = PortableRegex.anchored(pattern) else {
          throw .unsupportedInSQL("MATCHES '\(pattern)' in PostgreSQL")
        }
        let l = try scalar(left, [], for: "MATCHES")
        return Fragment(sql: "\(l) ~ \(try bind(.string(anchored)))", nullable: true)
      }
      let p = try bind(.string(effective))
      let l = try scalar(left, valueOptions, for: "MATCHES")
      return Fragment(sql: "\(function)(\(p), \(l))", nullable: true)
    case .constant:
      return Fragment(sql: dialect.literal(false), nullable: false)
    case .list:
      throw .unsupportedInSQL("MATCHES with a list")
    case .column(let column, _):
      if dialect == .postgres { throw .unsupportedInSQL("MATCHES with a key path pattern") }
      let p = caseInsensitive ? "\(try bind(.string("(?i)"))) || \(column)" : column
      let l = try scalar(left, valueOptions, for: "MATCHES")
      return Fragment(sql: "\(function)(\(p), \(l))", nullable: true)
    }
  }

  // MARK: - Patterns

  /// `text` as a GLOB pattern that matches exactly it: `*`, `?` and `[` in brackets.
  static func globEscaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "*", "?", "[": result += "[\(scalar)]"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A LIKE pattern as the equivalent GLOB pattern.
  static func glob(like pattern: String) -> String {
    var result = ""
    for piece in PredicateSemantics.wildcards(pattern) {
      switch piece {
      case .any: result += "*"
      case .one: result += "?"
      case .scalar(let scalar): result += globEscaped(String(scalar))
      }
    }
    return result
  }

  /// `text` as an SQL LIKE pattern that matches exactly it: `%`, `_` and `\` after a
  /// backslash (PostgreSQL's default escape).
  static func likeEscaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar == "%" || scalar == "_" || scalar == "\\" { result += "\\" }
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  /// A predicate LIKE pattern (`?` and `*`) as the equivalent SQL LIKE pattern (`_` and `%`).
  static func sqlLike(like pattern: String) -> String {
    var result = ""
    for piece in PredicateSemantics.wildcards(pattern) {
      switch piece {
      case .any: result += "%"
      case .one: result += "_"
      case .scalar(let scalar): result += likeEscaped(String(scalar))
      }
    }
    return result
  }
}
