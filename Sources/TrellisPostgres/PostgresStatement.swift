import Foundation
import PostgresNIO
import Trellis

/// An SQL statement being built: its text holds quoted identifiers and `$n` placeholders
/// only, and every value goes into its bindings.
struct PostgresStatement {
  /// The text so far.
  var sql = ""
  /// The values of the placeholders, in order.
  var binds = PostgresBindings()

  /// Creates a statement starting with `sql`.
  init(_ sql: String = "") { self.sql = sql }

  /// Appends SQL text that holds no values.
  mutating func append(_ text: String) { sql += text }

  /// Appends a placeholder for a text value.
  mutating func bind(_ text: String) {
    binds.append(text)
    sql += "$\(binds.count)::text"
  }

  /// Appends a placeholder for an integer.
  mutating func bind(_ number: Int) {
    binds.append(Int64(number))
    sql += "$\(binds.count)::bigint"
  }

  /// Appends a placeholder for a list of keys.
  mutating func bind(keys: [Int64]) {
    binds.append(keys)
    sql += "$\(binds.count)::bigint[]"
  }

  /// The statement as postgres-nio sends it.
  var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: binds) }
}
