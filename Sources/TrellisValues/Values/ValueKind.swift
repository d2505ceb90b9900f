/// The declared type of a bound property: what a definition auto-detects a row kind from.
public indirect enum ValueKind: Hashable, Sendable, CustomStringConvertible {
  case string
  case bool
  case int
  case double
  case date
  case data
  /// Any value: an untyped dictionary or document entry.
  case any
  /// A nested object with its own property table.
  case object(ObjectTypeInfo)
  case array(ValueKind)
  case dictionary(ValueKind)
  case optional(ValueKind)
  /// One of a fixed list of values, such as a `CaseIterable` enumeration's raw values.
  case choice(ValueKind, [Value])
  /// A Swift type the core cannot bind; named for messages.
  case unsupported(String)

  /// The kind without an optional wrapper.
  public var unwrapped: ValueKind {
    if case .optional(let wrapped) = self { wrapped.unwrapped } else { self }
  }

  /// Whether nil is a valid value.
  public var isOptional: Bool {
    switch self {
    case .optional, .any: true
    default: false
    }
  }

  /// Whether a value of `type` fits this kind, allowing the lossless Int → Double.
  public func accepts(_ value: Value) -> Bool {
    switch (self, value) {
    case (.any, _): true
    case (.optional, .null): true
    case (.optional(let wrapped), _): wrapped.accepts(value)
    case (.string, .string), (.bool, .bool), (.int, .int), (.double, .double), (.double, .int),
      (.date, .date), (.data, .data):
      true
    case (.int, .double): value.intValue != nil
    case (.object(let info), .object(let ref)): info.matches(ref.object)
    case (.array(let element), .array(let values)): values.allSatisfy(element.accepts)
    case (.dictionary(let element), .dictionary(let values)):
      values.values.allSatisfy(element.accepts)
    case (.choice(let base, let choices), _): base.accepts(value) && choices.contains(value)
    default: false
    }
  }

  public var description: String {
    switch self {
    case .string: "String"
    case .bool: "Bool"
    case .int: "Int"
    case .double: "Double"
    case .date: "Date"
    case .data: "Data"
    case .any: "Any"
    case .object(let info): info.name
    case .array(let element): "[\(element)]"
    case .dictionary(let element): "[String: \(element)]"
    case .optional(let wrapped): "\(wrapped)?"
    case .choice(let base, _): "\(base) (one of a list)"
    case .unsupported(let name): name
    }
  }
}

/// A class that can be bound: its name, and how to make an empty instance.
public struct ObjectTypeInfo: Hashable, Sendable {
  /// The class name.
  public let name: String
  /// The class.
  public let type: any KeyValueCoding.Type

  /// Describes `type`.
  public init(_ type: any KeyValueCoding.Type) {
    self.type = type
    self.name = String(describing: type)
  }

  func matches(_ object: AnyObject) -> Bool {
    Swift.type(of: object) == type
      || (object as? KeyValueCoding).map {
        Swift.type(of: $0).isSubclass(of: type)
      } ?? false
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(type)) }
}

extension KeyValueCoding {
  static func isSubclass(of other: any KeyValueCoding.Type) -> Bool {
    var current: AnyClass? = self
    while let c = current {
      if ObjectIdentifier(c) == ObjectIdentifier(other) { return true }
      current = class_getSuperclassIfAvailable(c)
    }
    return false
  }
}

/// The superclass of `c`, through the runtime on every platform.
func class_getSuperclassIfAvailable(_ c: AnyClass) -> AnyClass? {
  _getSuperclass(c)
}
