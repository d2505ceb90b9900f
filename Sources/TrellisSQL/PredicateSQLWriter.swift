import Foundation
import TrellisPredicates
import TrellisValues

/// Translates a parsed predicate into a parameterized WHERE clause in a ``SQLDialect``.
///
/// Every constant becomes a placeholder whose value is appended to ``arguments``; identifiers
/// are quoted. The SQL keeps the in-memory semantics: `==` is null-safe (nil equals nil), NOT
/// treats an unknown (NULL) result as false, and string operators compare code points. When the
/// columns' kinds are known, a comparison of values of different types (a number with a
/// string), which is never true in memory but which a database may convert, is declined.
package struct PredicateSQLWriter {
  /// A piece of SQL, and whether it can evaluate to NULL.
  package struct Fragment {
    package var sql: String
    package var nullable: Bool
  }

  /// An operand, ready to write: a quoted column and its kind, a constant, or a list of those.
  indirect enum Operand {
    case column(String, SQLColumn.Kind?)
    case constant(Value)
    case list([Operand])

    /// The kind of the operand's values, when known.
    var kind: SQLColumn.Kind? {
      switch self {
      case .column(_, let kind): kind
      case .constant(let value): SQLColumn.Kind(of: value)
      case .list: nil
      }
    }

    /// Whether the operand is a constant (a value or a variable's).
    var isConstant: Bool {
      if case .constant = self { true } else { false }
    }
  }

  /// The SQL the writer writes.
  package let dialect: SQLDialect
  let columns: (String) -> SQLColumn?
  let variables: [String: Value]
  /// The number of arguments the statement already has, before the writer's.
  let placeholderOffset: Int
  /// The join of a key path naming a many-to-many relationship, if it is one.
  package var memberships: (String) -> PredicateSQLMembership? = { _ in nil }
  /// The values of the placeholders written so far, in order, as the dialect binds them.
  package private(set) var arguments: [Value] = []

  /// A writer of `dialect` whose placeholders follow `placeholderOffset` earlier ones.
  package init(
    dialect: SQLDialect = .sqlite, columns: @escaping (String) -> SQLColumn?,
    variables: [String: Value], placeholderOffset: Int = 0
  ) {
    self.dialect = dialect
    self.columns = columns
    self.variables = variables
    self.placeholderOffset = placeholderOffset
  }

  /// The SQL for `node`.
  package mutating func write(_ node: PredicateNode) throws(PredicateEvaluationError) -> Fragment {
    switch node {
    case .constant(let value): return Fragment(sql: dialect.literal(value), nullable: false)
    case .not(let operand):
      let inner = try write(operand)
      if inner.nullable {
        return Fragment(sql: "NOT \(dialect.knownTrue(inner.sql))", nullable: false)
      }
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
      return .column(dialect.quoted(column.name), column.kind)
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

  /// Declines comparing values of kinds that never compare in memory (a number with a
  /// string, a date with a number), which a database might convert and find equal.
  func checkComparable(_ left: Operand, _ right: Operand, for what: String)
    throws(PredicateEvaluationError)
  {
    guard let l = left.kind, let r = right.kind, !l.compares(with: r) else { return }
    throw .unsupportedInSQL("\(what) of \(l) values with \(r) values")
  }

  /// A scalar operand as SQL for an order comparison: text is compared by code point.
  mutating func ordered(_ operand: Operand, _ options: PredicateOptions, for what: String)
    throws(PredicateEvaluationError) -> String
  {
    let sql = try scalar(operand, options, for: what)
    return operand.kind == .text ? dialect.codePointOrdered(sql) : sql
  }

  /// A scalar operand as SQL, folded for `options`: a column (folded when it holds text) or a
  /// placeholder whose argument is appended.
  mutating func scalar(_ operand: Operand, _ options: PredicateOptions, for what: String)
    throws(PredicateEvaluationError) -> String
  {
    switch operand {
    case .column(let column, let kind):
      if options.isEmpty || (kind != nil && kind != .text) { return column }
      if dialect == .postgres { return try postgresFolded(column, options) }
      return try dialect.folded(column, options)
    case .constant(let value):
      if dialect == .postgres, value.isNull { return "NULL" }
      return try bind(PredicateSemantics.folded(value, options))
    case .list:
      throw .unsupportedInSQL("a list used as a single value in \(what)")
    }
  }

  /// A PostgreSQL text column folded for `[c]` as memory folds it: the code points whose
  /// folding is not their `lower()` replaced first (see ``PostgresCaseFolding``).
  mutating func postgresFolded(_ column: String, _ options: PredicateOptions)
    throws(PredicateEvaluationError) -> String
  {
    var sql = column
    for (source, target) in PostgresCaseFolding.replacements {
      sql = "replace(\(sql), \(try bind(.string(source))), \(try bind(.string(target))))"
    }
    let (from, to) = PostgresCaseFolding.translation
    sql = "translate(\(sql), \(try bind(.string(from))), \(try bind(.string(to))))"
    return try dialect.folded(sql, options)
  }

  /// Appends `value` as an argument and returns its placeholder.
  mutating func bind(_ value: Value) throws(PredicateEvaluationError) -> String {
    arguments.append(try dialect.argument(value))
    return dialect.placeholder(placeholderOffset + arguments.count, for: value)
  }

  /// An identifier in double quotes, with inner quotes doubled.
  static func quoted(_ identifier: String) -> String {
    SQLDialect.sqlite.quoted(identifier)
  }
}
