/// A statement of the relational layer whose only arguments are integers (row keys and
/// places in an order): SQL in a store's dialect, with the values its placeholders bind,
/// which each store runs its own way.
package struct SQLStatement: Sendable, Equatable {
  /// The statement's text.
  package var sql: String
  /// The values of its placeholders, in order.
  package var keys: [Int64]
  /// Whether it reads keys (one per row) for its caller.
  package var selects: Bool

  /// A statement that changes rows (`selects` is false unless said).
  package init(_ sql: String, keys: [Int64] = [], selects: Bool = false) {
    self.sql = sql
    self.keys = keys
    self.selects = selects
  }
}
