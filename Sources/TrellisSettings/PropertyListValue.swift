import Foundation
import Trellis

/// Conversions between ``Value`` and the property-list objects Foundation stores
/// (`UserDefaults`), guided by a value of the expected type where numbers are ambiguous.
enum PropertyListValue {
  /// A value as a property-list object; `nil` for `null` (which property lists cannot hold).
  static func object(_ value: Value) -> Any? {
    switch value {
    case .null, .object: nil
    case .bool(let flag): flag
    case .int(let number): number
    case .double(let number): number
    case .string(let text): text
    case .date(let date): date
    case .data(let data): data
    case .array(let values): values.compactMap(object)
    case .dictionary(let entries):
      Dictionary(
        entries.compactMap { entry in object(entry.value).map { (entry.key, $0) } },
        uniquingKeysWith: { $1 })
    }
  }

  /// What a suite's file gives back for `object` once saved and read again; `nil` when the
  /// file could not be read back at all.
  ///
  /// On Linux a suite is an XML property list, which drops a string's leading U+FEFF and a
  /// date's fraction of a second, and which a date that is no time (NaN, infinity) makes
  /// unreadable, every other setting with it.
  static func kept(_ object: Any) -> Any? {
    #if os(Linux)
      let format = PropertyListSerialization.PropertyListFormat.xml
    #else
      let format = PropertyListSerialization.PropertyListFormat.binary
    #endif
    guard
      let data = try? PropertyListSerialization.data(
        fromPropertyList: ["value": object], format: format, options: 0),
      let read = try? PropertyListSerialization.propertyList(from: data, format: nil),
      let value = (read as? [String: Any])?["value"]
    else { return nil }
    return value
  }

  /// A property-list object as a value, typed like `like` where that settles a number's case.
  static func value(_ object: Any?, like: Value? = nil) -> Value {
    guard let object else { return .null }
    if let text = object as? String { return .string(text) }
    if let date = object as? Date { return .date(date) }
    if let data = object as? Data { return .data(data) }
    if let array = object as? [Any] {
      let element = like?.arrayValue?.first
      return .array(array.map { value($0, like: element) })
    }
    if let dictionary = object as? [String: Any] {
      let template = like?.dictionaryValue
      let known = template?.keys.filter { dictionary[$0] != nil } ?? []
      let rest = dictionary.keys.filter { !known.contains($0) }.sorted()
      return .dictionary(
        ValueDictionary((known + rest).map { ($0, value(dictionary[$0], like: template?[$0])) }))
    }
    switch like {
    case .bool?: if let flag = object as? Bool { return .bool(flag) }
    case .int?: if let number = object as? Int { return .int(number) }
    case .double?: if let number = object as? Double { return .double(number) }
    default: break
    }
    if let number = object as? NSNumber {
      switch String(cString: number.objCType) {
      case "c", "B": return .bool(number.boolValue)
      case "d", "f": return .double(number.doubleValue)
      default: return .int(number.intValue)
      }
    }
    if let flag = object as? Bool { return .bool(flag) }
    if let number = object as? Int { return .int(number) }
    if let number = object as? Double { return .double(number) }
    return .string(String(describing: object))
  }
}
