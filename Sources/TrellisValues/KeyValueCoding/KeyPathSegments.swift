/// A string key path split into keys, and the traversal that reads and writes through it.
package struct KeyPathSegments: Sendable {
  package let keys: [String]

  package init(_ keyPath: String) throws(BindingError) {
    let keys = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard !keyPath.isEmpty, !keys.contains(where: \.isEmpty) else {
      throw .invalidKeyPath(keyPath)
    }
    self.keys = keys
  }

  /// Reads `keys` starting from `value`.
  package static func read(_ keys: ArraySlice<String>, from value: Value, path: String)
    throws(BindingError) -> Value
  {
    var current = value
    var walked: [String] = []
    for key in keys {
      current = try child(key, of: current, walked: walked, path: path)
      walked.append(key)
    }
    return current
  }

  /// One step: `key` of `value`.
  package static func child(_ key: String, of value: Value, walked: [String], path: String)
    throws(BindingError) -> Value
  {
    switch value {
    case .object(let ref):
      guard let object = ref.keyValueCoding else {
        throw .unknownKey(keyPath: path, key: key, on: ref.description)
      }
      do { return try object.value(forKey: key) } catch { throw error.rooted(at: path) }
    case .dictionary(let dictionary):
      guard let child = dictionary[key] else {
        throw .unknownKey(keyPath: path, key: key, on: "Dictionary")
      }
      return child
    case .array(let array):
      if key == "@count" { return .int(array.count) }
      guard let index = Int(key) else {
        throw .unknownKey(keyPath: path, key: key, on: "Array")
      }
      guard array.indices.contains(index) else {
        throw .indexOutOfRange(keyPath: path, index: index, count: array.count)
      }
      return array[index]
    case .null:
      throw .nilAlongPath(keyPath: path, at: walked.isEmpty ? key : walked.joined(separator: "."))
    default:
      throw .unknownKey(keyPath: path, key: key, on: value.type.description)
    }
  }

  /// Writes `value` at `keys` below `object`: through nested objects by reference, and through
  /// dictionaries and arrays by writing the changed container back. Checks come first.
  static func write(
    _ value: Value, to keys: ArraySlice<String>, in object: KeyValueCoding, path: String
  ) throws(BindingError) {
    guard let first = keys.first else { throw .invalidKeyPath(path) }
    let rest = keys.dropFirst()
    if rest.isEmpty {
      do { try object.setValue(value, forKey: first) } catch { throw error.rooted(at: path) }
      return
    }
    let child: Value
    do { child = try object.value(forKey: first) } catch { throw error.rooted(at: path) }
    switch child {
    case .object(let ref):
      guard let nested = ref.keyValueCoding else {
        throw .unknownKey(keyPath: path, key: rest.first ?? "", on: ref.description)
      }
      try write(value, to: rest, in: nested, path: path)
    case .dictionary, .array:
      var container = child
      try write(value, to: rest, inTree: &container, path: path)
      do { try object.setValue(container, forKey: first) } catch { throw error.rooted(at: path) }
    case .null:
      throw .nilAlongPath(keyPath: path, at: first)
    default:
      throw .unknownKey(keyPath: path, key: rest.first ?? "", on: child.type.description)
    }
  }

  /// Writes inside a dictionary or array value. An existing entry keeps its type.
  static func write(
    _ value: Value, to keys: ArraySlice<String>, inTree tree: inout Value, path: String
  ) throws(BindingError) {
    guard let key = keys.first else { throw .invalidKeyPath(path) }
    let rest = keys.dropFirst()
    var existing = try child(key, of: tree, walked: [], path: path)
    if rest.isEmpty {
      existing = try replacement(of: existing, with: value, path: path)
    } else if case .object(let ref) = existing, let nested = ref.keyValueCoding {
      try write(value, to: rest, in: nested, path: path)
      return
    } else {
      try write(value, to: rest, inTree: &existing, path: path)
    }
    switch tree {
    case .dictionary(var dictionary):
      dictionary[key] = existing
      tree = .dictionary(dictionary)
    case .array(var array):
      if let index = Int(key), array.indices.contains(index) { array[index] = existing }
      tree = .array(array)
    default:
      throw .unknownKey(keyPath: path, key: key, on: tree.type.description)
    }
  }

  /// What an untyped entry holding `old` holds once `new` is written: an entry may become nil
  /// or keep its type, and changing the type is an explicit act. A whole number written to a
  /// number with a fraction stays such a number (`0` becomes `0.0`), and the reverse, so that
  /// the entry keeps taking the values its column gives back; one that the entry's type
  /// cannot hold exactly is refused rather than rounded.
  static func replacement(of old: Value, with new: Value, path: String) throws(BindingError)
    -> Value
  {
    if old.isNull || new.isNull || old.type == new.type { return new }
    if case .double = old, case .int(let whole) = new,
      let exact = Double(exactly: whole), Int(exactly: exact) == whole
    {
      return .double(exact)
    }
    // And a number with no fraction written to a whole number stays a whole number.
    if case .int = old, case .double(let number) = new, let whole = Int(exactly: number) {
      return .int(whole)
    }
    throw .typeMismatch(keyPath: path, expected: old.type.description, found: new.type.description)
  }
}

extension BindingError {
  /// The same error, naming the whole key path rather than one key.
  func rooted(at path: String) -> BindingError {
    switch self {
    case .typeMismatch(_, let expected, let found):
      .typeMismatch(keyPath: path, expected: expected, found: found)
    case .unknownKey(_, let key, let on): .unknownKey(keyPath: path, key: key, on: on)
    case .nilAlongPath(_, let at): .nilAlongPath(keyPath: path, at: at)
    case .indexOutOfRange(_, let index, let count):
      .indexOutOfRange(keyPath: path, index: index, count: count)
    case .readOnly: .readOnly(keyPath: path)
    case .invalidKeyPath: .invalidKeyPath(path)
    }
  }
}
