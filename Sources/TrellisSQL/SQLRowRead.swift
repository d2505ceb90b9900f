import Trellis

/// A statement of the relational layer that reads rows: SQL in a store's dialect, with the
/// arguments of its placeholders, which each store runs and decodes its own way.
///
/// The reads themselves are written once, in ``RelationalEntity``'s `…Read` methods: which
/// columns a row is read with, in what order rows, children and pairs come, and how a list of
/// keys is asked for in each dialect.
package struct SQLRowRead: Sendable, Equatable {
  /// The value of one placeholder.
  package enum Argument: Sendable, Equatable {
    /// One value.
    case value(Value)
    /// A list of row keys, bound as one array (PostgreSQL's `= ANY($1::bigint[])`).
    case keys([Int64])
  }

  /// The statement's text.
  package var sql: String
  /// The values of its placeholders, in order.
  package var arguments: [Argument]

  package init(_ sql: String, arguments: [Argument] = []) {
    self.sql = sql
    self.arguments = arguments
  }

  /// Ends the statement with `limit` rows (all when `nil`) from `offset`, bound as arguments
  /// in `dialect`.
  package mutating func page(limit: Int?, offset: Int, in dialect: SQLDialect) {
    func bind(_ number: Int) -> String {
      arguments.append(.value(.int(number)))
      return dialect.placeholder(arguments.count, for: .int(number))
    }
    if let limit {
      sql += " LIMIT " + bind(Swift.max(limit, 0))
    } else if offset > 0, dialect == .sqlite {
      // SQLite has no OFFSET without a LIMIT.
      sql += " LIMIT -1"
    }
    if offset > 0 { sql += " OFFSET " + bind(offset) }
  }
}

extension SQLDialect {
  /// How many keys one statement asks for at most: SQLite binds each to a placeholder of its
  /// own, and limits how many a statement has.
  package var keysPerRead: Int {
    switch self {
    case .sqlite: 500
    case .postgres: .max
    }
  }

  /// The condition that `column` is one of `keys`, with its arguments, its placeholders
  /// numbered after `placeholderOffset` arguments.
  package func membership(_ column: String, of keys: [Int64], placeholderOffset: Int = 0)
    -> (sql: String, arguments: [SQLRowRead.Argument])
  {
    switch self {
    case .sqlite:
      let marks = Array(repeating: "?", count: keys.count).joined(separator: ", ")
      return ("\(column) IN (\(marks))", keys.map { .value(.int(Int($0))) })
    case .postgres:
      return ("\(column) = ANY($\(placeholderOffset + 1)::bigint[])", [.keys(keys)])
    }
  }

  /// The column that keeps the order rows were inserted in, when the dialect has one.
  var insertionOrder: String? { self == .sqlite ? "rowid" : nil }
}
