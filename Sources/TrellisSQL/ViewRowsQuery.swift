import Trellis

/// The SQL that reads the rows of a view (or of a table no store edits) a page at a time, in
/// either dialect: filtered, searched, sorted and counted by the database, so that a view of
/// any size is listed whole.
///
/// The rows are read through a subquery that names each column `c0`, `c1`…, the title of each
/// row a foreign key points at (``InferredNames/pointedTitles(_:)``) `t0`, `t1`…, and the row
/// id, where the table has one, `r`: a predicate, a search or a sort on a row's key reads the
/// column it names, whatever the column's own name. Rows come in a stable order after any
/// sort: by their key (the row id, else a table's primary key), else on SQLite in the view's
/// own order (each row's place in it, `n`), so that a view's `ORDER BY` is the list's, and on
/// PostgreSQL by every column; paging never skips or repeats a row.
///
/// A row of a table with a key is that key's row whatever it reads (``keyPositions``); a row
/// without one is what it reads, and rows that read alike (a view may hold the same row
/// twice) are numbered apart, 1, 2…, in the last column read (``ViewRowObjects`` keeps them
/// distinct objects).
package struct ViewRowsQuery: Sendable {
  /// The SQL it writes.
  package let dialect: SQLDialect
  /// The table or view read.
  package let table: InferredTable
  /// The property key of each column, in the table's order.
  package let columnKeys: [String]
  /// The titles of the rows the foreign keys point at, each read after the columns.
  package let pointed: [InferredNames.PointedTitle]
  /// The column naming each row apart, when the table has one (`rowid`, an integer key).
  package let rowKey: String?
  /// Where a row's key is among the values ``pageRead(_:limit:offset:)`` reads: the row id's
  /// place, else those of a table's primary key's columns; empty for rows without a key (a
  /// view's), which are told apart by what they read.
  package let keyPositions: [Int]
  /// The keys of a row's object, once each: each column's, then each title's.
  package let objectKeys: [String]
  /// Where the value of each of ``objectKeys`` is among the values a row read: a title named
  /// as a column is the title.
  let objectPositions: [Int]
  /// The alias and kind of the column each key reads, titles before columns.
  private let aliases: [String: SQLColumn]
  /// The inner `SELECT`, each column under its alias.
  private let inner: String

  /// The query of `table`'s rows, named as `names` names them; `column` writes a column
  /// (quoted) as the rows read it (PostgreSQL casts each to a type its reader decodes).
  package init(
    _ table: InferredTable, names: InferredNames, dialect: SQLDialect,
    column: (InferredColumn, String) -> String = { $1 }
  ) {
    self.dialect = dialect
    self.table = table
    let keys = names.columnKeys(table)
    columnKeys = table.columns.map { keys.key(of: $0.name) }
    pointed = names.pointedTitles(table)
    rowKey = table.rowKey
    if table.rowKey != nil {
      keyPositions = [table.columns.count + pointed.count]
    } else if table.kind == .table, !table.primaryKey.isEmpty {
      let positions = table.primaryKey.compactMap { key in
        table.columns.firstIndex { $0.name == key }
      }
      keyPositions = positions.count == table.primaryKey.count ? positions : []
    } else {
      keyPositions = []
    }
    var positions: [String: Int] = [:]
    var objectKeys: [String] = []
    for (position, key) in (columnKeys + pointed.map(\.property)).enumerated() {
      if positions.updateValue(position, forKey: key) == nil { objectKeys.append(key) }
    }
    self.objectKeys = objectKeys
    objectPositions = objectKeys.map { positions[$0] ?? 0 }
    let quotedTable = dialect.quoted(table.name)
    var selected: [String] = []
    var aliases: [String: SQLColumn] = [:]
    for (index, inferred) in table.columns.enumerated() {
      selected.append(column(inferred, dialect.quoted(inferred.name)) + " AS \"c\(index)\"")
      if let kind = Self.kind(of: inferred.kind) {
        aliases[columnKeys[index]] = SQLColumn("c\(index)", kind: kind)
      }
    }
    for (index, title) in pointed.enumerated() {
      selected.append(title.select(from: quotedTable, in: dialect) + " AS \"t\(index)\"")
      aliases[title.property] = SQLColumn("t\(index)", kind: .text)
    }
    if let rowKey {
      selected.append("\(quotedTable).\(dialect.quoted(rowKey)) AS \"r\"")
    } else if dialect == .sqlite {
      // The place each row has in the view's own order (its ORDER BY, if it has one).
      selected.append("row_number() OVER () AS \"n\"")
    }
    self.aliases = aliases
    inner = "SELECT \(selected.joined(separator: ", ")) FROM \(quotedTable)"
  }

  /// The kind predicates compare a column of `kind` as, `nil` for one whose values memory
  /// compares otherwise than SQL would (dates, bytes): a filter on it runs in memory.
  private static func kind(of kind: InferredColumn.Kind) -> SQLColumn.Kind? {
    switch kind {
    case .text: .text
    case .integer: .integer
    case .real: .real
    case .bool: .bool
    case .date, .dateText, .blob: nil
    }
  }

  /// The aliases of the columns, in order.
  private var columnAliases: [String] { table.columns.indices.map { "\"c\($0)\"" } }

  /// The order after any sort: by the rows' key; else, on SQLite, the view's own, and on
  /// PostgreSQL (whose rows come in the order they are stored, which an update changes)
  /// every column.
  private var defaultOrder: String {
    if !keyPositions.isEmpty {
      return keyPositions.map { dialect.quoted(alias(at: $0)) }.joined(separator: ", ")
    }
    return dialect == .sqlite ? "\"n\"" : columnAliases.joined(separator: ", ")
  }

  /// The alias of the value at `position` of a row read: a column's, a title's, the row id's.
  func alias(at position: Int) -> String {
    if position < table.columns.count { return "c\(position)" }
    if position < table.columns.count + pointed.count {
      return "t\(position - table.columns.count)"
    }
    return "r"
  }

  /// `options`' filter and sort as SQL over the aliases; what SQL cannot express is left in
  /// ``SQLQuery/memoryFilter``.
  package func query(_ options: FetchOptions) throws(StoreError) -> SQLQuery {
    try SQLQuery(
      options, in: dialect, table: table.name, defaultOrder: defaultOrder,
      columns: { aliases[$0] }, search: search)
  }

  /// The condition of a search for `text` in the columns `keyPaths` read, ignoring case as
  /// memory does for ASCII; an integer is searched in its digits. `nil` when one is neither
  /// text nor an integer.
  private func search(_ text: String, in keyPaths: [String], placeholderOffset: Int)
    -> (sql: String, arguments: [Value])?
  {
    var columns: [String] = []
    for keyPath in keyPaths {
      guard let column = aliases[keyPath] else { return nil }
      let quoted = dialect.quoted(column.name)
      switch column.kind {
      case .text: columns.append(quoted)
      case .integer:
        columns.append(dialect == .sqlite ? "CAST(\(quoted) AS TEXT)" : quoted + "::text")
      default: return nil
      }
    }
    guard !columns.isEmpty else { return nil }
    switch dialect {
    case .sqlite:
      let ascii = text.unicodeScalars.allSatisfy(\.isASCII)
      let needle = ascii ? text : PredicateSQLFunctions.fold(text, flags: 1)
      let pattern = "%" + dialect.likeEscaped(needle) + "%"
      let tests = columns.map { column in
        ascii
          ? "\(column) LIKE ? ESCAPE '\\'"
          : "\(PredicateSQLFunctions.foldName)(\(column), 1) LIKE ? ESCAPE '\\'"
      }
      return (
        tests.joined(separator: " OR "), Array(repeating: .string(pattern), count: tests.count)
      )
    case .postgres:
      let pattern = Value.string("%" + dialect.likeEscaped(text) + "%")
      let tests = columns.enumerated().map { index, column in
        "\(column) ILIKE $\(placeholderOffset + index + 1)::text ESCAPE '\\'"
      }
      return (tests.joined(separator: " OR "), Array(repeating: pattern, count: tests.count))
    }
  }

  /// The rows `query` selects, in its order, `limit` of them (all when `nil`) from `offset`:
  /// the columns, the titles, the row id when there is one, then the row's number among
  /// those that read alike (1 for a row with a key).
  package func pageRead(_ query: SQLQuery, limit: Int? = nil, offset: Int = 0) -> SQLRowRead {
    var shown = columnAliases + pointed.indices.map { "\"t\($0)\"" }
    if rowKey != nil { shown.append("\"r\"") }
    if keyPositions.isEmpty {
      shown.append("row_number() OVER (PARTITION BY \(columnAliases.joined(separator: ", ")))")
    } else {
      shown.append("CAST(1 AS bigint)")
    }
    var read = SQLRowRead(
      "SELECT \(shown.joined(separator: ", ")) FROM (\(inner)) AS \"shown\""
        + query.whereSQL + " ORDER BY \(query.order)",
      arguments: query.arguments.map { .value($0) })
    read.page(limit: limit, offset: offset, in: dialect)
    return read
  }

  /// How many rows `query`'s condition selects.
  package func countRead(_ query: SQLQuery) -> SQLRowRead {
    guard let condition = query.condition else {
      return SQLRowRead("SELECT count(*) FROM \(dialect.quoted(table.name))")
    }
    return SQLRowRead(
      "SELECT count(*) FROM (\(inner)) AS \"shown\" WHERE \(condition)",
      arguments: query.arguments.map { .value($0) })
  }
}
