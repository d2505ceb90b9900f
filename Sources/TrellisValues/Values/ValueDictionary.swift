/// A dictionary of values that keeps its keys in insertion order, as documents do.
///
/// Small dictionaries (most of a document's objects) keep only their keys and values, in
/// order, and find a key by looking through them; from ``indexedCount`` entries on, an index of
/// the keys' places is kept beside them. A document of 100,000 objects then costs little more
/// than its entries.
public struct ValueDictionary: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  /// The keys, in order.
  public private(set) var keys: [String] = []
  /// The values, in key order.
  public private(set) var values: [Value] = []
  /// Each key's place, once there are ``indexedCount`` entries or more.
  private var places: [String: Int]?

  /// How many entries a dictionary holds before it keeps an index of its keys.
  static let indexedCount = 12

  /// Creates an empty dictionary.
  public init() {}

  /// Creates a dictionary from ordered pairs; a repeated key keeps its first place and last value.
  public init(_ pairs: [(String, Value)]) {
    keys.reserveCapacity(pairs.count)
    values.reserveCapacity(pairs.count)
    for (key, value) in pairs { self[key] = value }
  }

  public init(dictionaryLiteral elements: (String, Value)...) {
    self.init(elements)
  }

  /// The number of entries.
  public var count: Int { keys.count }
  /// Whether there is no entry.
  public var isEmpty: Bool { keys.isEmpty }

  /// Where `key` is in the order.
  private func place(of key: String) -> Int? {
    if let places { return places[key] }
    return keys.firstIndex(of: key)
  }

  /// Keeps the index of places when the dictionary is large enough for one.
  private mutating func reindex() {
    guard keys.count >= Self.indexedCount else {
      places = nil
      return
    }
    var index = [String: Int](minimumCapacity: keys.count)
    for (place, key) in keys.enumerated() { index[key] = place }
    places = index
  }

  /// The value for `key`; setting `nil` removes the entry, setting a new key appends it.
  public subscript(key: String) -> Value? {
    get { place(of: key).map { values[$0] } }
    set {
      if let newValue {
        if let place = place(of: key) {
          values[place] = newValue
        } else {
          keys.append(key)
          values.append(newValue)
          if places != nil {
            places?[key] = keys.count - 1
          } else if keys.count >= Self.indexedCount {
            reindex()
          }
        }
      } else if let place = place(of: key) {
        keys.remove(at: place)
        values.remove(at: place)
        if places != nil { reindex() }
      }
    }
  }

  /// Iterates entries in key order.
  public func makeIterator() -> some IteratorProtocol<(key: String, value: Value)> {
    zip(keys, values).lazy.map { (key: $0.0, value: $0.1) }.makeIterator()
  }

  /// Moves the entry for `key` to position `index` in the key order.
  public mutating func moveKey(_ key: String, to index: Int) {
    guard let from = place(of: key) else { return }
    let value = values.remove(at: from)
    keys.remove(at: from)
    let to = Swift.min(Swift.max(index, 0), keys.count)
    keys.insert(key, at: to)
    values.insert(value, at: to)
    if places != nil { reindex() }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keys == rhs.keys && lhs.values == rhs.values
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(keys)
    hasher.combine(values)
  }
}
