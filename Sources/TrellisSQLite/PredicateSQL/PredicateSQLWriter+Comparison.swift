import TrellisPredicates
import TrellisValues

extension PredicateSQLWriter {
  /// The SQL for one comparison.
  mutating func write(_ comparison: PredicateComparison) throws(PredicateEvaluationError)
    -> Fragment
  {
    if let fragment = try writeMembership(comparison) { return fragment }
    if let quantifier = comparison.quantifier {
      throw .unsupportedInSQL("\(quantifier.rawValue) (a quantifier over a collection)")
    }
    let left = try resolve(comparison.left)
    let right = try resolve(comparison.right)
    if case .list = left {
      throw .unsupportedInSQL("a list on the left of \(comparison.op.rawValue)")
    }
    let options = comparison.options
    let what = comparison.op.rawValue
    switch comparison.op {
    case .equal, .notEqual:
      let isNot = comparison.op == .notEqual ? " NOT" : ""
      if case .constant(.null) = right {
        return Fragment(sql: "\(try scalar(left, [], for: what)) IS\(isNot) NULL", nullable: false)
      }
      if case .constant(.null) = left {
        return Fragment(sql: "\(try scalar(right, [], for: what)) IS\(isNot) NULL", nullable: false)
      }
      let l = try scalar(left, options, for: what)
      let r = try scalar(right, options, for: what)
      return Fragment(sql: "\(l) IS\(isNot) \(r)", nullable: false)
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      let l = try scalar(left, options, for: what)
      let r = try scalar(right, options, for: what)
      return Fragment(sql: "\(l) \(comparison.op.rawValue) \(r)", nullable: true)
    case .between:
      return try writeBetween(comparison, left, right)
    case .in:
      return try writeIn(comparison, left, right)
    case .contains, .beginsWith, .endsWith:
      return try writeSubstring(comparison, left, right)
    case .like:
      switch right {
      case .constant(.string(let pattern)):
        let l = try scalar(left, options, for: what)
        let glob = Self.glob(like: PredicateSemantics.fold(pattern, options))
        return Fragment(sql: "\(l) GLOB \(try bind(.string(glob)))", nullable: true)
      case .constant: return Fragment(sql: "0", nullable: false)
      case .column, .list: throw .unsupportedInSQL("LIKE with a key path or a list as its pattern")
      }
    case .matches:
      return try writeMatches(comparison, left, right)
    }
  }

  private mutating func writeBetween(
    _ comparison: PredicateComparison, _ left: Operand, _ right: Operand
  ) throws(PredicateEvaluationError) -> Fragment {
    switch right {
    case .list(let bounds) where bounds.count == 2:
      let l = try scalar(left, comparison.options, for: "BETWEEN")
      let low = try scalar(bounds[0], comparison.options, for: "BETWEEN")
      let high = try scalar(bounds[1], comparison.options, for: "BETWEEN")
      return Fragment(sql: "(\(l) BETWEEN \(low) AND \(high))", nullable: true)
    case .constant(.null):
      return Fragment(sql: "0", nullable: false)
    case .column:
      throw .unsupportedInSQL("BETWEEN with a key path as its bounds")
    case .list(let bounds):
      throw .invalidBounds(
        operand: "'\(comparison.right.text)'", found: "a list of \(bounds.count)")
    case .constant(let value):
      throw .invalidBounds(
        operand: "'\(comparison.right.text)'", found: PredicateEvaluator.describe(value))
    }
  }

  private mutating func writeIn(
    _ comparison: PredicateComparison, _ left: Operand, _ right: Operand
  ) throws(PredicateEvaluationError) -> Fragment {
    let options = comparison.options
    switch right {
    case .list(let elements):
      if elements.isEmpty { return Fragment(sql: "0", nullable: false) }
      let allConstants = elements.allSatisfy {
        if case .constant(let value) = $0 { !value.isNull } else { false }
      }
      if allConstants {
        let l = try scalar(left, options, for: "IN")
        var placeholders: [String] = []
        for element in elements { placeholders.append(try scalar(element, options, for: "IN")) }
        return Fragment(
          sql: "\(l) IN (\(placeholders.joined(separator: ", ")))", nullable: true)
      }
      // With nil or columns in the list, compare one by one with IS, so that nil IN {nil}.
      var parts: [String] = []
      for element in elements {
        let l = try scalar(left, options, for: "IN")
        let r = try scalar(element, options, for: "IN")
        parts.append("\(l) IS \(r)")
      }
      return Fragment(sql: "(\(parts.joined(separator: " OR ")))", nullable: false)
    case .constant(.null):
      return Fragment(sql: "0", nullable: false)
    case .constant(let value):
      throw .notACollection(
        operator: "IN", operand: "'\(comparison.right.text)'", found: value.type)
    case .column:
      throw .unsupportedInSQL("IN with a key path to a collection")
    }
  }

  private mutating func writeSubstring(
    _ comparison: PredicateComparison, _ left: Operand, _ right: Operand
  ) throws(PredicateEvaluationError) -> Fragment {
    let options = comparison.options
    let what = comparison.op.rawValue
    switch right {
    case .constant(.string(let text)):
      let l = try scalar(left, options, for: what)
      let literal = Self.globEscaped(PredicateSemantics.fold(text, options))
      let pattern: String
      switch comparison.op {
      case .beginsWith: pattern = literal + "*"
      case .endsWith: pattern = "*" + literal
      default: pattern = "*" + literal + "*"
      }
      return Fragment(sql: "\(l) GLOB \(try bind(.string(pattern)))", nullable: true)
    case .constant:
      return Fragment(sql: "0", nullable: false)
    case .list:
      throw .unsupportedInSQL("\(what) with a list")
    case .column:
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
    }
  }

  private mutating func writeMatches(
    _ comparison: PredicateComparison, _ left: Operand, _ right: Operand
  ) throws(PredicateEvaluationError) -> Fragment {
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
      let p = try bind(.string(effective))
      let l = try scalar(left, valueOptions, for: "MATCHES")
      return Fragment(sql: "\(function)(\(p), \(l))", nullable: true)
    case .constant:
      return Fragment(sql: "0", nullable: false)
    case .list:
      throw .unsupportedInSQL("MATCHES with a list")
    case .column(let column):
      let p = caseInsensitive ? "\(try bind(.string("(?i)"))) || \(column)" : column
      let l = try scalar(left, valueOptions, for: "MATCHES")
      return Fragment(sql: "\(function)(\(p), \(l))", nullable: true)
    }
  }

  // MARK: - GLOB patterns

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

  /// `ANY tags == $tag` or `$tag IN tags`, where `tags` is a many-to-many relationship: the
  /// owner's key among the join's sources for that target. `nil` for other comparisons.
  mutating func writeMembership(_ comparison: PredicateComparison)
    throws(PredicateEvaluationError) -> Fragment?
  {
    let path: String
    let other: PredicateOperand
    switch (comparison.quantifier, comparison.op, comparison.left, comparison.right) {
    case (.anyElement?, .equal, .keyPath(let keyPath), let value):
      (path, other) = (keyPath, value)
    case (nil, .in, let value, .keyPath(let keyPath)):
      (path, other) = (keyPath, value)
    default:
      return nil
    }
    guard let join = memberships(path) else { return nil }
    let value = try scalar(try resolve(other), [], for: "a membership")
    let sql =
      "\(Self.quoted(join.ownerKey)) IN (SELECT \(Self.quoted(join.source)) FROM "
      + "\(Self.quoted(join.table)) WHERE \(Self.quoted(join.target)) = \(value))"
    return Fragment(sql: sql, nullable: false)
  }
}
