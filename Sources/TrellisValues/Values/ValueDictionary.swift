/// A dictionary of values that keeps its keys in insertion order, as documents do.
public struct ValueDictionary: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  /// The keys, in order.
  public private(set) var keys: [String] = []
  private var storage: [String: Value] = [:]

  /// Creates an empty dictionary.
  public init() {}

  /// Creates a dictionary from ordered pairs; a repeated key keeps its first place and last value.
  public init(_ pairs: [(String, Value)]) {
    for (key, value) in pairs { self[key] = value }
  }

  public init(dictionaryLiteral elements: (String, Value)...) {
    self.init(elements)
  }

  /// The number of entries.
  public var count: Int { keys.count }
  /// Whether there is no entry.
  public var isEmpty: Bool { keys.isEmpty }

  /// The value for `key`; setting `nil` removes the entry, setting a new key appends it.
  public subscript(key: String) -> Value? {
    get { storage[key] }
    set {
      if let newValue {
        if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
      } else if storage.removeValue(forKey: key) != nil {
        keys.removeAll { $0 == key }
      }
    }
  }

  /// The values, in key order.
  public var values: [Value] { keys.map { storage[$0] ?? .null } }

  /// Iterates entries in key order.
  public func makeIterator() -> some IteratorProtocol<(key: String, value: Value)> {
    keys.lazy.map { (key: $0, value: self.storage[$0] ?? .null) }.makeIterator()
  }

  /// Moves the entry for `key` to position `index` in the key order.
  public mutating func moveKey(_ key: String, to index: Int) {
    guard let from = keys.firstIndex(of: key) else { return }
    keys.remove(at: from)
    keys.insert(key, at: Swift.min(Swift.max(index, 0), keys.count))
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keys == rhs.keys && lhs.storage == rhs.storage
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(keys)
    for key in keys { hasher.combine(storage[key]) }
  }
}
