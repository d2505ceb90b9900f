import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisSQL

/// The views of a database, as stores that follow their tables' changes by looking at each
/// view's fingerprint (``PostgresViewStore``).
extension PostgresDatabase {
  /// The store of the view `table`, or of a table no store edits; `nil` for any other.
  package func viewStore(for table: String) -> PostgresViewStore? { views[table] }

  /// A store per view of `schema` that can be shown, holding the `rows` read with its
  /// `fingerprints`, looking for changes on `root`'s connections every `interval` (never
  /// without `root`).
  static func viewStores(
    schema: InferredSchema, rows: [String: [ValueDictionary]], fingerprints: [String: String],
    root: PostgresStore?, interval: Duration
  ) -> [String: PostgresViewStore] {
    let names = InferredNames(schema)
    var stores: [String: PostgresViewStore] = [:]
    for table in rowsTables(of: schema) {
      guard let definition = table.shownRowDefinition(names: names) else { continue }
      let reader = root.map { root in
        PostgresViewStore.Reader(
          rows: { () async throws(StoreError) -> [ValueDictionary] in
            try await root.perform { connection in
              try await PostgresDatabase.rows(of: table, names, connection, root.logger)
            }
          },
          fingerprint: { () async throws(StoreError) -> String in
            try await root.perform { connection in
              try await PostgresDatabase.fingerprint(
                of: table, names, connection, root.logger)
            }
          })
      }
      stores[table.name] = PostgresViewStore(
        definition: definition, rows: rows[table.name] ?? [], total: table.rowCount,
        fingerprint: fingerprints[table.name], reader: reader, interval: interval)
    }
    return stores
  }

  /// The views of `schema`, and its tables no store edits (a join table, a table without an
  /// integer key): their rows are read and shown as a view's are.
  static func rowsTables(of schema: InferredSchema) -> [InferredTable] {
    let edited = Set(PostgresEntity.inferred(from: schema).map(\.table))
    return schema.tables.filter {
      $0.kind == .view || ($0.kind == .table && !edited.contains($0.name))
    }
  }

  /// `COUNT:HASH` of a view: how many rows it has, and a sum of the hashes of the rows shown
  /// (the first ``viewRowLimit``) with the titles of the rows they point at (named in
  /// `names`), which a change to any of them changes.
  static func fingerprint(
    of table: InferredTable, _ names: InferredNames, _ connection: PostgresConnection,
    _ logger: Logger
  ) async throws -> String {
    let quoted = "\"" + table.name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    let selected =
      ["\(quoted).*"] + names.pointedTitles(table).map { $0.select(from: quoted, in: .postgres) }
    let query = PostgresQuery(
      unsafeSQL: "SELECT (SELECT count(*) FROM \(quoted))::text || ':' || "
        + "coalesce((SELECT sum(hashtext(t::text)::bigint) FROM "
        + "(SELECT \(selected.joined(separator: ", ")) FROM \(quoted) LIMIT \(viewRowLimit)) t), "
        + "0)::text")
    for try await text in try await connection.query(query, logger: logger).decode(String.self) {
      return text
    }
    return ""
  }

  /// The first ``viewRowLimit`` rows of a view, every column as text but numbers and
  /// Booleans, then the titles of the rows its keys point at (named in `names`).
  static func rows(
    of table: InferredTable, _ names: InferredNames, _ connection: PostgresConnection,
    _ logger: Logger
  ) async throws -> [ValueDictionary] {
    let quoted = "\"" + table.name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    let columns = table.columns.map(\.name)
    let selected = table.columns.map { column -> String in
      let name = "\"" + column.name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
      switch column.kind {
      case .integer: return name + "::bigint"
      case .real: return name + (column.declaredType == "real" ? "::text::float8" : "::float8")
      case .bool: return name + "::boolean"
      case .date: return name + "::timestamptz"
      default: return column.declaredType == "inet" ? "abbrev(\(name))" : name + "::text"
      }
    }
    guard !selected.isEmpty else { return [] }
    // The titles of the rows its keys point at follow its columns.
    let pointed = names.pointedTitles(table)
    let titles = pointed.map { $0.select(from: quoted, in: .postgres) }
    let query = PostgresQuery(
      unsafeSQL: "SELECT \((selected + titles).joined(separator: ", ")) FROM \(quoted) "
        + "LIMIT \(viewRowLimit)")
    var result: [ValueDictionary] = []
    for try await row in try await connection.query(query, logger: logger) {
      var entries = ValueDictionary()
      let cells = Array(row)
      for (cell, (name, column)) in zip(cells, zip(columns, table.columns)) {
        let kind = PostgresEntity.kind(column.kind)
        entries[name] = (try? PostgresValues.value(cell, kind: kind)) ?? .null
      }
      for (cell, title) in zip(cells.dropFirst(columns.count), pointed) {
        entries[title.property] = (try? PostgresValues.value(cell, kind: .text)) ?? .null
      }
      result.append(entries)
    }
    return result
  }
}
