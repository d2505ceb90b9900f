import TrellisValues

/// A condition over key paths, written in Trellis's predicate language: the replacement for
/// `NSPredicate(format:)` strings.
///
/// ```swift
/// let adults = try Predicate("age >= 18 AND name BEGINSWITH[c] $prefix")
/// try adults.evaluate(on: person, variables: ["prefix": "an"])
/// let (clause, arguments) = try adults.sql(columns: { $0 }, variables: ["prefix": "an"])
/// ```
///
/// A predicate is a value: parsing the same text gives equal predicates, and ``description``
/// prints canonical text that parses back to an equal predicate. The language (grammar,
/// operators, precedence, comparison rules, SQL translation) is specified in the Predicate
/// Language article.
public struct Predicate: Hashable, Sendable, CustomStringConvertible {
  /// The parsed tree.
  package let root: PredicateNode

  init(root: PredicateNode) {
    self.root = root
  }

  /// Parses `text`, or throws a ``Diagnostic`` at the line and column of the first problem,
  /// saying what was found and what was expected.
  ///
  /// - Parameters:
  ///   - text: The predicate, such as `name BEGINSWITH[c] "a" AND age > 3`.
  ///   - file: The file the text comes from, for the diagnostic.
  ///   - origin: Where the text starts in that file, when it is embedded in a larger document;
  ///     locations are shifted to match.
  public init(_ text: String, file: String? = nil, origin: SourceLocation? = nil)
    throws(Diagnostic)
  {
    root = try PredicateParser.parse(text, file: file, origin: origin)
  }

  /// `keyPath == $variable`, or with `anyElement` `ANY keyPath == $variable`, made without
  /// parsing: a store's filter on a relationship, built each time a list opens.
  package static func keyPath(_ keyPath: String, equals variable: String, anyElement: Bool = false)
    -> Predicate
  {
    Predicate(
      root: .comparison(
        PredicateComparison(
          quantifier: anyElement ? .anyElement : nil, left: .keyPath(keyPath), op: .equal,
          options: [], right: .variable(variable))))
  }

  /// The predicate that always holds: `TRUEPREDICATE`.
  public static let always = Predicate(root: .constant(true))
  /// The predicate that never holds: `FALSEPREDICATE`.
  public static let never = Predicate(root: .constant(false))

  /// The canonical text, which parses back to an equal predicate.
  public var description: String { root.text }

  /// Both predicates: `lhs AND rhs`.
  public static func && (lhs: Predicate, rhs: Predicate) -> Predicate {
    Predicate(root: .conjunction([lhs.root, rhs.root]))
  }

  /// Either predicate: `lhs OR rhs`.
  public static func || (lhs: Predicate, rhs: Predicate) -> Predicate {
    Predicate(root: .disjunction([lhs.root, rhs.root]))
  }

  /// The negation: `NOT predicate`. Negating a negation gives back the original.
  public static prefix func ! (predicate: Predicate) -> Predicate {
    if case .not(let inner) = predicate.root { return Predicate(root: inner) }
    return Predicate(root: .not(predicate.root))
  }

  /// The key paths the predicate reads, in the order they first appear: what a screen watches
  /// to know when to evaluate it again.
  public var keyPaths: [String] {
    var paths: [String] = []
    root.visitOperands { operand in
      if case .keyPath(let path) = operand, !paths.contains(path) { paths.append(path) }
    }
    return paths
  }

  /// The names of the `$variables` the predicate uses (without `$`), in order of appearance.
  public var variableNames: [String] {
    var names: [String] = []
    root.visitOperands { operand in
      if case .variable(let name) = operand, !names.contains(name) { names.append(name) }
    }
    return names
  }
}

extension PredicateNode {
  /// Calls `body` with every operand, aggregates' elements included, left to right.
  func visitOperands(_ body: (PredicateOperand) -> Void) {
    switch self {
    case .constant: break
    case .not(let operand): operand.visitOperands(body)
    case .and(let operands), .or(let operands):
      for operand in operands { operand.visitOperands(body) }
    case .comparison(let comparison):
      comparison.left.visit(body)
      comparison.right.visit(body)
    }
  }
}

extension PredicateOperand {
  fileprivate func visit(_ body: (PredicateOperand) -> Void) {
    body(self)
    if case .aggregate(let elements) = self {
      for element in elements { element.visit(body) }
    }
  }
}
