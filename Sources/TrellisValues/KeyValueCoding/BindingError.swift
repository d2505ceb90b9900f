/// Why a binding could not read or write a value. The bound object is left unchanged.
public enum BindingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The value's type does not fit the property.
  case typeMismatch(keyPath: String, expected: String, found: String)
  /// A key along the path does not exist on the object or dictionary that was reached.
  case unknownKey(keyPath: String, key: String, on: String)
  /// A key along the path led to nil before the end of the path.
  case nilAlongPath(keyPath: String, at: String)
  /// An array index along the path is out of range.
  case indexOutOfRange(keyPath: String, index: Int, count: Int)
  /// The property cannot be written.
  case readOnly(keyPath: String)
  /// The key path is empty or malformed.
  case invalidKeyPath(String)

  public var description: String {
    switch self {
    case .typeMismatch(let keyPath, let expected, let found):
      "type mismatch at '\(keyPath)': expected \(expected), found \(found)"
    case .unknownKey(let keyPath, let key, let on):
      "unknown key '\(key)' on \(on) in key path '\(keyPath)'"
    case .nilAlongPath(let keyPath, let at):
      "nil at '\(at)' in key path '\(keyPath)'"
    case .indexOutOfRange(let keyPath, let index, let count):
      "index \(index) is out of range (count \(count)) in key path '\(keyPath)'"
    case .readOnly(let keyPath): "'\(keyPath)' is read-only"
    case .invalidKeyPath(let keyPath): "'\(keyPath)' is not a valid key path"
    }
  }

  /// The key path the error is about.
  public var keyPath: String {
    switch self {
    case .typeMismatch(let k, _, _), .unknownKey(let k, _, _), .nilAlongPath(let k, _),
      .indexOutOfRange(let k, _, _), .readOnly(let k), .invalidKeyPath(let k):
      k
    }
  }
}
