import Foundation
import GRDB
import Trellis
import TrellisSQL

extension SQLiteEntity {
  /// Why a table already in a file cannot be listed.
  package enum ExistingTableError: Error, Hashable, Sendable {
    /// The file cannot be opened as an SQLite database.
    case notADatabase(String)
    /// The file has no such table; `tables` are those it has.
    case noTable(String, tables: [String])
    /// The keys string does not parse.
    case badKeys(DiagnosticList)
    /// The keys string names a column the table lacks; `columns` are those it has.
    case unknownColumn(String, columns: [String])
    /// The table cannot be listed, for the reason given.
    case unsupported(String)
  }

  /// An entity over a table already in `database`, read from its columns: every column but
  /// the integer primary key (or the row id) is a property of a dictionary definition, of
  /// the kind its declared type says (`INTEGER`, `REAL`, `TEXT`, `BLOB`; `BOOLEAN` and
  /// `DATE` as Trellis reads them), optional where the column takes NULL and required where
  /// it must hold a value and has no default. An integer `position` column keeps the order.
  ///
  /// - Parameter keys: a names string picking and grouping the columns a detail screen
  ///   shows, the first its title; every column when `nil`.
  package static func existing(table: String, in database: DatabaseQueue, keys: String?)
    throws(ExistingTableError) -> SQLiteEntity
  {
    let found: (columns: [ColumnInfo], primaryKey: String)
    do {
      found = try database.read { db throws -> ([ColumnInfo], String) in
        guard try db.tableExists(table) else {
          let tables = try String.fetchAll(
            db,
            sql: "SELECT name FROM sqlite_master WHERE type = 'table' "
              + "AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY name")
          throw ExistingTableError.noTable(table, tables: tables)
        }
        let key = try db.primaryKey(table)
        if key.rowIDColumn == nil {
          // A table without an integer key is listed by its row id, if it has one.
          do { _ = try Row.fetchOne(db, sql: "SELECT rowid FROM \(table.quoted) LIMIT 1") } catch {
            throw ExistingTableError.unsupported(
              "the table '\(table)' has neither an INTEGER PRIMARY KEY nor a row id")
          }
        }
        return (try db.columns(in: table), key.rowIDColumn ?? "rowid")
      }
    } catch let error as ExistingTableError {
      throw error
    } catch {
      throw .unsupported("cannot read the table '\(table)': \(error)")
    }
    return try entity(
      table: table, columns: found.columns, primaryKey: found.primaryKey, keys: keys)
  }

  private static func entity(
    table: String, columns found: [ColumnInfo], primaryKey: String, keys: String?
  ) throws(ExistingTableError) -> SQLiteEntity {
    let ordered = found.contains {
      $0.name == "position" && columnKind(declared: $0.type) == .integer
    }
    let stored = found.filter { $0.name != primaryKey && !(ordered && $0.name == "position") }
    let names = stored.map(\.name)
    guard !names.isEmpty else {
      throw .unsupported("the table '\(table)' has no column besides its key")
    }
    if let awkward = names.first(where: { name in
      !name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }) {
      throw .unsupported(
        "the column '\(awkward)' cannot be listed: a key is letters, digits and '_'")
    }
    var definition: DataDefinition
    do { definition = try DataDefinition.dictionary(keys: names.joined(separator: ";")) } catch {
      throw .badKeys(error)
    }
    var columns: [SQLiteColumn] = []
    for info in stored {
      let kind = columnKind(declared: info.type)
      var column = SQLiteColumn(info.name, kind, nullable: !info.isNotNull)
      column.hasDefault = info.defaultValueSQL != nil
      columns.append(column)
      let valueKind = Self.valueKind(of: kind)
      definition[info.name]?.valueKind = info.isNotNull ? valueKind : .optional(valueKind)
      definition[info.name]?.isRequired = info.isNotNull && info.defaultValueSQL == nil
    }
    if let keys {
      let shown: DataDefinition
      do { shown = try DataDefinition.dictionary(keys: keys) } catch { throw .badKeys(error) }
      for property in shown.properties {
        guard !property.isCustom else {
          throw .unsupported("'~\(property.name)' is a custom row, which needs Swift code")
        }
        guard names.contains(property.name) else {
          throw .unknownColumn(property.name, columns: names)
        }
      }
      definition.groups = shown.groups
      definition.titlePropertyNames = shown.titlePropertyNames
    }
    // One row's name: `orders` lists an "Order".
    let item = EnglishNoun.singular(table)
    definition.name = item.prefix(1).uppercased() + item.dropFirst()
    return SQLiteEntity(
      table: table, definition: definition, columns: columns, ordered: ordered,
      primaryKey: primaryKey)
  }

  /// The kind of a column declared `type`, by SQLite's affinity rules, with `BOOL` and
  /// `DATE` (or `DATETIME`) read as Booleans and dates, and a `TIME` alone as text.
  static func columnKind(declared type: String) -> SQLiteColumn.Kind {
    // The kinds share their names.
    SQLiteColumn.Kind(rawValue: InferredColumn.kind(declared: type).rawValue) ?? .text
  }

  /// The kind of the values a column of `kind` holds.
  static func valueKind(of kind: SQLiteColumn.Kind) -> ValueKind {
    switch kind {
    case .text: .string
    case .integer: .int
    case .real: .double
    case .bool: .bool
    case .date, .dateText: .date
    case .blob: .data
    }
  }
}
