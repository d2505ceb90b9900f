import Foundation
import Trellis

/// Items as JSON, and JSON request bodies as values.
extension StoreAPI {
  /// The properties served: every property the items hold, of a plain kind (text, numbers,
  /// Booleans, dates, choices among them, or undeclared), except `id` and the id key.
  /// Relationships, nested lists and custom rows are left out.
  static func servedFields(of definition: DataDefinition, except idProperty: String?) -> [Field] {
    definition.properties.compactMap { property in
      guard !property.isCustom, property.name != "id", property.name != idProperty,
        property.attributes.relatedItems == nil, isPlain(property.valueKind)
      else { return nil }
      return Field(name: property.name, kind: property.valueKind)
    }
  }

  private static func isPlain(_ kind: ValueKind?) -> Bool {
    guard let kind else { return true }
    switch kind.unwrapped {
    case .string, .bool, .int, .double, .date, .any: return true
    case .choice(let base, _): return isPlain(base)
    default: return false
    }
  }

  /// The JSON object of `item`: `id` first, then the served properties in order.
  func representation(of item: Value) -> Value {
    let reader = definition.reader(for: item)
    var object = ValueDictionary()
    object["id"] = identity.id(of: item, definition: definition).map(Value.int) ?? .null
    for field in fields {
      object[field.name] = Self.plain(reader.value(field.name) ?? .null) ?? .null
    }
    return .dictionary(object)
  }

  /// `value` as JSON holds it: dates as ISO 8601 text, numbers that are not finite as null;
  /// `nil` for objects and data, which an item's JSON leaves out.
  static func plain(_ value: Value, depth: Int = 0) -> Value? {
    switch value {
    case .null, .bool, .int, .string: return value
    case .double(let number): return number.isFinite ? value : .null
    case .date(let date): return .string(Value.isoText(date))
    case .data, .object: return nil
    case .array(let elements):
      guard depth < 16 else { return nil }
      return .array(elements.map { plain($0, depth: depth + 1) ?? .null })
    case .dictionary(let entries):
      guard depth < 16 else { return nil }
      return .dictionary(
        ValueDictionary(entries.map { ($0.key, plain($0.value, depth: depth + 1) ?? .null) }))
    }
  }

  /// The JSON object a POST, PUT or PATCH sent: an empty body is an empty object.
  ///
  /// - Throws: 415 unless the body was declared JSON; 400 when it is not JSON, or not an
  ///   object.
  func object(in request: StoreAPIRequest) throws(StoreAPIResponse) -> ValueDictionary {
    guard request.isJSON else {
      let type = String((request.contentType ?? "").prefix(100))
      throw .detail(.unsupportedMediaType, "Unsupported media type \"\(type)\" in request.")
    }
    let blank: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
    if request.body.allSatisfy(blank.contains) { return ValueDictionary() }
    let document: LocatedDocument
    do {
      document = try LocatedDocument(
        bytes: request.body, format: .json, file: nil,
        options: DocumentReadOptions(
          maximumDepth: 32, allowsDuplicateKeys: true, recordsLocations: false))
    } catch {
      var message = "JSON parse error - \(error.message)"
      if let location = error.location {
        message += " (line \(location.line), column \(location.column))"
      }
      throw .detail(.badRequest, message)
    }
    guard case .dictionary(let object) = document.root else {
      throw .fieldErrors([
        ("", "Invalid data. Expected a dictionary, but got \(Self.jsonName(document.root)).")
      ])
    }
    return object
  }

  /// What JSON calls the kind of `value`.
  private static func jsonName(_ value: Value) -> String {
    switch value {
    case .null: "null"
    case .bool: "boolean"
    case .int, .double: "number"
    case .string: "string"
    case .array: "array"
    default: "object"
    }
  }
}
