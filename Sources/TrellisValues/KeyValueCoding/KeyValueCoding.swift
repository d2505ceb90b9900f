/// An object whose properties can be read and written by name.
///
/// `@TableBound` classes conform through their property table; ``DocumentObject`` conforms for
/// JSON and plist trees and dictionaries. String key paths such as `profile.firstName` are
/// resolved over these objects and over the dictionaries and arrays they hold.
public protocol KeyValueCoding: AnyObject {
  /// The value of the property `key`.
  func value(forKey key: String) throws(BindingError) -> Value
  /// Writes the property `key`, after checking its type. On error nothing changes.
  func setValue(_ value: Value, forKey key: String) throws(BindingError)
  /// The declared kind of the property `key`, or `nil` when there is no such property.
  func valueKind(forKey key: String) -> ValueKind?
  /// The property names, in declaration order.
  var propertyNames: [String] { get }
}

extension KeyValueCoding {
  /// A name for messages: the class name.
  var typeNameForMessages: String { String(describing: type(of: self)) }

  /// Reads a dotted key path: `profile.firstName`, `steps.0.name`, `steps.@count`.
  ///
  /// A key the object holds as it is comes first, dots and all: a document's `"a.b"` or `""`.
  public func value(forKeyPath keyPath: String) throws(BindingError) -> Value {
    // A plain key, the common case, needs no splitting (every row of a list reads some).
    if isOneKey(keyPath) {
      do { return try value(forKey: keyPath) } catch { throw error.rooted(at: keyPath) }
    }
    let segments = try KeyPathSegments(keyPath)
    return try KeyPathSegments.read(
      segments.keys[...], from: .object(ObjectReference(self)), path: keyPath)
  }

  /// Writes a dotted key path. The type is checked against the property or the existing value
  /// before anything is written; on any error nothing changes.
  public func setValue(_ value: Value, forKeyPath keyPath: String) throws(BindingError) {
    if isLiteralKey(keyPath) { return try setValue(value, forKey: keyPath) }
    let segments = try KeyPathSegments(keyPath)
    try KeyPathSegments.write(value, to: segments.keys[...], in: self, path: keyPath)
  }

  /// The declared kind at the end of a key path, where it is known.
  public func valueKind(forKeyPath keyPath: String) -> ValueKind? {
    if isLiteralKey(keyPath) { return valueKind(forKey: keyPath) }
    guard let segments = try? KeyPathSegments(keyPath) else { return nil }
    var object: KeyValueCoding = self
    for (index, key) in segments.keys.enumerated() {
      if index == segments.keys.count - 1 { return object.valueKind(forKey: key) }
      guard case .object(let reference) = try? object.value(forKey: key),
        let next = reference.keyValueCoding
      else {
        return .any
      }
      object = next
    }
    return nil
  }

  /// Whether `keyPath` is one key: a plain name, or one the object holds as it is.
  private func isOneKey(_ keyPath: String) -> Bool {
    (!keyPath.isEmpty && !keyPath.utf8.contains(UInt8(ascii: "."))) || isLiteralKey(keyPath)
  }

  /// Whether `keyPath`, empty or holding a dot, is a key the object holds as it is (a JSON
  /// document's `"version.major"`), which a key path then names rather than its segments.
  private func isLiteralKey(_ keyPath: String) -> Bool {
    (keyPath.isEmpty || keyPath.utf8.contains(UInt8(ascii: ".")))
      && valueKind(forKey: keyPath) != nil
  }
}
