import Foundation

extension Value {
  /// Converts to `type` where no information is lost, or throws.
  ///
  /// Allowed: Int → Double; Double → Int when it has no fraction; anything → itself; nil →
  /// nil. Text a person typed is parsed with ``parse(_:as:)`` instead.
  public func converted(to type: ValueType) throws(ValueConversionError) -> Value {
    if self.type == type { return self }
    switch (self, type) {
    case (.int(let i), .double): return .double(Double(i))
    case (.double, .int):
      if let i = intValue { return .int(i) }
    default: break
    }
    throw ValueConversionError(value: self, target: type)
  }

  /// Parses what a person typed into a field of `type`: "42" as an Int, "yes" as a Bool,
  /// "2026-01-31", full ISO-8601, or a day and time without a zone (in UTC) as a Date.
  ///
  /// A date must be a real calendar date of the years 0001 to 9999: February 30th and a
  /// five-digit year are refused, not rolled over.
  public static func parse(_ text: String, as type: ValueType) throws(ValueConversionError)
    -> Value
  {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch type {
    case .string: return .string(text)
    case .int:
      if let i = Int(trimmed) { return .int(i) }
    case .double:
      if let d = Double(trimmed), d.isFinite { return .double(d) }
    case .bool:
      switch trimmed.lowercased() {
      case "yes", "true", "1", "on": return .bool(true)
      case "no", "false", "0", "off": return .bool(false)
      default: break
      }
    case .date:
      guard isCalendarDate(trimmed), hasRealTimeOfDay(trimmed) else { break }
      if let date = isoDate(trimmed) ?? utcDate(dayAndTime: trimmed) { return .date(date) }
      let day = ISO8601DateFormatter()
      day.formatOptions = [.withFullDate]
      if let date = day.date(from: trimmed) { return .date(date) }
    case .null:
      if trimmed.isEmpty { return .null }
    default: break
    }
    throw ValueConversionError(value: .string(text), target: type)
  }
}

/// Whether `text` starts with a real calendar date, `YYYY-MM-DD`, of the years 0001 to 9999
/// (the proleptic Gregorian calendar ISO 8601 uses).
private func isCalendarDate(_ text: String) -> Bool {
  let bytes = Array(text.utf8.prefix(11))
  func number(_ range: Range<Int>) -> Int? {
    var result = 0
    for index in range {
      guard bytes.indices.contains(index), (48...57).contains(bytes[index]) else { return nil }
      result = result * 10 + Int(bytes[index] - 48)
    }
    return result
  }
  guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
    let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
    bytes.count == 10 || !(48...57).contains(bytes[10]), year >= 1, (1...12).contains(month)
  else { return false }
  let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  return (1...days).contains(day)
}

/// Whether the time after a `YYYY-MM-DD` day in `text`, if any, is a real one: `HH:MM`, then
/// optionally `:SS`, with hours below 24, minutes and seconds below 60 (the parsers would
/// otherwise roll `24:00` over into the next day).
private func hasRealTimeOfDay(_ text: String) -> Bool {
  let bytes = Array(text.utf8.dropFirst(11).prefix(8))
  guard !bytes.isEmpty else { return true }
  func number(at index: Int) -> Int? {
    guard index + 1 < bytes.count, (48...57).contains(bytes[index]),
      (48...57).contains(bytes[index + 1])
    else { return nil }
    return Int(bytes[index] - 48) * 10 + Int(bytes[index + 1] - 48)
  }
  guard let hour = number(at: 0), hour < 24, bytes.count > 2, bytes[2] == UInt8(ascii: ":"),
    let minute = number(at: 3), minute < 60
  else { return false }
  guard bytes.count > 5, bytes[5] == UInt8(ascii: ":") else { return true }
  return number(at: 6).map { $0 < 60 } ?? false
}

/// A value that cannot become another type without losing information.
public struct ValueConversionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The value given.
  public var value: Value
  /// The type it should have become.
  public var target: ValueType

  public var description: String {
    if case .string(let text) = value {
      return "\"\(text)\" is not a valid \(target.readableName)"
    }
    return "a \(value.type) cannot become a \(target)"
  }
}

extension ValueType {
  /// A lower-case name for messages a person reads: "number", "date".
  public var readableName: String {
    switch self {
    case .int: "whole number"
    case .double: "number"
    case .bool: "yes or no"
    case .date: "date"
    case .string: "text"
    default: description
    }
  }
}
