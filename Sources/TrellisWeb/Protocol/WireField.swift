import Foundation

/// One field of a message from the page, as JSON typed it. Arrays and objects are recognised
/// but not read: no message takes them.
enum WireField: Decodable, Sendable, Equatable {
  case string(String)
  case number(Double)
  case bool(Bool)
  case null
  case array
  case object
  /// A number too large to hold, or text that is not Unicode (a lone surrogate).
  case unreadable

  init(from decoder: any Decoder) throws {
    if let container = try? decoder.singleValueContainer() {
      if container.decodeNil() {
        self = .null
        return
      }
      if let flag = try? container.decode(Bool.self) {
        self = .bool(flag)
        return
      }
      if let number = try? container.decode(Double.self) {
        self = .number(number)
        return
      }
      if let text = try? container.decode(String.self) {
        self = .string(text)
        return
      }
    }
    if (try? decoder.unkeyedContainer()) != nil {
      self = .array
    } else if (try? decoder.container(keyedBy: AnyKey.self)) != nil {
      self = .object
    } else {
      self = .unreadable
    }
  }

  /// What the page sent, in words, for errors.
  var kind: String {
    switch self {
    case .string: "text"
    case .number: "a number"
    case .bool: "true or false"
    case .null: "null"
    case .array: "an array"
    case .object: "an object"
    case .unreadable:
      "a value that cannot be read (a number too large, or text that is not Unicode)"
    }
  }

  /// Any key of an object.
  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

/// A scalar a control sent: text, a number, a flag, or nothing.
enum WireValue: Sendable, Equatable {
  case string(String)
  case number(Double)
  case bool(Bool)
  case null
}

/// Reads the fields of one message, each at most once, with errors that name the field and
/// the message type.
struct WireReader {
  let fields: [String: WireField]
  var type: String
  private var read: Set<String> = ["type"]

  init(fields: [String: WireField], type: String) {
    self.fields = fields
    self.type = type
  }

  private mutating func field(_ name: String) -> WireField? {
    read.insert(name)
    return fields[name]
  }

  mutating func optionalString(_ name: String) throws(WebProtocolError) -> String? {
    switch field(name) {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case let other?: throw .invalidField(name, in: type, "expected text, found \(other.kind)")
    }
  }

  mutating func string(_ name: String) throws(WebProtocolError) -> String {
    guard let text = try optionalString(name) else { throw .missingField(name, in: type) }
    return text
  }

  mutating func bool(_ name: String) throws(WebProtocolError) -> Bool {
    switch field(name) {
    case nil, .null?: throw .missingField(name, in: type)
    case .bool(let flag)?: return flag
    case let other?:
      throw .invalidField(name, in: type, "expected true or false, found \(other.kind)")
    }
  }

  /// A row position when present: a whole number, not negative.
  mutating func optionalIndex(_ name: String) throws(WebProtocolError) -> Int? {
    if case nil = fields[name] {
      read.insert(name)
      return nil
    }
    return try index(name)
  }

  /// A row position: a whole number, not negative.
  mutating func index(_ name: String) throws(WebProtocolError) -> Int {
    switch field(name) {
    case nil, .null?: throw .missingField(name, in: type)
    case .number(let number)?:
      guard number.rounded() == number, abs(number) < 1e15 else {
        throw .invalidField(name, in: type, "\(number) is not a whole number")
      }
      guard number >= 0 else { throw .invalidField(name, in: type, "\(Int(number)) is negative") }
      return Int(number)
    case let other?: throw .invalidField(name, in: type, "expected a number, found \(other.kind)")
    }
  }

  /// A control's value: text, a number, a flag or null, but present.
  mutating func value(_ name: String) throws(WebProtocolError) -> WireValue {
    switch field(name) {
    case nil: throw .missingField(name, in: type)
    case .null?: return .null
    case .string(let text)?: return .string(text)
    case .number(let number)?: return .number(number)
    case .bool(let flag)?: return .bool(flag)
    case let other?:
      throw .invalidField(
        name, in: type, "expected text, a number, true or false, or null; found \(other.kind)")
    }
  }

  /// Refuses a field the message type does not take.
  func refuseUnread() throws(WebProtocolError) {
    if let extra = fields.keys.filter({ !read.contains($0) }).sorted().first {
      throw .unknownField(extra, in: type)
    }
  }
}
