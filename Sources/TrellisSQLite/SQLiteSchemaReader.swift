import Foundation
import GRDB
import TrellisSQL

/// Reads an SQLite file's schema into an ``InferredSchema``: `sqlite_master` for the tables,
/// views and the SQL of their `CHECK`s, `PRAGMA table_xinfo` for columns (generated ones
/// among them), `foreign_key_list` and `index_list` for keys and `UNIQUE`s.
package enum SQLiteSchemaReader {
  /// Why a file's schema cannot be read.
  package struct Failure: Error, CustomStringConvertible, Sendable {
    /// The file that could not be read.
    package var path: String
    /// Why, without the file's name: for a diagnostic that names the file itself.
    package var reason: String
    package var description: String { "\(path): \(reason)" }
  }

  /// The schema of the database `db`.
  package static func read(_ db: Database) throws -> InferredSchema {
    let entries = try GRDB.Row.fetchAll(
      db,
      sql: """
        SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view')
        AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY name
        """)
    let all: [(type: String, name: String, sql: String)] = entries.map {
      ($0["type"] ?? "", $0["name"] ?? "", $0["sql"] ?? "")
    }
    // The tables a full-text index keeps its data in are its own business.
    let indexes = all.filter { isFullTextIndex($0.sql) }.map(\.name)
    let shadows = Set(
      indexes.flatMap { name in
        ["content", "data", "idx", "docsize", "config", "segments", "segdir", "stat"].map {
          "\(name)_\($0)"
        }
      })
    var tables: [InferredTable] = []
    for entry in all where !shadows.contains(entry.name) {
      do {
        tables.append(try table(entry.name, type: entry.type, sql: entry.sql, db: db))
      } catch let error as DatabaseError where entry.type == "view" {
        // A view over a table dropped since cannot be read; the rest of the file can.
        let reason = "this view cannot be read: \(error.message ?? "\(error)")"
        tables.append(InferredTable(name: entry.name, kind: .view, readOnlyReason: reason))
      }
    }
    var schema = InferredSchema(tables: tables)
    schema.markJoinTables()
    return schema
  }

  /// The schema of the SQLite file at `path`, opened read-only.
  package static func read(path: String) throws(Failure) -> InferredSchema {
    guard FileManager.default.fileExists(atPath: path) else {
      throw Failure(path: path, reason: "no such file")
    }
    do {
      var configuration = Configuration()
      configuration.readonly = true
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      return try queue.read { db in try read(db) }
    } catch {
      throw Failure(path: path, reason: "cannot read it as an SQLite database: \(error)")
    }
  }

  static func isFullTextIndex(_ sql: String) -> Bool {
    let text = sql.uppercased()
    return text.hasPrefix("CREATE VIRTUAL TABLE") && text.contains("USING FTS")
  }

  private static func table(_ name: String, type: String, sql: String, db: Database) throws
    -> InferredTable
  {
    let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    var table = InferredTable(name: name, kind: type == "view" ? .view : .table)
    let upper = sql.uppercased()
    if isFullTextIndex(sql) {
      table.kind = .fullTextIndex
      table.indexedTable = option("content", in: sql)
      if upper.contains("USING FTS5") {
        table.indexedRowKey = option("content_rowid", in: sql) ?? "rowid"
      }
    }
    let columns = try GRDB.Row.fetchAll(
      db, sql: "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?)",
      arguments: [name])
    var keyed: [(Int, String)] = []
    for row in columns {
      let columnName: String = row["name"] ?? ""
      let declared: String = row["type"] ?? ""
      let hidden: Int = row["hidden"] ?? 0
      // Hidden 1 is a virtual table's hidden column; 2 and 3 are generated columns.
      if hidden == 1 { continue }
      var column = InferredColumn(
        name: columnName, declaredType: declared, kind: InferredColumn.kind(declared: declared),
        isNotNull: (row["notnull"] as Int? ?? 0) != 0, defaultSQL: row["dflt_value"])
      column.isGenerated = hidden == 2 || hidden == 3
      if InferredColumn.holdsTimesOfDay(declared: declared) { column.checks.append(.timeOfDay) }
      if column.kind == .date {
        // Dates are kept as their first value is: as numbers (seconds since 1970), or as text,
        // in that text's layout. A column with no value yet keeps them as SQLite's date
        // functions, and the programs that use them, write them: as text.
        let sample = try Row.fetchOne(
          db,
          sql: "SELECT typeof(\(quote(columnName))) AS type, CAST(\(quote(columnName)) AS TEXT) "
            + "AS text FROM \(quoted) WHERE \(quote(columnName)) IS NOT NULL LIMIT 1")
        let type: String? = sample?["type"]
        if type == nil || type == "text" {
          column.kind = .dateText
          column.dateLayout =
            (sample?["text"]).flatMap { DateTextLayout(sample: $0) }
            ?? DateTextLayout(declaredType: declared)
        }
      }
      table.columns.append(column)
      let pk: Int = row["pk"] ?? 0
      if pk > 0 { keyed.append((pk, columnName)) }
    }
    table.primaryKey = keyed.sorted { $0.0 < $1.0 }.map(\.1)
    table.rowCount = (try? Int.fetchOne(db, sql: "SELECT count(*) FROM \(quoted)")) ?? 0
    // A text key of UUIDs is made by the program that writes the rows: a new row gets one.
    if table.primaryKey.count == 1,
      let index = table.columns.firstIndex(where: { $0.name == table.primaryKey[0] }),
      table.columns[index].kind == .text, table.columns[index].defaultSQL == nil
    {
      let key = quote(table.columns[index].name)
      let sample = try String.fetchOne(
        db, sql: "SELECT \(key) FROM \(quoted) WHERE \(key) IS NOT NULL LIMIT 1")
      table.columns[index].uuidKeys =
        if let sample { UUIDKeys(sample: sample) } else {
          UUIDKeys(emptyColumn: table.columns[index].name)
        }
    }
    switch table.kind {
    case .view:
      table.readOnlyReason = "a view: its rows are computed from other tables"
      return table
    case .fullTextIndex:
      table.readOnlyReason =
        "a full-text index"
        + (table.indexedTable.map { " of \($0): searching \($0) uses it" } ?? "")
      return table
    case .table:
      break
    }
    if upper.hasPrefix("CREATE VIRTUAL TABLE") {
      table.readOnlyReason = "a virtual table, whose module Trellis does not edit through"
      return table
    }
    let withoutRowID = upper.replacingOccurrences(of: "\n", with: " ").contains("WITHOUT ROWID")
    if table.primaryKey.count == 1, let key = table.column(table.primaryKey[0]),
      key.declaredType.uppercased() == "INTEGER", !withoutRowID
    {
      table.rowKey = key.name
    } else if !withoutRowID {
      table.rowKey = "rowid"
    }
    if table.shownColumns.isEmpty {
      table.readOnlyReason = "it has no column besides its key"
    } else if withoutRowID {
      table.readOnlyReason = "a table WITHOUT ROWID: it has no row id to name a row by"
    } else if table.primaryKey.count > 1 {
      table.readOnlyReason =
        "its primary key has several columns (\(table.primaryKey.joined(separator: ", "))), "
        + "which Trellis does not edit by"
    } else if table.columns.contains(where: { $0.name.lowercased() == "rowid" })
      && table.rowKey == "rowid"
    {
      table.rowKey = nil
      table.readOnlyReason = "a column named rowid hides the row id"
    }
    if table.readOnlyReason == nil { table.readOnlyReason = table.bookkeepingReason }
    table.foreignKeys = try foreignKeys(of: name, db: db)
    for name in try uniqueColumns(of: name, db: db) {
      if let index = table.columns.firstIndex(where: { $0.name == name }) {
        table.columns[index].isUnique = true
      }
    }
    for (column, check) in CheckConstraintReader.checks(in: sql, columns: table.columns.map(\.name))
    {
      if let index = table.columns.firstIndex(where: { $0.name == column }) {
        table.columns[index].checks.append(check)
      }
    }
    // An integer that may only be 0 or 1 is a flag, as SQLite keeps BOOLEAN: edited with a
    // switch, stored as 0 and 1.
    for index in table.columns.indices where table.columns[index].kind == .integer {
      let flag = table.columns[index].checks.firstIndex {
        if case .oneOf(let values) = $0 { Set(values.map(\.intValue)) == [0, 1] } else { false }
      }
      guard let flag else { continue }
      table.columns[index].kind = .bool
      table.columns[index].checks.remove(at: flag)
    }
    return table
  }

  /// The one-column foreign keys of `table` (a key of several columns is left out).
  private static func foreignKeys(of table: String, db: Database) throws -> [InferredForeignKey] {
    let rows = try GRDB.Row.fetchAll(
      db,
      sql: "SELECT id, seq, \"table\", \"from\", \"to\", on_delete FROM pragma_foreign_key_list(?)",
      arguments: [table])
    let byID = Dictionary(grouping: rows) { $0["id"] as Int? ?? 0 }
    return byID.keys.sorted().compactMap { id in
      guard let parts = byID[id], parts.count == 1, let row = parts.first else { return nil }
      return InferredForeignKey(
        column: row["from"] ?? "", targetTable: row["table"] ?? "", targetColumn: row["to"],
        onDelete: .init(sql: row["on_delete"] ?? ""))
    }
  }

  /// The columns a one-column unique index or constraint covers.
  private static func uniqueColumns(of table: String, db: Database) throws -> [String] {
    let indexes = try GRDB.Row.fetchAll(
      db, sql: "SELECT name, \"unique\", origin FROM pragma_index_list(?)", arguments: [table])
    var result: [String] = []
    for index in indexes where (index["unique"] as Int? ?? 0) != 0 {
      let name: String = index["name"] ?? ""
      let columns = try String.fetchAll(
        db, sql: "SELECT name FROM pragma_index_info(?)", arguments: [name])
      if columns.count == 1, (index["origin"] as String?) != "pk" { result.append(columns[0]) }
    }
    return result
  }

  /// The value of `name=value` in a virtual table's arguments (`content='album'`).
  static func option(_ name: String, in sql: String) -> String? {
    guard
      let range = sql.range(
        of: name + "\\s*=\\s*['\"]?([A-Za-z0-9_]+)",
        options: [.regularExpression, .caseInsensitive])
    else { return nil }
    let text = sql[range]
    let value = text.split(separator: "=").last.map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
    }
    return value.flatMap { $0.isEmpty ? nil : $0 }
  }

  private static func quote(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
