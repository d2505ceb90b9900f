import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisSQL

/// The catalog queries of ``PostgresSchemaReader``, each over the current schema.
extension PostgresSchemaReader {
  /// A column as the catalog describes it.
  struct CatalogColumn {
    var table: String
    var name: String
    /// The type as `format_type` prints it (`character varying(40)`, `mood`).
    var type: String
    /// The type's own name (a domain's name for a domain).
    var typeName: String
    /// The name of the type whose values it holds: a domain's base type, else its own.
    var baseType: String
    var notNull: Bool
    var defaultSQL: String?
    /// `a` or `d` for an identity column, empty otherwise.
    var identity: String
    /// `s` for a generated column, empty otherwise.
    var generated: String
  }

  /// A table's constraint.
  struct CatalogConstraint {
    var table: String
    /// `p`, `u`, `f` or `c`.
    var type: String
    var columns: [String]
    var targetTable: String
    var targetColumns: [String]
    /// `confdeltype`.
    var onDelete: String
    var definition: String
  }

  /// The tables (`r`, `p`), views (`v`) and materialized views (`m`), by name.
  static func relations(_ connection: PostgresConnection, _ logger: Logger) async throws
    -> [(name: String, kind: String)]
  {
    let query: PostgresQuery = """
      SELECT c.relname::text, c.relkind::text FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm')
        AND NOT c.relispartition
      ORDER BY c.relname
      """
    var result: [(String, String)] = []
    for try await (name, kind) in try await connection.query(query, logger: logger)
      .decode((String, String).self)
    {
      result.append((name, kind))
    }
    return result
  }

  /// Every enum's labels in order, by the enum's name.
  static func enums(_ connection: PostgresConnection, _ logger: Logger) async throws
    -> [String: [String]]
  {
    let query: PostgresQuery = """
      SELECT t.typname::text, e.enumlabel::text FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
      ORDER BY t.typname, e.enumsortorder
      """
    var result: [String: [String]] = [:]
    for try await (type, label) in try await connection.query(query, logger: logger)
      .decode((String, String).self)
    {
      result[type, default: []].append(label)
    }
    return result
  }

  /// Every domain's `CHECK`s, by the domain's name.
  static func domainChecks(_ connection: PostgresConnection, _ logger: Logger) async throws
    -> [String: [String]]
  {
    let query: PostgresQuery = """
      SELECT t.typname::text, pg_get_constraintdef(c.oid)::text FROM pg_constraint c
      JOIN pg_type t ON t.oid = c.contypid WHERE c.contype = 'c' ORDER BY t.typname, c.conname
      """
    var result: [String: [String]] = [:]
    for try await (type, definition) in try await connection.query(query, logger: logger)
      .decode((String, String).self)
    {
      result[type, default: []].append(checkBody(definition))
    }
    return result
  }

  /// Every column of the current schema's tables and views, in declared order.
  static func columns(_ connection: PostgresConnection, _ logger: Logger) async throws
    -> [CatalogColumn]
  {
    let query: PostgresQuery = """
      SELECT c.relname::text, a.attname::text, format_type(a.atttypid, a.atttypmod)::text,
        t.typname::text, coalesce(b.typname, t.typname)::text,
        a.attnotnull OR coalesce(t.typnotnull, false),
        pg_get_expr(d.adbin, d.adrelid)::text, a.attidentity::text, a.attgenerated::text
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_type t ON t.oid = a.atttypid
      LEFT JOIN pg_type b ON t.typtype = 'd' AND b.oid = t.typbasetype
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm')
        AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attnum
      """
    var result: [CatalogColumn] = []
    for try await row in try await connection.query(query, logger: logger)
      .decode((String, String, String, String, String, Bool, String?, String, String).self)
    {
      // A domain over an enum, or a domain's domain: the values are the base type's.
      result.append(
        CatalogColumn(
          table: row.0, name: row.1, type: row.2, typeName: row.3, baseType: row.4,
          notNull: row.5, defaultSQL: row.6, identity: row.7, generated: row.8))
    }
    return result
  }

  /// The primary keys, one-column and longer `UNIQUE`s, foreign keys and `CHECK`s of the
  /// current schema's tables.
  static func constraints(_ connection: PostgresConnection, _ logger: Logger) async throws
    -> [CatalogConstraint]
  {
    let query: PostgresQuery = """
      SELECT c.relname::text, k.contype::text,
        ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
          JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i),
        coalesce(f.relname, '')::text,
        ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY u(n, i)
          JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i),
        k.confdeltype::text, pg_get_constraintdef(k.oid)::text
      FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_class f ON f.oid = k.confrelid
      LEFT JOIN pg_namespace fn ON fn.oid = f.relnamespace
      WHERE n.nspname = current_schema() AND k.contype IN ('p', 'u', 'f', 'c')
        AND (k.contype <> 'f' OR fn.nspname = current_schema())
      ORDER BY c.relname, k.conname
      """
    var result: [CatalogConstraint] = []
    for try await row in try await connection.query(query, logger: logger)
      .decode((String, String, [String], String, [String], String, String).self)
    {
      result.append(
        CatalogConstraint(
          table: row.0, type: row.1, columns: row.2, targetTable: row.3, targetColumns: row.4,
          onDelete: row.5, definition: row.6))
    }
    return result
  }

  /// The columns of one-column unique indexes that are no constraint (`CREATE UNIQUE
  /// INDEX`), neither partial nor on an expression.
  static func uniqueIndexes(_ connection: PostgresConnection, _ logger: Logger) async throws
    -> [(table: String, column: String)]
  {
    let query: PostgresQuery = """
      SELECT c.relname::text, a.attname::text FROM pg_index i
      JOIN pg_class c ON c.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
      WHERE n.nspname = current_schema() AND i.indisunique AND NOT i.indisprimary
        AND i.indnkeyatts = 1 AND i.indpred IS NULL AND i.indexprs IS NULL
      """
    var result: [(String, String)] = []
    for try await (table, column) in try await connection.query(query, logger: logger)
      .decode((String, String).self)
    {
      result.append((table, column))
    }
    return result
  }

  /// How many rows each of `tables` holds now, by name: one statement per hundred tables
  /// rather than one per table, so that a database of thousands of tables is counted in a few
  /// round trips.
  static func rowCounts(of tables: [String], _ connection: PostgresConnection, _ logger: Logger)
    async throws -> [String: Int]
  {
    var counts: [String: Int] = [:]
    for start in stride(from: 0, to: tables.count, by: 100) {
      let batch = Array(tables[start..<min(start + 100, tables.count)])
      // Each count is numbered by its table's place in the batch: the rows of a UNION ALL may
      // come in any order.
      let sql = batch.enumerated().map { place, table in
        "SELECT \(place), count(*) FROM \(SQLDialect.postgres.quoted(table))"
      }.joined(separator: " UNION ALL ")
      for try await (place, count) in try await connection.query(
        PostgresQuery(unsafeSQL: sql), logger: logger
      ).decode((Int32, Int64).self) {
        counts[batch[Int(place)]] = Int(count)
      }
    }
    return counts
  }
}
