import Foundation
import NIOCore
import PostgresNIO
import Trellis

/// Conversions between Trellis values and PostgreSQL's.
enum PostgresValues {
  /// Binds `value` as a column of `kind` holds it; a value the column cannot hold is an
  /// invalid item naming the column.
  static func append(
    _ value: Value, as kind: PostgresColumn.Kind, column: String, to binds: inout PostgresBindings
  ) throws(StoreError) {
    func refuse() -> StoreError {
      .invalidItem("the column '\(column)' (\(kind.sqlType)) cannot hold \(value.type) values")
    }
    switch (value, kind) {
    case (.null, _): binds.appendNull()
    case (.string(let text), .text):
      guard !text.utf8.contains(0) else {
        // On the field that holds it, which the person can fix.
        throw .refusedValue(property: column, message: "cannot hold text with a NUL character")
      }
      binds.append(text)
    case (.int(let number), .integer): binds.append(Int64(number))
    case (.int(let number), .double): binds.append(Double(number))
    case (.double(let number), .double): binds.append(number)
    case (.double(let number), .integer):
      guard number.rounded() == number, abs(number) < 9.2e18 else { throw refuse() }
      binds.append(Int64(number))
    case (.bool(let flag), .bool): binds.append(flag)
    case (.date(let date), .date):
      guard date.timeIntervalSince1970.isFinite else {
        throw .invalidItem("the column '\(column)' cannot hold a date that is no time")
      }
      binds.append(date)
    case (.data(let data), .bytes): binds.append(ByteBuffer(bytes: data))
    default: throw refuse()
    }
  }

  /// The value of a cell, as the column's kind.
  static func value(_ cell: PostgresCell, kind: PostgresColumn.Kind) throws(StoreError) -> Value {
    guard cell.bytes != nil else { return .null }
    do {
      switch kind {
      case .text: return .string(try cell.decode(String.self))
      case .integer: return .int(Int(try cell.decode(Int64.self)))
      case .double: return .double(try cell.decode(Double.self))
      case .bool: return .bool(try cell.decode(Bool.self))
      case .date: return .date(try cell.decode(Date.self))
      case .bytes:
        var buffer = try cell.decode(ByteBuffer.self)
        return .data(Data(buffer.readBytes(length: buffer.readableBytes) ?? []))
      }
    } catch {
      throw .failed(
        "the column '\(cell.columnName)' holds \(cell.dataType), which is not \(kind.sqlType)")
    }
  }
}
