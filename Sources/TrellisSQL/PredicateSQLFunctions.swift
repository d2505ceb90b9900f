import TrellisPredicates
import TrellisValues

/// The SQL functions that the SQL written by ``Predicate/sql(columns:memberships:variables:)`` calls, which
/// a SQLite store registers so that SQL filtering gives the same results as in-memory filtering.
///
/// - `regexp(pattern, value)` (``regexpName``): 1 when the whole of the text `value` matches
///   `pattern`, 0 when it does not, NULL when either argument is NULL. An invalid pattern is an
///   SQL error. Implement it with ``matches(_:_:)``. (SQLite's `value REGEXP pattern` operator
///   calls the same function.)
/// - `trellis_fold(value, flags)` (``foldName``): for text, the text folded by ``fold(_:flags:)``
///   (flags 1 = case, 2 = diacritics, 3 = both); any other value, NULL included, unchanged.
///   Both functions are deterministic.
public enum PredicateSQLFunctions {
  /// The name of the regular-expression function: `regexp`.
  public static let regexpName = "regexp"
  /// The name of the folding function: `trellis_fold`.
  public static let foldName = "trellis_fold"

  /// Whether the whole of `value` matches the regular expression `pattern` (Swift `Regex`
  /// syntax; a leading `(?i)` makes it case-insensitive). Compiled patterns are cached.
  public static func matches(_ pattern: String, _ value: String) throws(PredicateEvaluationError)
    -> Bool
  {
    try PredicateRegex.matches(pattern, value)
  }

  /// `text` folded for comparison: flag 1 folds case (full Unicode case folding, `Straße`
  /// becomes `strasse`), flag 2 removes diacritics (`é` becomes `e`). Other bits are ignored.
  public static func fold(_ text: String, flags: Int) -> String {
    PredicateSemantics.fold(text, PredicateOptions(rawValue: flags & 3))
  }
}
