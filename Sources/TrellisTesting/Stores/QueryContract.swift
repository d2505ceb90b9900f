import Foundation
import Trellis

/// One table of rows and one list of predicates and sorts that every store filtering and
/// sorting in its own query language must answer exactly as memory does, so that SQLite and
/// PostgreSQL give the same lists.
///
/// Fill a store with ``records`` in order (items of ``definition()``), then fetch each of
/// ``cases`` and compare the titles with ``expected(_:)``:
///
/// ```swift
/// for query in QueryContract.cases {
///   let items = try store.fetch(query.options)
///   #expect(QueryContract.names(items) == try QueryContract.expected(query), "\(query)")
/// }
/// ```
///
/// Memory's order is SQLite's: text ignoring ASCII case (A to Z folded, then by code point),
/// nil before any value, then insertion order.
public enum QueryContract {
  /// An item of the table.
  public final class Row {
    public var name = ""
    public var nickname: String?
    public var rank = 0
    public var score = 0.0
    public var active = false
    public var born = Date(timeIntervalSince1970: 0)
    public var note: String?

    /// An empty row.
    public init() {}
  }

  /// One query: a predicate with its variables, and a sort.
  public struct Case: Sendable, CustomStringConvertible {
    /// The predicate's text.
    public var predicate: String
    /// The values of its `$variables`.
    public var variables: [String: Value]
    /// The sort keys, before the store's own order.
    public var sort: [SortKey]
    /// Whether PostgreSQL answers the predicate in SQL; when not (a `[d]` comparison, a
    /// regular expression the engines read otherwise), the store filters in memory.
    public var inPostgresSQL: Bool

    /// A query.
    public init(
      _ predicate: String, _ variables: [String: Value] = [:], sort: [SortKey] = [],
      inPostgresSQL: Bool = true
    ) {
      self.predicate = predicate
      self.variables = variables
      self.sort = sort
      self.inPostgresSQL = inPostgresSQL
    }

    /// The filter of the predicate.
    public func filter() throws -> ItemFilter {
      ItemFilter(try Predicate(predicate), variables: variables)
    }

    /// The fetch options of the query: the filter and the sort, every item.
    public func options() throws -> FetchOptions {
      FetchOptions(sort: sort, filter: try filter())
    }

    public var description: String {
      let order = sort.map { "\($0.keyPath) \($0.ascending ? "ASC" : "DESC")" }
      return order.isEmpty ? predicate : "\(predicate) ORDER BY \(order.joined(separator: ", "))"
    }
  }

  /// The definition of the rows: every property of ``Row``, titled by `name`.
  public static func definition() throws -> DataDefinition {
    var definition = try DataDefinition(
      for: Row.self,
      properties: [
        .init("name", \Row.name), .init("nickname", \Row.nickname), .init("rank", \Row.rank),
        .init("score", \Row.score), .init("active", \Row.active), .init("born", \Row.born),
        .init("note", \Row.note),
      ],
      make: { Row() })
    definition.name = "Row"
    definition.titlePropertyNames = ["name"]
    return definition
  }

  /// The titles (names) of items.
  public static func names(_ items: [Value], definition: DataDefinition) -> [String] {
    items.map { definition.reader(for: $0).value("name")?.displayText ?? "?" }
  }

  /// The names of the rows matching `query`, in its order, found in memory.
  public static func expected(_ query: Case) throws -> [String] {
    let filter = try query.filter()
    let rows = records.enumerated().filter { row in filter(ValueReader { row.element[$0] }) }
    let sorted = rows.sorted { a, b in
      for key in query.sort {
        let order = compare(a.element[key.keyPath] ?? .null, b.element[key.keyPath] ?? .null)
        if order != 0 { return key.ascending ? order < 0 : order > 0 }
      }
      return a.offset < b.offset
    }
    return sorted.map { $0.element["name"]?.displayText ?? "?" }
  }

  /// SQLite's order of two values of one column: nil first, text by `NOCASE`.
  static func compare(_ a: Value, _ b: Value) -> Int {
    func sign<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : (x == y ? 0 : 1) }
    switch (a, b) {
    case (.null, .null): return 0
    case (.null, _): return -1
    case (_, .null): return 1
    case (.string(let x), .string(let y)):
      let fold = { (text: String) in
        text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
      }
      let (fx, fy) = (fold(x), fold(y))
      if fx == fy { return 0 }
      return fx.lexicographicallyPrecedes(fy) ? -1 : 1
    case (.int(let x), .int(let y)): return sign(x, y)
    case (.double(let x), .double(let y)): return sign(x, y)
    case (.bool(let x), .bool(let y)): return sign(x ? 1 : 0, y ? 1 : 0)
    case (.date(let x), .date(let y)): return sign(x, y)
    default: return 0
    }
  }
}
