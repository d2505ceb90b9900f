import Foundation
import GRDB
import Trellis

/// Conversions between Trellis values and SQLite values.
enum SQLiteValues {
  /// A value as SQLite stores it: Booleans as 0 or 1, dates as seconds since 1970.
  static func database(_ value: Value, column: String) throws(StoreError) -> DatabaseValue {
    switch value {
    case .null: return .null
    case .bool(let flag): return (flag ? 1 : 0).databaseValue
    case .int(let number): return Int64(number).databaseValue
    case .double(let number): return number.databaseValue
    case .string(let text): return text.databaseValue
    case .date(let date): return date.timeIntervalSince1970.databaseValue
    case .data(let data): return data.databaseValue
    case .array, .dictionary, .object:
      throw .invalidItem("the column '\(column)' cannot hold a value of type \(value.type)")
    }
  }

  /// A value for a column, refused when SQLite would not give it back: text with a NUL
  /// character (SQLite keeps the text before it), a NaN number (stored as NULL), a date that
  /// is no time.
  static func column(_ value: Value, column: String) throws(StoreError) -> DatabaseValue {
    switch value {
    case .string(let text) where text.utf8.contains(0):
      throw .invalidItem("the column '\(column)' cannot hold text with a NUL character")
    case .double(let number) where number.isNaN:
      throw .invalidItem("the column '\(column)' cannot hold NaN")
    case .date(let date) where !date.timeIntervalSince1970.isFinite:
      throw .invalidItem("the column '\(column)' cannot hold a date that is no time")
    default:
      return try database(value, column: column)
    }
  }

  /// A stored value read back as the column's kind.
  static func value(_ stored: DatabaseValue, kind: SQLiteColumn.Kind) -> Value {
    switch (stored.storage, kind) {
    case (.null, _): .null
    case (.int64(let n), .bool): .bool(n != 0)
    case (.int64(let n), .real): .double(Double(n))
    case (.int64(let n), .date): .date(Date(timeIntervalSince1970: Double(n)))
    case (.int64(let n), _): .int(Int(n))
    case (.double(let d), .integer) where d.rounded() == d && abs(d) < 9.0e15: .int(Int(d))
    case (.double(let d), .bool): .bool(d != 0)
    case (.double(let d), .date): .date(Date(timeIntervalSince1970: d))
    case (.double(let d), _): .double(d)
    case (.string(let s), .dateText):
      DateTextLayout.date(from: s).map(Value.date) ?? .string(s)
    case (.string(let s), _): .string(s)
    case (.blob(let data), _): .data(data)
    }
  }

  /// A value for a column of `kind`: a date as ISO 8601 text in `layout` in a
  /// ``SQLiteColumn/Kind/dateText`` column, as seconds since 1970 anywhere else.
  static func column(
    _ value: Value, column: String, kind: SQLiteColumn.Kind, layout: DateTextLayout = .sqlite
  ) throws(StoreError) -> DatabaseValue {
    if kind == .dateText, case .date(let date) = value, date.timeIntervalSince1970.isFinite {
      return layout.text(from: date).databaseValue
    }
    return try self.column(value, column: column)
  }

  /// A value as an SQL literal, for column defaults.
  static func literal(_ value: Value) -> String {
    switch value {
    case .null: "NULL"
    case .bool(let flag): flag ? "1" : "0"
    case .int(let number): "\(number)"
    case .double(let number): "\(number)"
    case .date(let date): "\(date.timeIntervalSince1970)"
    case .string(let text): "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    case .data(let data): "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
    case .array, .dictionary, .object: "NULL"
    }
  }

  /// Statement arguments from values.
  static func arguments(_ values: [Value]) throws(StoreError) -> StatementArguments {
    var converted: [(any DatabaseValueConvertible)?] = []
    converted.reserveCapacity(values.count)
    for value in values { converted.append(try database(value, column: "?")) }
    // Not `[DatabaseValue]`: GRDB maps that with a key path, made anew on every call.
    return StatementArguments(converted)
  }
}
