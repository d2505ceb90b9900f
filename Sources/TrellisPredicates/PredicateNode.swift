import TrellisValues

/// A node of a parsed predicate: a constant, a negation, a conjunction, a disjunction or a
/// comparison.
///
/// Conjunctions and disjunctions are n-ary and never directly contain a node of their own kind,
/// so a long `a AND b AND c ...` chain is one level deep and the tree's depth is bounded by the
/// nesting the text spells out.
package indirect enum PredicateNode: Hashable, Sendable {
  case constant(Bool)
  case not(PredicateNode)
  case and([PredicateNode])
  case or([PredicateNode])
  case comparison(PredicateComparison)

  /// A conjunction of `nodes`, flattened: nested conjunctions are spliced in.
  static func conjunction(_ nodes: [PredicateNode]) -> PredicateNode {
    var flat: [PredicateNode] = []
    for node in nodes {
      if case .and(let children) = node {
        flat.append(contentsOf: children)
      } else {
        flat.append(node)
      }
    }
    switch flat.count {
    case 0: return .constant(true)
    case 1: return flat[0]
    default: return .and(flat)
    }
  }

  /// A disjunction of `nodes`, flattened: nested disjunctions are spliced in.
  static func disjunction(_ nodes: [PredicateNode]) -> PredicateNode {
    var flat: [PredicateNode] = []
    for node in nodes {
      if case .or(let children) = node {
        flat.append(contentsOf: children)
      } else {
        flat.append(node)
      }
    }
    switch flat.count {
    case 0: return .constant(false)
    case 1: return flat[0]
    default: return .or(flat)
    }
  }
}

/// One comparison: `[quantifier] left operator[options] right`.
package struct PredicateComparison: Hashable, Sendable {
  package var quantifier: PredicateQuantifier?
  package var left: PredicateOperand
  package var op: PredicateOperator
  package var options: PredicateOptions
  package var right: PredicateOperand
}

/// ANY, ALL or NONE over the elements of the left operand. SOME is a synonym of ANY.
package enum PredicateQuantifier: String, Hashable, Sendable {
  case anyElement = "ANY"
  case everyElement = "ALL"
  case noElement = "NONE"
}

/// What a comparison compares: a key path, `SELF`, a `$variable`, a literal or an aggregate.
package indirect enum PredicateOperand: Hashable, Sendable {
  /// A dotted key path, without a leading `SELF.`.
  case keyPath(String)
  /// The value the predicate is evaluated on.
  case evaluatedValue
  /// A variable, named without its `$`.
  case variable(String)
  /// A constant: nil, a Boolean, a number, a string or a date.
  case literal(Value)
  /// `{a, b, c}`.
  case aggregate([PredicateOperand])
}

/// The comparison operators.
package enum PredicateOperator: String, Hashable, Sendable, CaseIterable {
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case between = "BETWEEN"
  case beginsWith = "BEGINSWITH"
  case endsWith = "ENDSWITH"
  case contains = "CONTAINS"
  case like = "LIKE"
  case matches = "MATCHES"
  case `in` = "IN"

  /// Whether the operator is spelt as a word (and so needs spaces around it when printed).
  var isWord: Bool { rawValue.first?.isLetter ?? false }
}

/// The `[c]`, `[d]` and `[cd]` modifiers of a comparison.
///
/// The raw values are also the flags of the SQLite store's `trellis_fold` function.
public struct PredicateOptions: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// `[c]`: letters compare without regard to case (full Unicode case folding).
  public static let caseInsensitive = PredicateOptions(rawValue: 1)
  /// `[d]`: letters compare without regard to diacritics (`é` matches `e`).
  public static let diacriticInsensitive = PredicateOptions(rawValue: 2)

  /// The modifier as written in a predicate: `[c]`, `[d]`, `[cd]`, or nothing.
  var modifierText: String {
    var letters = ""
    if contains(.caseInsensitive) { letters += "c" }
    if contains(.diacriticInsensitive) { letters += "d" }
    return letters.isEmpty ? "" : "[\(letters)]"
  }
}
