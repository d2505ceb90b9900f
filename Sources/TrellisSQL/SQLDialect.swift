import Foundation
import TrellisPredicates
import TrellisValues

/// The SQL a database understands, where SQLite and PostgreSQL write the same predicate
/// differently: placeholders, Booleans, null-safe equality, case folding, text order, regular
/// expressions.
///
/// Both dialects keep the in-memory semantics of ``Predicate``; where a database cannot give
/// the same answer for every value, the writer declines (``PredicateEvaluationError/unsupportedInSQL(_:)``)
/// and the store filters in memory instead.
package enum SQLDialect: Hashable, Sendable {
  /// SQLite: `?` placeholders, Booleans as 0 and 1, dates as seconds since 1970, and the
  /// `regexp` and `trellis_fold` functions a store registers (see ``PredicateSQLFunctions``).
  case sqlite
  /// PostgreSQL: `$n` placeholders cast to their type, `TRUE` and `FALSE`, `lower()` for
  /// `[c]` and `~` for the regular expressions both engines read alike.
  case postgres

  /// An identifier in double quotes, with inner quotes doubled.
  package func quoted(_ identifier: String) -> String {
    // Scanned as bytes: `String.contains(_:)` with Foundation goes through `NSString`.
    identifier.utf8.contains(UInt8(ascii: "\""))
      ? "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
      : "\"" + identifier + "\""
  }

  /// The literal of a Boolean.
  package func literal(_ flag: Bool) -> String {
    switch self {
    case .sqlite: flag ? "1" : "0"
    case .postgres: flag ? "TRUE" : "FALSE"
    }
  }

  /// `left IS right` (or `IS NOT`): equality where NULL equals NULL.
  package func same(_ left: String, _ right: String, not: Bool) -> String {
    switch self {
    case .sqlite: "\(left) IS\(not ? " NOT" : "") \(right)"
    case .postgres: "\(left) IS\(not ? "" : " NOT") DISTINCT FROM \(right)"
    }
  }

  /// `condition`, with NULL (unknown) read as false.
  package func knownTrue(_ condition: String) -> String {
    "coalesce(\(condition), \(literal(false)))"
  }

  /// The placeholder of the argument at `index` (from 1), holding `value`.
  ///
  /// PostgreSQL's placeholders carry their type, so that a comparison needs no guessing.
  package func placeholder(_ index: Int, for value: Value) -> String {
    switch self {
    case .sqlite: return "?"
    case .postgres:
      let type =
        switch value {
        case .int: "bigint"
        case .double: "double precision"
        case .bool: "boolean"
        case .date: "timestamptz"
        case .data: "bytea"
        default: "text"
        }
      return "$\(index)::\(type)"
    }
  }

  /// A value as the dialect binds it: in SQLite, Booleans as 0 or 1 and dates as seconds
  /// since 1970 (a Double); in PostgreSQL, as it is.
  package func argument(_ value: Value) throws(PredicateEvaluationError) -> Value {
    switch value {
    case .array: throw .unsupportedInSQL("a list used as a single value")
    case .dictionary: throw .unsupportedInSQL("a dictionary value")
    case .object: throw .unsupportedInSQL("an object value")
    case .bool(let flag) where self == .sqlite: return .int(flag ? 1 : 0)
    case .date(let date) where self == .sqlite: return .double(date.timeIntervalSince1970)
    default: return value
    }
  }

  /// A text column folded for `options`.
  ///
  /// PostgreSQL folds case with `lower()`, after the writer has replaced the code points whose
  /// case folding is not their lowercase (``PostgresCaseFolding``). It has no diacritic
  /// folding by default (`unaccent` is an extension, and folds otherwise), so `[d]` is
  /// declined there and filtered in memory.
  package func folded(_ column: String, _ options: PredicateOptions)
    throws(PredicateEvaluationError) -> String
  {
    if options.isEmpty { return column }
    switch self {
    case .sqlite:
      return "\(PredicateSQLFunctions.foldName)(\(column), \(options.rawValue))"
    case .postgres:
      if options.contains(.diacriticInsensitive) {
        throw .unsupportedInSQL("[d] (diacritic-insensitive) in PostgreSQL")
      }
      return "lower(\(column))"
    }
  }

  /// A text operand as ordered by `<`, `>` and BETWEEN: by code point, as in memory.
  package func codePointOrdered(_ text: String) -> String {
    switch self {
    case .sqlite: text
    case .postgres: "((\(text)) COLLATE \"C\")"
    }
  }
}

extension SQLDialect {
  /// Whether the dialect binds `value` as an argument: PostgreSQL's text cannot hold NUL.
  package func binds(_ value: Value) -> Bool {
    switch value {
    case .string(let text) where self == .postgres: !text.utf8.contains(0)
    case .array, .dictionary, .object: false
    default: true
    }
  }

  /// A term of an `ORDER BY` on the quoted `column`, as every store sorts: text ignoring ASCII
  /// case (SQLite's `NOCASE`: A to Z folded, then by code point, which `lower()` under the C
  /// collation is in PostgreSQL), NULL before any value.
  package func orderTerm(_ column: String, text: Bool, ascending: Bool) -> String {
    switch self {
    case .sqlite:
      "\(column)\(text ? " COLLATE NOCASE" : "") \(ascending ? "ASC" : "DESC")"
    case .postgres:
      (text ? "lower(\(column) COLLATE \"C\")" : column)
        + (ascending ? " ASC NULLS FIRST" : " DESC NULLS LAST")
    }
  }
}
