import Observation

/// A bindable reference around a tree of values: a dictionary, or a JSON or plist document.
///
/// Key paths read and write through it like through a class; writes keep each entry's type
/// unless ``setValue(_:forKeyPath:changingType:)`` says otherwise.
///
/// The tree is behind a lock: a store that reads in the background (a web service's page,
/// say) may bring an object its new values while a host reads it, and each sees a whole tree,
/// the old or the new, never half of one.
///
/// It is observable as an `@Observable` class is: a screen that read the tree hears of every
/// write, whoever made it (another window's form over the same document, say).
public final class DocumentObject: KeyValueCoding, Observable {
  /// The whole tree.
  public var root: Value {
    registrar?.access(self, keyPath: \.root)
    return tree.withLock { $0 }
  }
  /// Called after every successful write with the key path written.
  public var onChange: ((String) -> Void)?
  private let tree: Locked<Value>
  private let registrar: ObservationRegistrar?

  /// Wraps a tree. The root is usually a dictionary.
  public init(_ root: Value) {
    tree = Locked(root)
    registrar = ObservationRegistrar()
  }

  /// Wraps a tree that a store keeps up to date and reports the changes of itself (a
  /// database's row): nobody observes it, so it costs no observation of its own.
  package init(unobserved root: Value) {
    tree = Locked(root)
    registrar = nil
  }

  public func value(forKey key: String) throws(BindingError) -> Value {
    try KeyPathSegments.child(key, of: root, walked: [], path: key)
  }

  public func setValue(_ value: Value, forKey key: String) throws(BindingError) {
    // An entry of a dictionary is replaced in place: checked first, so nothing can fail after
    // the tree starts to change, and the only reference to the dictionary is the one written.
    let replaced = try tree.withLock { (root: inout Value) throws(BindingError) -> Bool in
      guard case .dictionary(var dictionary) = root else { return false }
      guard let existing = dictionary[key] else {
        throw .unknownKey(keyPath: key, key: key, on: "Dictionary")
      }
      let replacement = try KeyPathSegments.replacement(of: existing, with: value, path: key)
      root = .null
      dictionary[key] = replacement
      root = .dictionary(dictionary)
      return true
    }
    if replaced {
      changed(key)
      return
    }
    try write(path: key) { (tree: inout Value) throws(BindingError) in
      try KeyPathSegments.write(value, to: [key][...], inTree: &tree, path: key)
    }
  }

  /// Changes the tree in one step, then says so: a write that throws leaves it as it was.
  private func write(path: String, _ change: (inout Value) throws(BindingError) -> Void)
    throws(BindingError)
  {
    try tree.withLock { (root: inout Value) throws(BindingError) in
      var changed = root
      try change(&changed)
      root = changed
    }
    changed(path)
  }

  /// Tells those who read the tree, then ``onChange``, that `path` was written.
  private func changed(_ path: String) {
    registrar?.willSet(self, keyPath: \.root)
    registrar?.didSet(self, keyPath: \.root)
    onChange?(path)
  }

  /// Writes a key path, allowing the entry to change its type when `changingType` is true.
  public func setValue(_ value: Value, forKeyPath keyPath: String, changingType: Bool)
    throws(BindingError)
  {
    guard changingType else { return try setValue(value, forKeyPath: keyPath) }
    let segments = try KeyPathSegments(keyPath)
    try write(path: keyPath) { (tree: inout Value) throws(BindingError) in
      // Clear the entry first (nil fits any type), then write the new value.
      try KeyPathSegments.write(.null, to: segments.keys[...], inTree: &tree, path: keyPath)
      try KeyPathSegments.write(value, to: segments.keys[...], inTree: &tree, path: keyPath)
    }
  }

  /// Adds the entry `key`, which a dictionary root lacks, holding `value`, after the others;
  /// nothing when the root is no dictionary or has the key (``setValue(_:forKey:)`` writes
  /// those).
  package func addEntry(_ value: Value, forKey key: String) {
    let added = tree.withLock { (root: inout Value) -> Bool in
      guard case .dictionary(var dictionary) = root, dictionary[key] == nil else { return false }
      root = .null
      dictionary[key] = value
      root = .dictionary(dictionary)
      return true
    }
    if added { changed(key) }
  }

  /// Removes the entry `key` of a dictionary root, the other entries keeping their order;
  /// returns whether there was one to remove.
  @discardableResult
  package func removeEntry(forKey key: String) -> Bool {
    let removed = tree.withLock { (root: inout Value) -> Bool in
      guard case .dictionary(var dictionary) = root, dictionary[key] != nil else { return false }
      root = .null
      dictionary[key] = nil
      root = .dictionary(dictionary)
      return true
    }
    if removed { changed(key) }
    return removed
  }

  /// Replaces the whole tree.
  public func replaceRoot(_ value: Value) {
    tree.withLock { $0 = value }
    changed("")
  }

  public func valueKind(forKey key: String) -> ValueKind? {
    guard let value = try? value(forKey: key) else { return nil }
    return value.inferredKind
  }

  public var propertyNames: [String] { root.dictionaryValue?.keys ?? [] }
}

extension Value {
  /// The kind a value of this case suggests, for untyped trees.
  public var inferredKind: ValueKind {
    switch self {
    case .null: .any
    case .bool: .bool
    case .int: .int
    case .double: .double
    case .string: .string
    case .date: .date
    case .data: .data
    case .array: .array(.any)
    case .dictionary: .dictionary(.any)
    case .object(let ref):
      (ref.object as? KeyValueCoding).map { .object(ObjectTypeInfo(Swift.type(of: $0))) } ?? .any
    }
  }
}

extension DocumentObject: ObservationReleasing {
  /// Announces the tree changed, unchanged.
  public func announceUnchanged() {
    registrar?.withMutation(of: self, keyPath: \.root) {}
  }
}
