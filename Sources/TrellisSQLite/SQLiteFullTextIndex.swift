import Foundation
import Trellis
import TrellisSQL

/// An FTS5 index of a table, which that table's search looks in: each word typed matches the
/// indexed words it begins (`ham` finds "Hammer"), and a row is found when every word matches.
package struct SQLiteFullTextIndex: Hashable, Sendable {
  /// The FTS5 table.
  package var table: String
  /// The column of the indexed table that the index's `rowid` is.
  package var rowKey: String
  /// The indexed columns (keys of the indexed table's items).
  package var columns: Set<String>

  /// The FTS5 index of `table` in `schema` over columns the entity stores, bound to `keys`;
  /// `nil` when there is none.
  init?(
    of table: InferredTable, in schema: InferredSchema, columns stored: [SQLiteColumn],
    keys: ColumnKeys
  ) {
    let names = Set(stored.map(\.name))
    guard
      let index = schema.fullTextIndexes(of: table.name).first(where: { $0.indexedRowKey != nil }),
      let rowKey = index.indexedRowKey,
      rowKey == "rowid" || table.column(rowKey) != nil
    else { return nil }
    let indexed = Set(index.columns.map { keys.key(of: $0.name) }).intersection(names)
    guard !indexed.isEmpty else { return nil }
    self.table = index.name
    self.rowKey = rowKey
    self.columns = indexed
  }

  /// The condition of a search for `text`: the rows whose index entry matches every word of
  /// it as a prefix; `nil` when it has no word (every row matches).
  func search(_ text: String) -> (sql: String, arguments: [Value])? {
    let query = Self.prefixQuery(text)
    guard !query.isEmpty else { return nil }
    let sql =
      "\(rowKey.quoted) IN (SELECT rowid FROM \(table.quoted) WHERE \(table.quoted) MATCH ?)"
    return (sql, [.string(query)])
  }

  /// An FTS5 query in which each word of `text` is a prefix: `"ham"* "ta"*`. Every word is a
  /// quoted string, its own quotes doubled, so that no character a person types is FTS5
  /// syntax (`AND`, `-`, `:`, `(` are words like any other). A NUL separates words: FTS5
  /// reads a query only up to one, which would leave a quote open.
  static func prefixQuery(_ text: String) -> String {
    let words = text.split { $0.isWhitespace || $0 == "\u{0}" }
    return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
      .joined(separator: " ")
  }
}
