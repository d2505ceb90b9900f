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
  /// A date must be a real calendar date of the years 0001 to 9999, and its time a real time
  /// of day: February 30th, a five-digit year and `24:00` are refused, not rolled over
  /// (``DateTextLayout`` reads it).
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
      if let date = DateTextLayout.date(from: trimmed) { return .date(date) }
    case .null:
      if trimmed.isEmpty { return .null }
    default: break
    }
    throw ValueConversionError(value: .string(text), target: type)
  }
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
