import Foundation
import TrellisValues

@testable import TrellisDocuments

/// Converts between `Value` and Foundation's property list objects, to compare Trellis's readers
/// and writers with `PropertyListSerialization`. Foundation loses key order, so comparisons use
/// ``sortedKeys(_:)``.
enum FoundationBridge {
  /// A Foundation property list object as a value, with dictionary keys sorted.
  static func value(_ object: Any) -> Value {
    switch object {
    case let bool as Bool where type(of: object) == Bool.self: return .bool(bool)
    case let string as String: return .string(string)
    case let date as Date: return .date(date)
    case let data as Data: return .data(data)
    case let array as [Any]: return .array(array.map(value))
    case let dictionary as [String: Any]:
      return .dictionary(
        ValueDictionary(dictionary.keys.sorted().map { ($0, value(dictionary[$0] as Any)) }))
    case let dictionary as [AnyHashable: Any]:
      let pairs = dictionary.compactMap { key, element in
        (key.base as? String).map { ($0, value(element)) }
      }
      return .dictionary(ValueDictionary(pairs.sorted { $0.0 < $1.0 }))
    case let number as NSNumber:
      let type = String(cString: number.objCType)
      if type == "c" || type == "B" { return .bool(number.boolValue) }
      if type == "d" || type == "f" { return .double(number.doubleValue) }
      return .int(number.intValue)
    default: return .string("<unknown \(type(of: object))>")
    }
  }

  /// A value as a Foundation property list object.
  static func object(_ value: Value) -> Any {
    switch value {
    case .null, .object: return "<unrepresentable>"
    case .bool(let bool): return bool
    case .int(let int): return int
    case .double(let double): return double
    case .string(let string): return string
    case .date(let date): return date
    case .data(let data): return data
    case .array(let array): return array.map(object)
    case .dictionary(let dictionary):
      var result: [String: Any] = [:]
      for (key, element) in dictionary { result[key] = object(element) }
      return result
    }
  }

  /// The same tree with every dictionary's keys sorted.
  static func sortedKeys(_ value: Value) -> Value {
    switch value {
    case .array(let array): return .array(array.map(sortedKeys))
    case .dictionary(let dictionary):
      return .dictionary(
        ValueDictionary(dictionary.keys.sorted().map { ($0, sortedKeys(dictionary[$0] ?? .null)) }))
    default: return value
    }
  }
}
