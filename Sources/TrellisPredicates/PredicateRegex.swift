import Foundation
import TrellisValues

/// The regular expressions of MATCHES, and of the patterns values are checked against: Swift
/// `Regex` syntax, matched by a ``RegexAutomaton`` in time linear in the text.
///
/// Compiled expressions are cached, so evaluating one predicate over many values compiles its
/// pattern once.
package enum PredicateRegex {
  /// Why a pattern did not compile, or is not matched.
  package struct CompileError: Error {
    package var reason: String
  }

  /// Compiled expressions by effective pattern. An automaton is immutable once built, so
  /// sharing one between threads is safe although the `Regex`es of its tests are not declared
  /// `Sendable`.
  private static let cache = UncheckedLocked<[String: RegexAutomaton]>([:])
  private static let cacheLimit = 256

  /// The pattern as handed to the engine: `(?i)` in front for case-insensitive matching.
  package static func effectivePattern(_ pattern: String, caseInsensitive: Bool) -> String {
    caseInsensitive ? "(?i)" + pattern : pattern
  }

  /// The compiled expression for `pattern`. Throws `Regex`'s reason for a pattern it cannot
  /// read, and the automaton's for one that needs backtracking.
  package static func compile(_ pattern: String, caseInsensitive: Bool = false) throws(CompileError)
    -> RegexAutomaton
  {
    let effective = effectivePattern(pattern, caseInsensitive: caseInsensitive)
    if let cached = cache.withLock({ $0[effective] }) { return cached }
    do {
      _ = try Regex(effective)
    } catch {
      throw CompileError(reason: String(describing: error))
    }
    let automaton = try RegexAutomaton(effective)
    cache.withLock { cache in
      if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
      cache[effective] = automaton
    }
    return automaton
  }

  /// Whether the whole of `value` matches `pattern`.
  static func wholeMatch(_ pattern: String, _ value: String, caseInsensitive: Bool = false)
    throws(CompileError) -> Bool
  {
    try compile(pattern, caseInsensitive: caseInsensitive).wholeMatch(value)
  }

  /// Whether some part of `value` matches `pattern`, as a schema's `pattern` rule asks.
  package static func firstMatch(_ pattern: String, _ value: String) throws(CompileError) -> Bool {
    try compile(pattern).firstMatch(value)
  }

  /// Whether the whole of `value` matches `pattern`, as MATCHES decides it (the evaluator and
  /// the SQL `regexp` function both call this); an invalid pattern is an evaluation error.
  package static func matches(_ pattern: String, _ value: String)
    throws(PredicateEvaluationError) -> Bool
  {
    do {
      return try wholeMatch(pattern, value)
    } catch {
      throw .invalidRegularExpression(pattern: pattern, reason: error.reason)
    }
  }
}
