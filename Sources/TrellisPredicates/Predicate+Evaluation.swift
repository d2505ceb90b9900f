import TrellisValues

extension Predicate {
  /// Whether the predicate holds for `value`: key paths are read from it, and `SELF` is it.
  ///
  /// - Throws: ``PredicateEvaluationError`` for a key path naming an unknown property (with a
  ///   suggestion), a `$variable` missing from `variables`, an invalid regular expression that
  ///   came from a key path or variable, or an operand of the wrong kind for IN, BETWEEN, ANY,
  ///   ALL or NONE.
  public func evaluate(on value: Value, variables: [String: Value] = [:])
    throws(PredicateEvaluationError)
    -> Bool
  {
    try PredicateEvaluator(root: value, variables: variables).evaluate(root)
  }

  /// Whether the predicate holds for `object`, reading key paths through its key-value coding.
  public func evaluate(on object: any KeyValueCoding, variables: [String: Value] = [:])
    throws(PredicateEvaluationError) -> Bool
  {
    try evaluate(on: .object(ObjectReference(object)), variables: variables)
  }
}
