import Foundation

/// One bound value as it crosses the core: from an object, a dictionary, a document or a store.
///
/// Conversions between cases are explicit (see ``Value/converted(to:)``); a binding never
/// coerces silently.
public enum Value: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case date(Date)
  case data(Data)
  case array([Value])
  case dictionary(ValueDictionary)
  case object(ObjectReference)

  /// The case of this value, for messages and type checks.
  public var type: ValueType {
    switch self {
    case .null: .null
    case .bool: .bool
    case .int: .int
    case .double: .double
    case .string: .string
    case .date: .date
    case .data: .data
    case .array: .array
    case .dictionary: .dictionary
    case .object: .object
    }
  }

  /// Whether this is ``null``.
  public var isNull: Bool { if case .null = self { true } else { false } }

  /// The string, if this is a string.
  public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
  /// The Boolean, if this is a Boolean.
  public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
  /// The integer, if this is an integer or a double with no fraction.
  public var intValue: Int? {
    switch self {
    case .int(let i): i
    case .double(let d) where d.rounded() == d && abs(d) < 9.0e15: Int(d)
    default: nil
    }
  }
  /// The number as a double, if this is an integer or a double.
  public var doubleValue: Double? {
    switch self {
    case .int(let i): Double(i)
    case .double(let d): d
    default: nil
    }
  }
  /// The date, if this is a date.
  public var dateValue: Date? { if case .date(let d) = self { d } else { nil } }
  /// The elements, if this is an array.
  public var arrayValue: [Value]? { if case .array(let a) = self { a } else { nil } }
  /// The dictionary, if this is a dictionary.
  public var dictionaryValue: ValueDictionary? {
    if case .dictionary(let d) = self { d } else { nil }
  }
  /// The referenced object, if this is an object reference.
  public var objectValue: AnyObject? { if case .object(let o) = self { o.object } else { nil } }
}

/// The cases of ``Value``, as named in messages.
public enum ValueType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  case null, bool, int, double, string, date, data, array, dictionary, object

  public var description: String {
    switch self {
    case .null: "nil"
    case .bool: "Bool"
    case .int: "Int"
    case .double: "Double"
    case .string: "String"
    case .date: "Date"
    case .data: "Data"
    case .array: "Array"
    case .dictionary: "Dictionary"
    case .object: "Object"
    }
  }

  /// The kind in words, for people who write data files rather than Swift: "text",
  /// "a number", "a list".
  public var inWords: String {
    switch self {
    case .null: "nothing"
    case .bool: "true or false"
    case .int: "a whole number"
    case .double: "a number"
    case .string: "text"
    case .date: "a date"
    case .data: "data"
    case .array: "a list"
    case .dictionary: "a dictionary"
    case .object: "an object"
    }
  }
}

/// A reference to a bound object, compared by identity.
///
/// Objects are read and written only on the isolation domain of the screen that binds them;
/// the reference itself may cross domains inside snapshots.
///
/// A stored row listed as an ``ObjectFault`` and the object made from it are one identity: a
/// reference to either compares and hashes as the fault.
// Sound: the reference is compared and hashed by identity only, which reads nothing of the
// object; the object itself is read and written on the domain that binds it.
public struct ObjectReference: Hashable, @unchecked Sendable, CustomStringConvertible {
  /// What the reference holds: the object, or the fault of a row whose object may not exist.
  package let identity: AnyObject

  /// The object; for a fault, its object, made now if nothing has asked for it before.
  public var object: AnyObject {
    if let fault = identity as? ObjectFault { return fault.object }
    return identity
  }

  /// Wraps `object`.
  public init(_ object: AnyObject) { identity = ObjectFault.identity(of: object) }

  /// The fault the reference holds, if it holds one.
  public var fault: ObjectFault? { identity as? ObjectFault }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity === rhs.identity }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }
  public var description: String {
    // The same before and after the fault's object is made: a row showing it stays true.
    if let fault { return "<\(fault.layout.name)>" }
    return "<\(type(of: identity))>"
  }

  /// The properties of the object, read without making a fault's object: the fault while its
  /// object does not exist.
  public var keyValueCoding: KeyValueCoding? {
    if let fault = identity as? ObjectFault { return fault }
    return identity as? KeyValueCoding
  }
}
