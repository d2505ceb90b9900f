/// How a content section tells its elements apart across updates: an element's ``RowID``.
extension RowID {
  /// Objects by identity, `Identifiable` elements by id, convertible values by value, anything
  /// else by its text.
  public static func automatic<Element>(_ element: Element) -> RowID {
    if type(of: element as Any) is AnyClass, let object = element as AnyObject? {
      return RowID(object: object)
    }
    if let identifiable = element as? any Identifiable {
      return identity(ofIdentifiable: identifiable)
    }
    if let convertible = element as? ValueConvertible {
      return RowID(convertible.bindingValue)
    }
    return RowID(scope: "other", .string(String(reflecting: element)))
  }

  /// ``automatic(_:)`` for elements of type `Element`, with the type's questions answered
  /// once: objects, strings and integers then cost no dynamic cast per element.
  static func automatic<Element>(for type: Element.Type) -> (Element) -> RowID {
    if Element.self is AnyClass {
      return { element in automatic(element) }
    }
    if Element.self == String.self {
      return { element in RowID(.string(unsafeBitCast(element, to: String.self))) }
    }
    if Element.self == Int.self {
      return { element in RowID(.int(unsafeBitCast(element, to: Int.self))) }
    }
    return { element in automatic(element) }
  }

  private static func identity<T: Identifiable>(ofIdentifiable element: T) -> RowID {
    if let convertible = element.id as? ValueConvertible {
      return RowID(convertible.bindingValue)
    }
    return RowID(scope: "other", .string("\(T.ID.self):\(element.id)"))
  }

  /// The identity of the `occurrence`th repeat of this element in one list (0 is the first,
  /// which keeps this identity), so that repeated elements stay apart.
  func occurrence(_ occurrence: Int) -> RowID {
    guard occurrence > 0 else { return self }
    return switch storage {
    case .object(let id): RowID(storage: .scoped("object", .string("\(id)#\(occurrence)")))
    case .value(let value): RowID(scope: "#\(occurrence)", value)
    case .scoped(let scope, let value): RowID(scope: "\(scope)#\(occurrence)", value)
    }
  }
}
