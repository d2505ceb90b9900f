import Foundation
import TrellisValues

/// The regular expressions of MATCHES: Swift `Regex` syntax, matched against the whole string.
///
/// Compiled expressions are cached, so evaluating one predicate over many values compiles its
/// pattern once.
package enum PredicateRegex {
  /// Why a pattern did not compile.
  package struct CompileError: Error {
    package var reason: String
  }

  /// Compiled expressions by effective pattern. A compiled regex is immutable, so sharing one
  /// between threads is safe although `Regex` is not declared `Sendable`.
  private static let cache = UncheckedLocked<[String: Regex<AnyRegexOutput>]>([:])
  private static let cacheLimit = 256

  /// The pattern as handed to the engine: `(?i)` in front for case-insensitive matching.
  package static func effectivePattern(_ pattern: String, caseInsensitive: Bool) -> String {
    caseInsensitive ? "(?i)" + pattern : pattern
  }

  /// The compiled expression for `pattern`.
  package static func compile(_ pattern: String, caseInsensitive: Bool = false) throws(CompileError)
    -> Regex<AnyRegexOutput>
  {
    let effective = effectivePattern(pattern, caseInsensitive: caseInsensitive)
    if let cached = cache.withLock({ $0[effective] }) { return cached }
    let regex: Regex<AnyRegexOutput>
    do {
      regex = try Regex(effective)
    } catch {
      throw CompileError(reason: String(describing: error))
    }
    cache.withLock { cache in
      if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
      cache[effective] = regex
    }
    return regex
  }

  /// Whether the whole of `value` matches `pattern`.
  static func wholeMatch(_ pattern: String, _ value: String, caseInsensitive: Bool = false)
    throws(CompileError) -> Bool
  {
    let regex = try compile(pattern, caseInsensitive: caseInsensitive)
    return (try? regex.wholeMatch(in: value)) != nil
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
