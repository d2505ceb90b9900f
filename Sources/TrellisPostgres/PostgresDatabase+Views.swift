import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisSQL

/// The views of a database, as stores that read their rows a page at a time and follow their
/// tables' changes by looking at each view's fingerprint (``PostgresViewStore``).
extension PostgresDatabase {
  /// The store of the view `table`, or of a table no store edits; `nil` for any other.
  package func viewStore(for table: String) -> PostgresViewStore? { views[table] }

  /// A store per view of `schema` that can be shown, whose fingerprint was `fingerprints`'
  /// when the database was opened, reading on `root`'s connections (or, without `root`, on
  /// a connection to `url` of its own for each read) and looking for changes every
  /// `interval` (never without `root`).
  static func viewStores(
    schema: InferredSchema, entities: [PostgresEntity], fingerprints: [String: String],
    root: PostgresStore?, url: String,
    timeout: Duration, interval: Duration
  ) -> [String: PostgresViewStore] {
    let names = InferredNames(schema)
    var stores: [String: PostgresViewStore] = [:]
    for table in rowsTables(of: schema, entities: entities) {
      guard let definition = table.shownRowDefinition(names: names) else { continue }
      let query = ViewRowsQuery(table, names: names, dialect: .postgres, column: shownColumn)
      stores[table.name] = PostgresViewStore(
        query: query, definition: definition, fingerprint: fingerprints[table.name],
        reader: reader(query, names, root: root, url: url, timeout: timeout),
        interval: root == nil ? nil : interval)
    }
    return stores
  }

  /// How the store of `query`'s rows reads them: on `root`'s connections, else on one of its
  /// own to `url`.
  private static func reader(
    _ query: ViewRowsQuery, _ names: InferredNames, root: PostgresStore?, url: String,
    timeout: Duration
  ) -> PostgresViewStore.Reader {
    @Sendable func run<T: Sendable>(
      _ work: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws(StoreError) -> T {
      if let root { return try await root.perform { try await work($0, root.logger) } }
      return try await PostgresTriggerInstaller.run(url: url, timeout: timeout, work)
    }
    return PostgresViewStore.Reader(
      rows: { (read: SQLRowRead) async throws(StoreError) -> [[Value]] in
        try await run { connection, logger in
          try await PostgresDatabase.rows(read, of: query, connection, logger)
        }
      },
      count: { (read: SQLRowRead) async throws(StoreError) -> Int in
        try await run { connection, logger in
          var total = 0
          let statement = PostgresStatement(read).query
          for try await count in try await connection.query(statement, logger: logger)
            .decode(Int64.self)
          {
            total = Int(count)
          }
          return total
        }
      },
      fingerprint: { () async throws(StoreError) -> String in
        try await run { connection, logger in
          try await PostgresDatabase.fingerprint(of: query.table, names, connection, logger)
        }
      })
  }

  /// The views of `schema`, and its tables no store edits (a join table, a table without an
  /// integer key; `entities` are those the stores edit): their rows are read and shown as a
  /// view's are.
  static func rowsTables(of schema: InferredSchema, entities: [PostgresEntity])
    -> [InferredTable]
  {
    let edited = Set(entities.map(\.table))
    return schema.tables.filter {
      $0.kind == .view || ($0.kind == .table && !edited.contains($0.name))
    }
  }

  /// `COUNT:HASH` of a view: how many rows it has, and a sum of the hashes of all its rows
  /// with the titles of the rows they point at (named in `names`), which a change to any of
  /// them changes; summed in SQL, whatever the view's size.
  static func fingerprint(
    of table: InferredTable, _ names: InferredNames, _ connection: PostgresConnection,
    _ logger: Logger
  ) async throws -> String {
    let quoted = SQLDialect.postgres.quoted(table.name)
    let selected =
      ["\(quoted).*"] + names.pointedTitles(table).map { $0.select(from: quoted, in: .postgres) }
    let query = PostgresQuery(
      unsafeSQL: "SELECT (SELECT count(*) FROM \(quoted))::text || ':' || "
        + "coalesce((SELECT sum(hashtext(t::text)::bigint) FROM "
        + "(SELECT \(selected.joined(separator: ", ")) FROM \(quoted)) t), 0)::text")
    for try await text in try await connection.query(query, logger: logger).decode(String.self) {
      return text
    }
    return ""
  }

  /// A column of a view as its rows read it: every column as text but numbers, Booleans and
  /// times, an address as PostgreSQL prints it.
  static func shownColumn(_ column: InferredColumn, _ name: String) -> String {
    switch column.kind {
    case .integer: return name + "::bigint"
    case .real: return name + (column.declaredType == "real" ? "::text::float8" : "::float8")
    case .bool: return name + "::boolean"
    case .date: return name + "::timestamptz"
    default: return column.declaredType == "inet" ? "abbrev(\(name))" : name + "::text"
    }
  }

  /// The rows `read` selects (``ViewRowsQuery/pageRead(_:limit:offset:)``), each as its
  /// values: the columns, the titles of the rows its keys point at, the row id when there is
  /// one, and its number among the rows that read alike.
  static func rows(
    _ read: SQLRowRead, of query: ViewRowsQuery, _ connection: PostgresConnection,
    _ logger: Logger
  ) async throws -> [[Value]] {
    var kinds = query.table.columns.map { PostgresEntity.kind($0.kind) }
    kinds += Array(repeating: .text, count: query.pointed.count)
    kinds += query.rowKey == nil ? [.integer] : [.integer, .integer]
    var result: [[Value]] = []
    let statement = PostgresStatement(read).query
    for try await row in try await connection.query(statement, logger: logger) {
      var values: [Value] = []
      values.reserveCapacity(kinds.count)
      for (cell, kind) in zip(row, kinds) {
        values.append((try? PostgresValues.value(cell, kind: kind)) ?? .null)
      }
      result.append(values)
    }
    return result
  }
}
