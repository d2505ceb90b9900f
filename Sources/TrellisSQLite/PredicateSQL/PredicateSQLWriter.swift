import Foundation
import TrellisPredicates
import TrellisValues

/// Translates a parsed predicate into a parameterized SQLite WHERE clause.
///
/// Every constant becomes a `?` argument; identifiers are quoted. The SQL keeps the in-memory
/// semantics: `==` is `IS` (so nil equals nil), NOT treats an unknown (NULL) result as false, and
/// string operators use `GLOB`, `instr` and `substr`, which are case-sensitive, rather than LIKE.
struct PredicateSQLWriter {
  /// A piece of SQL, and whether it can evaluate to NULL.
  struct Fragment {
    var sql: String
    var nullable: Bool
  }

  /// An operand, ready to write: a column, a constant, or a list of those.
  indirect enum Operand {
    case column(String)
    case constant(Value)
    case list([Operand])
  }

  let columns: (String) -> String?
  let variables: [String: Value]
  /// The join of a key path naming a many-to-many relationship, if it is one.
  var memberships: (String) -> PredicateSQLMembership? = { _ in nil }
  private(set) var arguments: [Value] = []

  init(columns: @escaping (String) -> String?, variables: [String: Value]) {
    self.columns = columns
    self.variables = variables
  }

  /// The SQL for `node`.
  mutating func write(_ node: PredicateNode) throws(PredicateEvaluationError) -> Fragment {
    switch node {
    case .constant(let value): return Fragment(sql: value ? "1" : "0", nullable: false)
    case .not(let operand):
      let inner = try write(operand)
      if inner.nullable { return Fragment(sql: "NOT coalesce(\(inner.sql), 0)", nullable: false) }
      return Fragment(sql: "NOT \(Self.grouped(inner.sql, operand))", nullable: false)
    case .and(let operands):
      var parts: [String] = []
      var nullable = false
      for operand in operands {
        let part = try write(operand)
        nullable = nullable || part.nullable
        if case .or = operand { parts.append("(\(part.sql))") } else { parts.append(part.sql) }
      }
      return Fragment(sql: parts.joined(separator: " AND "), nullable: nullable)
    case .or(let operands):
      var parts: [String] = []
      var nullable = false
      for operand in operands {
        let part = try write(operand)
        nullable = nullable || part.nullable
        parts.append(part.sql)
      }
      return Fragment(sql: parts.joined(separator: " OR "), nullable: nullable)
    case .comparison(let comparison):
      return try write(comparison)
    }
  }

  /// `sql` in parentheses when `node` is a conjunction or disjunction.
  private static func grouped(_ sql: String, _ node: PredicateNode) -> String {
    switch node {
    case .and, .or: "(\(sql))"
    default: sql
    }
  }

  // MARK: - Operands

  /// The operand, resolved: key paths to quoted columns, variables to their values.
  func resolve(_ operand: PredicateOperand) throws(PredicateEvaluationError) -> Operand {
    switch operand {
    case .keyPath(let path):
      guard let column = columns(path) else { throw .unknownColumn(keyPath: path) }
      return .column(Self.quoted(column))
    case .evaluatedValue:
      throw .unsupportedInSQL("SELF (the evaluated value itself)")
    case .variable(let name):
      guard let value = variables[name] else { throw .unresolvedVariable(name) }
      if case .array(let elements) = value { return .list(elements.map { .constant($0) }) }
      return .constant(value)
    case .literal(let value):
      return .constant(value)
    case .aggregate(let elements):
      var operands: [Operand] = []
      for element in elements { operands.append(try resolve(element)) }
      return .list(operands)
    }
  }

  /// An identifier in double quotes, with inner quotes doubled.
  static func quoted(_ identifier: String) -> String {
    "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// A scalar operand as SQL, folded for `options`: a column (wrapped in the fold function) or a
  /// `?` whose argument is appended.
  mutating func scalar(_ operand: Operand, _ options: PredicateOptions, for what: String)
    throws(PredicateEvaluationError) -> String
  {
    switch operand {
    case .column(let column):
      if options.isEmpty { return column }
      return "\(PredicateSQLFunctions.foldName)(\(column), \(options.rawValue))"
    case .constant(let value):
      return try bind(PredicateSemantics.folded(value, options))
    case .list:
      throw .unsupportedInSQL("a list used as a single value in \(what)")
    }
  }

  /// Appends `value` as an argument and returns its placeholder.
  mutating func bind(_ value: Value) throws(PredicateEvaluationError) -> String {
    arguments.append(try Self.argument(value))
    return "?"
  }

  /// A value as SQLite stores it: Booleans as 0 or 1, dates as seconds since 1970 (a Double).
  static func argument(_ value: Value) throws(PredicateEvaluationError) -> Value {
    switch value {
    case .null, .int, .double, .string, .data: return value
    case .bool(let flag): return .int(flag ? 1 : 0)
    case .date(let date): return .double(date.timeIntervalSince1970)
    case .array: throw .unsupportedInSQL("a list used as a single value")
    case .dictionary: throw .unsupportedInSQL("a dictionary value")
    case .object: throw .unsupportedInSQL("an object value")
    }
  }
}
