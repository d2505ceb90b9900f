import Foundation
import Trellis
import TrellisDocuments

extension ValueConversion {
  /// The value a JSON value becomes; one that does not convert stays as it came.
  func read(_ json: Value) -> Value {
    switch (self, json) {
    case (.iso8601Date, .string(let text)), (.iso8601Day, .string(let text)):
      if let date = DocumentDate.date(from: text) { return .date(date) }
      // A day alone, or a time without its zone, as many APIs write them.
      if text.count == 10, let date = DocumentDate.date(from: text + "T00:00:00Z") {
        return .date(date)
      }
      if let date = DocumentDate.date(from: text + "Z") { return .date(date) }
      return json
    case (.unixDate, .int(let seconds)):
      return .date(Date(timeIntervalSince1970: TimeInterval(seconds)))
    case (.unixDate, .double(let seconds)):
      return .date(Date(timeIntervalSince1970: seconds))
    case (.numericText, .string(let text)):
      if let int = Int(text) { return .int(int) }
      if let double = Double(text) { return .double(double) }
      return json
    case (.text, .null): return json
    case (.text, _): return .string(json.displayText)
    case (.bool, .int(let number)): return .bool(number != 0)
    case (.bool, .string(let text)):
      switch text.lowercased() {
      case "true", "yes", "1": return .bool(true)
      case "false", "no", "0": return .bool(false)
      default: return json
      }
    default: return json
    }
  }

  /// The JSON value `value` is sent as.
  func write(_ value: Value) -> Value {
    switch (self, value) {
    case (.iso8601Date, .date(let date)):
      return DocumentDate.string(from: date).map(Value.string) ?? .null
    case (.iso8601Day, .date(let date)):
      return DocumentDate.string(from: date).map { .string(String($0.prefix(10))) } ?? .null
    case (.unixDate, .date(let date)): return .double(date.timeIntervalSince1970)
    case (.numericText, .int(let number)): return .string(String(number))
    case (.numericText, .double(let number)): return .string(String(number))
    default: return value
    }
  }
}
