import TrellisValues

/// Evaluates a parsed predicate against one value, in memory.
package struct PredicateEvaluator {
  /// The value key paths start from, and that `SELF` stands for.
  let root: Value
  /// The values of `$variables`.
  let variables: [String: Value]

  /// Whether `node` holds.
  func evaluate(_ node: PredicateNode) throws(PredicateEvaluationError) -> Bool {
    switch node {
    case .constant(let value): return value
    case .not(let operand): return !(try evaluate(operand))
    case .and(let operands):
      for operand in operands where !(try evaluate(operand)) { return false }
      return true
    case .or(let operands):
      for operand in operands where try evaluate(operand) { return true }
      return false
    case .comparison(let comparison): return try evaluate(comparison)
    }
  }

  private func evaluate(_ comparison: PredicateComparison) throws(PredicateEvaluationError) -> Bool
  {
    let left = try value(of: comparison.left)
    let right = try value(of: comparison.right)
    guard let quantifier = comparison.quantifier else {
      return try apply(comparison, left, right)
    }
    let elements: [Value]
    switch left {
    case .array(let values): elements = values
    case .null: elements = []
    default:
      throw .notACollection(
        operator: quantifier.rawValue, operand: "'\(comparison.left.text)'", found: left.type)
    }
    switch quantifier {
    case .anyElement:
      for element in elements where try apply(comparison, element, right) { return true }
      return false
    case .everyElement:
      for element in elements where !(try apply(comparison, element, right)) { return false }
      return true
    case .noElement:
      for element in elements where try apply(comparison, element, right) { return false }
      return true
    }
  }

  /// The value of an operand.
  func value(of operand: PredicateOperand) throws(PredicateEvaluationError) -> Value {
    switch operand {
    case .keyPath(let path): return try PredicateKeyPath.read(path, from: root)
    case .evaluatedValue: return root
    case .variable(let name):
      guard let value = variables[name] else { throw .unresolvedVariable(name) }
      return value
    case .literal(let value): return value
    case .aggregate(let elements):
      var values: [Value] = []
      values.reserveCapacity(elements.count)
      for element in elements { values.append(try value(of: element)) }
      return .array(values)
    }
  }

  /// The operator of `comparison` applied to two values.
  private func apply(_ comparison: PredicateComparison, _ left: Value, _ right: Value)
    throws(PredicateEvaluationError) -> Bool
  {
    let options = comparison.options
    switch comparison.op {
    case .equal: return PredicateSemantics.equal(left, right, options)
    case .notEqual: return !PredicateSemantics.equal(left, right, options)
    case .less: return PredicateSemantics.order(left, right, options).map { $0 < 0 } ?? false
    case .lessOrEqual:
      return PredicateSemantics.order(left, right, options).map { $0 <= 0 } ?? false
    case .greater: return PredicateSemantics.order(left, right, options).map { $0 > 0 } ?? false
    case .greaterOrEqual:
      return PredicateSemantics.order(left, right, options).map { $0 >= 0 } ?? false
    case .between:
      guard case .array(let bounds) = right, bounds.count == 2 else {
        if right.isNull { return false }
        throw .invalidBounds(operand: "'\(comparison.right.text)'", found: Self.describe(right))
      }
      guard let low = PredicateSemantics.order(left, bounds[0], options),
        let high = PredicateSemantics.order(left, bounds[1], options)
      else { return false }
      return low >= 0 && high <= 0
    case .in:
      switch right {
      case .array(let elements):
        return elements.contains { PredicateSemantics.equal(left, $0, options) }
      case .null: return false
      default:
        throw .notACollection(
          operator: "IN", operand: "'\(comparison.right.text)'", found: right.type)
      }
    case .contains:
      switch (left, right) {
      case (.string(let text), .string(let part)):
        return PredicateSemantics.contains(
          PredicateSemantics.fold(text, options), PredicateSemantics.fold(part, options))
      case (.array(let elements), _):
        return elements.contains { PredicateSemantics.equal($0, right, options) }
      default: return false
      }
    case .beginsWith, .endsWith, .like:
      guard case .string(let text) = left, case .string(let pattern) = right else { return false }
      let foldedText = PredicateSemantics.fold(text, options)
      let foldedPattern = PredicateSemantics.fold(pattern, options)
      switch comparison.op {
      case .beginsWith: return PredicateSemantics.beginsWith(foldedText, foldedPattern)
      case .endsWith: return PredicateSemantics.endsWith(foldedText, foldedPattern)
      default: return PredicateSemantics.like(foldedText, foldedPattern)
      }
    case .matches:
      guard case .string(let text) = left, case .string(let pattern) = right else { return false }
      return try PredicateRegex.matches(
        PredicateRegex.effectivePattern(
          pattern, caseInsensitive: options.contains(.caseInsensitive)),
        PredicateSemantics.fold(text, options.subtracting(.caseInsensitive)))
    }
  }

  /// A value as messages show it: its type, and its count for arrays.
  package static func describe(_ value: Value) -> String {
    switch value {
    case .array(let elements): "a list of \(elements.count)"
    case .null: "nil"
    default: "a \(value.type)"
    }
  }
}
