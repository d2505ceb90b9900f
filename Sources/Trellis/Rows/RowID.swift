/// The identity of a row across snapshots: what the diff matches rows by.
///
/// A row bound to an element keeps the element's identity (an object's identity, an
/// `Identifiable` id, or a value), so the same element in another section is a move.
public struct RowID: Hashable, Sendable, CustomStringConvertible {
  enum Storage: Hashable, Sendable {
    case value(Value)
    case object(ObjectIdentifier)
    case scoped(String, Value)
  }

  let storage: Storage

  init(storage: Storage) { self.storage = storage }

  /// A row identified by a value, such as a database key or a string.
  public init(_ value: Value) { storage = .value(value) }

  /// A row identified by an object's identity.
  public init(object: AnyObject) {
    storage = .object(ObjectIdentifier(ObjectFault.identity(of: object)))
  }

  /// A row identified by a value inside a scope, such as a section-local key.
  public init(scope: String, _ value: Value) { storage = .scoped(scope, value) }

  /// A row identified by any hashable value: objects by identity, values a row can show by
  /// value, and other values by their description within their type (so two different IDs
  /// of one such type must describe themselves differently).
  public init<ID: Hashable & Sendable>(hashable id: ID) {
    if ID.self is AnyClass {
      storage = .object(ObjectIdentifier(ObjectFault.identity(of: id as AnyObject)))
    } else if let value = (id as? ValueConvertible)?.bindingValue {
      storage = .value(value)
    } else {
      storage = .scoped(String(reflecting: ID.self), .string(String(describing: id)))
    }
  }

  public var description: String {
    switch storage {
    case .value(let value): value.displayText
    case .object(let id): "object:\(id.hashValue)"
    case .scoped(let scope, let value): "\(scope)/\(value.displayText)"
    }
  }
}
