/// How a content section tells its elements apart across updates.
public enum RowIdentity: Hashable, Sendable {
  /// The same object instance.
  case object(ObjectIdentifier)
  /// The same value (with an occurrence count for repeats).
  case value(Value)
  /// Any other hashable identifier, by its type and text.
  case other(String)

  /// Objects by identity, `Identifiable` elements by id, convertible values by value, anything
  /// else by its text.
  public static func automatic<Element>(_ element: Element) -> RowIdentity {
    if type(of: element as Any) is AnyClass, let object = element as AnyObject? {
      return .object(ObjectIdentifier(object))
    }
    if let identifiable = element as? any Identifiable {
      return identity(ofIdentifiable: identifiable)
    }
    if let convertible = element as? ValueConvertible {
      return .value(convertible.bindingValue)
    }
    return .other(String(reflecting: element))
  }

  /// ``automatic(_:)`` for elements of type `Element`, with the type's questions answered
  /// once: objects, strings and integers then cost no dynamic cast per element.
  static func automatic<Element>(for type: Element.Type) -> (Element) -> RowIdentity {
    if Element.self is AnyClass {
      return { element in automatic(element) }
    }
    if Element.self == String.self {
      return { element in .value(.string(unsafeBitCast(element, to: String.self))) }
    }
    if Element.self == Int.self {
      return { element in .value(.int(unsafeBitCast(element, to: Int.self))) }
    }
    return { element in automatic(element) }
  }

  private static func identity<T: Identifiable>(ofIdentifiable element: T) -> RowIdentity {
    if let convertible = element.id as? ValueConvertible {
      return .value(convertible.bindingValue)
    }
    return .other("\(T.ID.self):\(element.id)")
  }

  func rowID(occurrence: Int) -> RowID {
    switch self {
    case .object(let id):
      occurrence == 0
        ? RowID(storage: .object(id))
        : RowID(storage: .scoped("object", .string("\(id)#\(occurrence)")))
    case .value(let value):
      occurrence == 0 ? RowID(value) : RowID(scope: "#\(occurrence)", value)
    case .other(let text):
      RowID(scope: "other#\(occurrence)", .string(text))
    }
  }
}
