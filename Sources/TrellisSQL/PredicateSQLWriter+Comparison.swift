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
      let isNot = comparison.op == .notEqual
      if case .constant(.null) = right {
        return Fragment(
          sql: "\(try scalar(left, [], for: what)) IS\(isNot ? " NOT" : "") NULL", nullable: false)
      }
      if case .constant(.null) = left {
        return Fragment(
          sql: "\(try scalar(right, [], for: what)) IS\(isNot ? " NOT" : "") NULL", nullable: false)
      }
      try checkComparable(left, right, for: what)
      let l = try scalar(left, options, for: what)
      let r = try scalar(right, options, for: what)
      // PostgreSQL answers `IS NOT DISTINCT FROM` by reading every row, not from an index. A
      // value that is not nil is the same as a column exactly when `=` says so, and `=` is
      // unknown where the column is NULL, which the writer reads as false (also under NOT).
      if dialect == .postgres, !isNot, left.isConstant != right.isConstant {
        return Fragment(sql: "\(l) = \(r)", nullable: true)
      }
      return Fragment(sql: dialect.same(l, r, not: isNot), nullable: false)
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      try checkComparable(left, right, for: what)
      let l = try ordered(left, options, for: what)
      let r = try ordered(right, options, for: what)
      return Fragment(sql: "\(l) \(comparison.op.rawValue) \(r)", nullable: true)
    case .between:
      return try writeBetween(comparison, left, right)
    case .in:
      return try writeIn(comparison, left, right)
    case .contains, .beginsWith, .endsWith:
      return try writeSubstring(comparison, left, right)
    case .like:
      return try writeLike(comparison, left, right)
    case .matches:
      return try writeMatches(comparison, left, right)
    }
  }

  private mutating func writeBetween(
    _ comparison: PredicateComparison, _ left: Operand, _ right: Operand
  ) throws(PredicateEvaluationError) -> Fragment {
    switch right {
    case .list(let bounds) where bounds.count == 2:
      try checkComparable(left, bounds[0], for: "BETWEEN")
      try checkComparable(left, bounds[1], for: "BETWEEN")
      let l = try ordered(left, comparison.options, for: "BETWEEN")
      let low = try ordered(bounds[0], comparison.options, for: "BETWEEN")
      let high = try ordered(bounds[1], comparison.options, for: "BETWEEN")
      return Fragment(sql: "(\(l) BETWEEN \(low) AND \(high))", nullable: true)
    case .constant(.null):
      return Fragment(sql: dialect.literal(false), nullable: false)
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
      if elements.isEmpty { return Fragment(sql: dialect.literal(false), nullable: false) }
      for element in elements { try checkComparable(left, element, for: "IN") }
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
        if dialect == .postgres, case .constant(.null) = element {
          parts.append("\(l) IS NULL")
          continue
        }
        let r = try scalar(element, options, for: "IN")
        parts.append(dialect.same(l, r, not: false))
      }
      return Fragment(sql: "(\(parts.joined(separator: " OR ")))", nullable: false)
    case .constant(.null):
      return Fragment(sql: dialect.literal(false), nullable: false)
    case .constant(let value):
      throw .notACollection(
        operator: "IN", operand: "'\(comparison.right.text)'", found: value.type)
    case .column:
      throw .unsupportedInSQL("IN with a key path to a collection")
    }
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
      "\(dialect.quoted(join.ownerKey)) IN (SELECT \(dialect.quoted(join.source)) FROM "
      + "\(dialect.quoted(join.table)) WHERE \(dialect.quoted(join.target)) = \(value))"
    return Fragment(sql: sql, nullable: false)
  }
}
