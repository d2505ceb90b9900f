import TrellisValues

/// Why a predicate could not be evaluated or translated to SQL.
///
/// Parse errors are ``Diagnostic``s instead, located in the predicate's text.
public enum PredicateEvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A key path could not be read: usually a misspelt property. `suggestion` is the closest
  /// property name, when there is one.
  case keyPath(BindingError, suggestion: String?)
  /// A `$variable` has no value in the variables given.
  case unresolvedVariable(String)
  /// A regular expression (from a key path or a variable) is not valid.
  case invalidRegularExpression(pattern: String, reason: String)
  /// An operand that must be a collection is not one.
  case notACollection(operator: String, operand: String, found: ValueType)
  /// BETWEEN's bounds are not a pair `{low, high}`.
  case invalidBounds(operand: String, found: String)
  /// The column mapping has no column for a key path.
  case unknownColumn(keyPath: String)
  /// A construct that has no SQL translation.
  case unsupportedInSQL(String)

  public var description: String {
    switch self {
    case .keyPath(let error, let suggestion):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return "cannot read key path '\(error.keyPath)': \(error)\(hint)"
    case .unresolvedVariable(let name):
      return "the variable '$\(name)' has no value"
    case .invalidRegularExpression(let pattern, let reason):
      return "invalid regular expression \"\(pattern)\": \(reason)"
    case .notACollection(let op, let operand, let found):
      return "\(op) needs a collection, but \(operand) is \(found == .null ? "nil" : "a \(found)")"
    case .invalidBounds(let operand, let found):
      return "BETWEEN needs two bounds {low, high}, but \(operand) is \(found)"
    case .unknownColumn(let keyPath):
      return "no column for key path '\(keyPath)'"
    case .unsupportedInSQL(let what):
      return "\(what) cannot be translated to SQL"
    }
  }
}
