import Foundation
import Trellis

/// Values as compact JSON text that reads back as the same value, case for case: what a
/// synced settings table stores in its `value` column.
///
/// Null, Booleans, integers, strings, arrays and dictionaries (in their key order) are plain
/// JSON. A finite double always has a fraction or an exponent (`50.0`, `1e+20`), so it reads
/// back as a double. The rest are one-key objects: `{"$date":<seconds since 2001>}`,
/// `{"$data":"<base64>"}`, `{"$double":"nan"}` (or `"inf"`, `"-inf"`); a dictionary that would
/// look like one of these (a single key starting with `$`) is wrapped as
/// `{"$dictionary":{…}}`. Object references cannot be stored.
enum SyncedValueEncoding {
  /// The text of `value`.
  ///
  /// - Throws: ``StoreError/invalidItem(_:)`` for an object reference (at any depth).
  static func encode(_ value: Value) throws(StoreError) -> String {
    var output: [UInt8] = []
    try write(value, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// The value `text` encodes.
  ///
  /// - Throws: ``StoreError/failed(_:)`` when `text` is not such an encoding.
  static func decode(_ text: String) throws(StoreError) -> Value {
    let document: LocatedDocument
    do {
      document = try LocatedDocument(
        text: text, format: .json, options: DocumentReadOptions(recordsLocations: false))
    } catch {
      throw .failed("a stored setting is not readable: \(error.description)")
    }
    return try unwrapped(document.root)
  }

  private static let tags: Set<String> = ["$date", "$data", "$double", "$dictionary"]

  private static func write(_ value: Value, to output: inout [UInt8]) throws(StoreError) {
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .int(let number): output.append(contentsOf: String(number).utf8)
    case .double(let number):
      if number.isFinite {
        output.append(contentsOf: "\(number)".utf8)
      } else {
        let name = number.isNaN ? "nan" : number < 0 ? "-inf" : "inf"
        output.append(contentsOf: "{\"$double\":\"\(name)\"}".utf8)
      }
    case .string(let text): JSONString.append(text, to: &output)
    case .date(let date):
      guard date.timeIntervalSinceReferenceDate.isFinite else {
        throw .invalidItem("a date that is no time cannot be stored")
      }
      output.append(contentsOf: "{\"$date\":\(date.timeIntervalSinceReferenceDate)}".utf8)
    case .data(let data):
      output.append(contentsOf: "{\"$data\":\"\(data.base64EncodedString())\"}".utf8)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        try write(element, to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .dictionary(let entries):
      let wrapped = entries.count == 1 && entries.keys[0].hasPrefix("$")
      if wrapped { output.append(contentsOf: "{\"$dictionary\":".utf8) }
      output.append(UInt8(ascii: "{"))
      for (index, entry) in entries.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        JSONString.append(entry.key, to: &output)
        output.append(UInt8(ascii: ":"))
        try write(entry.value, to: &output)
      }
      output.append(UInt8(ascii: "}"))
      if wrapped { output.append(UInt8(ascii: "}")) }
    case .object:
      throw .invalidItem("a synced setting cannot hold an object reference")
    }
  }

  private static func unwrapped(_ value: Value) throws(StoreError) -> Value {
    switch value {
    case .array(let elements):
      var result: [Value] = []
      result.reserveCapacity(elements.count)
      for element in elements { result.append(try unwrapped(element)) }
      return .array(result)
    case .dictionary(let entries):
      if entries.count == 1, tags.contains(entries.keys[0]) {
        return try tagged(entries.keys[0], entries.values[0])
      }
      var result = ValueDictionary()
      for (key, element) in entries { result[key] = try unwrapped(element) }
      return .dictionary(result)
    default:
      return value
    }
  }

  private static func tagged(_ tag: String, _ content: Value) throws(StoreError) -> Value {
    switch (tag, content) {
    case ("$date", .double(let seconds)):
      return .date(Date(timeIntervalSinceReferenceDate: seconds))
    case ("$date", .int(let seconds)):
      return .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
    case ("$data", .string(let text)):
      guard let data = Data(base64Encoded: text) else { break }
      return .data(data)
    case ("$double", .string("nan")): return .double(.nan)
    case ("$double", .string("inf")): return .double(.infinity)
    case ("$double", .string("-inf")): return .double(-.infinity)
    case ("$dictionary", .dictionary(let entries)):
      var result = ValueDictionary()
      for (key, element) in entries { result[key] = try unwrapped(element) }
      return .dictionary(result)
    default: break
    }
    throw .failed("a stored setting is not readable: \(tag) does not hold \(content.type)")
  }
}
