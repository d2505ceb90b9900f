import Trellis

/// An object seen through a key path of another: reading and writing `key` reads and writes
/// `path.key` of the base object, so rows bound through it stay bound to the base.
///
/// Descriptors use it for the element of a list (`players.2`) and for nested dictionaries.
public final class KeyPathObject: KeyValueCoding {
  /// The object that holds the values.
  public let base: any KeyValueCoding
  /// The key path from the base object to this one.
  public let path: String

  /// Views `path` of `base` as an object.
  public init(_ base: any KeyValueCoding, path: String) {
    if let nested = base as? KeyPathObject {
      self.base = nested.base
      self.path = nested.path + "." + path
    } else {
      self.base = base
      self.path = path
    }
  }

  /// The value this object stands for.
  public var value: Value { (try? base.value(forKeyPath: path)) ?? .null }

  /// The keys that name the value itself (`self`, as Cocoa's key paths write it, and
  /// `SELF`, as predicates do): a row repeated over a list of text or dates binds each
  /// element so.
  public static let selfKeys: Set<String> = ["self", "SELF"]

  public func value(forKey key: String) throws(BindingError) -> Value {
    if Self.selfKeys.contains(key) { return try base.value(forKeyPath: path) }
    return try base.value(forKeyPath: path + "." + key)
  }

  public func setValue(_ value: Value, forKey key: String) throws(BindingError) {
    if Self.selfKeys.contains(key) { return try base.setValue(value, forKeyPath: path) }
    try base.setValue(value, forKeyPath: path + "." + key)
  }

  public func valueKind(forKey key: String) -> ValueKind? {
    if Self.selfKeys.contains(key) { return base.valueKind(forKeyPath: path) }
    return base.valueKind(forKeyPath: path + "." + key)
  }

  public var propertyNames: [String] {
    switch value {
    case .dictionary(let dictionary): dictionary.keys
    case .object(let ref): (ref.object as? KeyValueCoding)?.propertyNames ?? []
    default: []
    }
  }
}

extension KeyValueCoding {
  /// The object at `keyPath`: itself for an empty path, the object a key path holds, or a
  /// ``KeyPathObject`` for values such as dictionaries.
  func object(atKeyPath keyPath: String) -> any KeyValueCoding {
    if keyPath.isEmpty { return self }
    if case .object(let ref)? = try? value(forKeyPath: keyPath),
      let object = ref.object
        as? KeyValueCoding
    {
      return object
    }
    return KeyPathObject(self, path: keyPath)
  }

  /// The object as a value, for predicates: objects by reference, views by their value.
  var descriptorValue: Value {
    if let view = self as? KeyPathObject { return view.value }
    return .object(ObjectReference(self))
  }

  /// The document object underneath, whose changes a screen listens to.
  var underlyingDocument: DocumentObject? {
    if let document = self as? DocumentObject { return document }
    return (self as? KeyPathObject)?.base as? DocumentObject
  }
}
