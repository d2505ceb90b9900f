import Foundation

/// A Swift type that converts to and from ``Value`` without losing information.
///
/// The standard scalar types, `Date`, `Data`, optionals, arrays and string-keyed dictionaries of
/// convertible types conform. Enumerations conform by declaring it when their raw value does;
/// `CaseIterable` ones become a choice of their cases. Classes get it from `@TableBound`.
public protocol ValueConvertible {
  /// The declared kind, for auto-detection of row kinds.
  static var valueKind: ValueKind { get }
  /// This value as a ``Value``.
  var bindingValue: Value { get }
  /// Creates an instance from a ``Value`` of the right type, or throws.
  init(bindingValue: Value) throws(ValueConversionError)
}

extension String: ValueConvertible {
  public static var valueKind: ValueKind { .string }
  public var bindingValue: Value { .string(self) }
  public init(bindingValue: Value) throws(ValueConversionError) {
    guard case .string(let s) = bindingValue else {
      throw ValueConversionError(value: bindingValue, target: .string)
    }
    self = s
  }
}

extension Bool: ValueConvertible {
  public static var valueKind: ValueKind { .bool }
  public var bindingValue: Value { .bool(self) }
  public init(bindingValue: Value) throws(ValueConversionError) {
    guard case .bool(let b) = bindingValue else {
      throw ValueConversionError(value: bindingValue, target: .bool)
    }
    self = b
  }
}

extension Int: ValueConvertible {
  public static var valueKind: ValueKind { .int }
  public var bindingValue: Value { .int(self) }
  public init(bindingValue: Value) throws(ValueConversionError) {
    guard let i = bindingValue.intValue else {
      throw ValueConversionError(value: bindingValue, target: .int)
    }
    self = i
  }
}

extension Double: ValueConvertible {
  public static var valueKind: ValueKind { .double }
  public var bindingValue: Value { .double(self) }
  public init(bindingValue: Value) throws(ValueConversionError) {
    guard let d = bindingValue.doubleValue else {
      throw ValueConversionError(value: bindingValue, target: .double)
    }
    self = d
  }
}

extension Float: ValueConvertible {
  public static var valueKind: ValueKind { .double }
  public var bindingValue: Value { .double(Double(self)) }
  public init(bindingValue: Value) throws(ValueConversionError) {
    guard let d = bindingValue.doubleValue else {
      throw ValueConversionError(value: bindingValue, target: .double)
    }
    self = Float(d)
  }
}

extension Date: ValueConvertible {
  public static var valueKind: ValueKind { .date }
  public var bindingValue: Value { .date(self) }
  public init(bindingValue: Value) throws(ValueConversionError) {
    guard case .date(let d) = bindingValue else {
      throw ValueConversionError(value: bindingValue, target: .date)
    }
    self = d
  }
}

extension Data: ValueConvertible {
  public static var valueKind: ValueKind { .data }
  public var bindingValue: Value { .data(self) }
  public init(bindingValue: Value) throws(ValueConversionError) {
    guard case .data(let d) = bindingValue else {
      throw ValueConversionError(value: bindingValue, target: .data)
    }
    self = d
  }
}

extension Value: ValueConvertible {
  public static var valueKind: ValueKind { .any }
  public var bindingValue: Value { self }
  public init(bindingValue: Value) { self = bindingValue }
}

extension Optional: ValueConvertible where Wrapped: ValueConvertible {
  public static var valueKind: ValueKind { .optional(Wrapped.valueKind) }
  public var bindingValue: Value { self?.bindingValue ?? .null }
  public init(bindingValue: Value) throws(ValueConversionError) {
    self = bindingValue.isNull ? nil : try Wrapped(bindingValue: bindingValue)
  }
}

extension Array: ValueConvertible where Element: ValueConvertible {
  public static var valueKind: ValueKind { .array(Element.valueKind) }
  // A closure, not a key path: a key path over a generic element is made anew on every call.
  public var bindingValue: Value { .array(map { $0.bindingValue }) }
  public init(bindingValue: Value) throws(ValueConversionError) {
    guard case .array(let values) = bindingValue else {
      throw ValueConversionError(value: bindingValue, target: .array)
    }
    var result: [Element] = []
    result.reserveCapacity(values.count)
    for value in values { result.append(try Element(bindingValue: value)) }
    self = result
  }
}

extension Dictionary: ValueConvertible where Key == String, Value: ValueConvertible {
  public static var valueKind: ValueKind { .dictionary(Value.valueKind) }
  public var bindingValue: TrellisValues.Value {
    .dictionary(
      ValueDictionary(sorted { $0.key < $1.key }.map { ($0.key, $0.value.bindingValue) }))
  }
  public init(bindingValue: TrellisValues.Value) throws(ValueConversionError) {
    guard case .dictionary(let values) = bindingValue else {
      throw ValueConversionError(value: bindingValue, target: .dictionary)
    }
    var result: [String: Value] = [:]
    for (key, value) in values { result[key] = try Value(bindingValue: value) }
    self = result
  }
}

extension ValueConvertible where Self: RawRepresentable, RawValue: ValueConvertible {
  public static var valueKind: ValueKind { RawValue.valueKind }
  public var bindingValue: Value { rawValue.bindingValue }
  public init(bindingValue: Value) throws(ValueConversionError) {
    guard let value = Self(rawValue: try RawValue(bindingValue: bindingValue)) else {
      throw ValueConversionError(value: bindingValue, target: bindingValue.type)
    }
    self = value
  }
}

extension ValueConvertible where Self: RawRepresentable & CaseIterable, RawValue: ValueConvertible {
  /// A choice among the cases' raw values, in declaration order.
  public static var valueKind: ValueKind {
    .choice(RawValue.valueKind, allCases.map(\.rawValue.bindingValue))
  }
}
