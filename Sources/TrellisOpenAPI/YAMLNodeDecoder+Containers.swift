import Foundation
import Yams

/// A mapping's entries in order, and an index of them by key: `YAMLDecoder` scans the entries
/// for every key it is asked for.
struct YAMLKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  private let decoder: YAMLNodeDecoder
  /// The keys in the mapping's order, merged ones (`<<`) first, as `YAMLDecoder` lists them.
  let allKeys: [Key]
  /// The value of each key that is text; of a key written twice, the later one, as
  /// `YAMLDecoder` finds it. A key asked for by its text is text too (the parser resolves no
  /// tag but merge keys, which are merged away), so it matches no key of another tag.
  private let values: [String: Node]

  var codingPath: [any CodingKey] { decoder.codingPath }

  init(decoder: YAMLNodeDecoder, mapping: Node.Mapping) {
    self.decoder = decoder
    let pairs = Self.mergedPairs(of: mapping)
    allKeys = pairs.compactMap { pair in
      guard let text = pair.key.string else { return nil }
      // Yams keeps a mapping's anchor and tag under these keys, which are never listed.
      if text == "yamlAnchor" || text == "yamlTag", pair.key == Node(text) { return nil }
      return Key(stringValue: text)
    }
    var values: [String: Node] = [:]
    values.reserveCapacity(pairs.count)
    for pair in pairs {
      guard case .scalar(let key) = pair.key, pair.key.tag.rawValue == Tag.Name.str.rawValue
      else { continue }
      values[key.string] = pair.value
    }
    self.values = values
  }

  /// The entries of `mapping` with those of its merge keys (`<<: {…}` or `<<: [{…}, …]`)
  /// before its own, the later of a merged sequence's mappings first.
  private static func mergedPairs(of mapping: Node.Mapping) -> [(key: Node, value: Node)] {
    var merged: [(key: Node, value: Node)] = []
    var own: [(key: Node, value: Node)] = []
    own.reserveCapacity(mapping.count)
    for pair in mapping {
      guard pair.key.tag.rawValue == Tag.Name.merge.rawValue else {
        own.append(pair)
        continue
      }
      switch pair.value {
      case .mapping(let source):
        merged += mergedPairs(of: source)
      case .sequence(let sequence):
        for source in sequence.compactMap(\.mapping).reversed() {
          merged += mergedPairs(of: source)
        }
      default:
        break
      }
    }
    return merged + own
  }

  func contains(_ key: Key) -> Bool { node(at: key) != nil }

  func decodeNil(forKey key: Key) throws -> Bool { try decoder(for: key).decodeNil() }

  func decode<Value: Decodable & ScalarConstructible>(_ type: Value.Type, forKey key: Key) throws
    -> Value
  {
    try decoder(for: key).decode(type)
  }

  func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
    try decoder(for: key).decode(type)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    try decoder(for: key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder(for: key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { try decoder(for: YAMLCodingKey.super) }
  func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }

  /// The value at `key`, the key written as text.
  private func node(at key: any CodingKey) -> Node? { values[key.stringValue] }

  private func decoder(for key: any CodingKey) throws -> YAMLNodeDecoder {
    guard let node = node(at: key) else {
      throw DecodingError.keyNotFound(
        key,
        .init(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return decoder.decoder(for: node, at: key)
  }
}

/// A sequence's elements, read in order.
struct YAMLUnkeyedContainer: UnkeyedDecodingContainer {
  private let decoder: YAMLNodeDecoder
  private let sequence: Node.Sequence
  private(set) var currentIndex = 0

  init(decoder: YAMLNodeDecoder, sequence: Node.Sequence) {
    self.decoder = decoder
    self.sequence = sequence
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { sequence.count }
  var isAtEnd: Bool { currentIndex >= sequence.count }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd else { throw endError(Any?.self) }
    return try next { $0.decodeNil() }
  }

  mutating func decode<Value: Decodable & ScalarConstructible>(_ type: Value.Type) throws -> Value {
    try next { try $0.decode(type) }
  }

  mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try next { try $0.decode(type) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try next { try $0.container(keyedBy: type) }
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next { try $0.unkeyedContainer() }
  }

  mutating func superDecoder() throws -> any Decoder { try next { $0 } }

  /// What `read` makes of the current element, moving past it (as `YAMLDecoder` does, even
  /// for `decodeNil`).
  private mutating func next<Result>(_ read: (YAMLNodeDecoder) throws -> Result) throws -> Result {
    guard !isAtEnd else { throw endError(Result.self) }
    let key = YAMLCodingKey(index: currentIndex)
    let result = try read(decoder.decoder(for: sequence[currentIndex], at: key))
    currentIndex += 1
    return result
  }

  /// The error of reading past the last element.
  private func endError(_ type: Any.Type) -> DecodingError {
    .valueNotFound(
      type,
      .init(
        codingPath: codingPath + [YAMLCodingKey(index: currentIndex)],
        debugDescription: "Unkeyed container is at end."))
  }
}
