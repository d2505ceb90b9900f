import Foundation
import Yams

/// Decodes a `Decodable` value from a YAML (or JSON) text as Yams' `YAMLDecoder` does, keeping
/// each mapping's key order, but finding a mapping's entries by hash.
///
/// `YAMLDecoder` looks every key up by scanning its mapping's entries, so a mapping of n keys
/// takes n² comparisons to read: an OpenAPI document of 20,000 paths took minutes. This decoder
/// indexes each mapping once and otherwise reads the same nodes the same way: the same parser
/// and merge keys (`<<`), the same scalar construction, the same coding paths and errors.
/// OpenAPIKit's reading of an object's vendor extensions is the one exception: only their
/// values are decoded, not the whole object again (`YAMLNodeDecoder+VendorExtensions`).
struct YAMLNodeDecoder: Decoder {
  /// The node this decoder reads.
  let node: Node
  let codingPath: [any CodingKey]
  /// The levels of the coding path read as objects, shared by the decoders of one text.
  let objects: YAMLObjectPath
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(node: Node, codingPath: [any CodingKey] = [], objects: YAMLObjectPath = YAMLObjectPath()) {
    self.node = node
    self.codingPath = codingPath
    self.objects = objects
  }

  /// The value of `type` that `text` holds.
  ///
  /// - Throws: a `DecodingError`; a text that does not parse is `dataCorrupted` with the
  ///   parser's error beneath, as with `YAMLDecoder`.
  static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
    do {
      return try YAMLNodeDecoder(node: parse(text) ?? "").decode(type)
    } catch let error as DecodingError {
      throw error
    } catch {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: [], debugDescription: "The given data was not valid YAML.",
          underlyingError: error))
    }
  }

  /// The root node of `text`, parsed as the decoder parses it (merge keys resolved, no other
  /// tag); `nil` when the text holds no document.
  ///
  /// - Throws: the parser's `YamlError`.
  static func parse(_ text: String) throws -> Node? {
    try Parser(yaml: text, resolver: Resolver.basic.appending(.merge)).singleRoot()
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard let mapping = node.mapping else {
      throw Self.typeMismatch(at: codingPath, expectation: Node.Mapping.self, reality: node)
    }
    objects.open(codingPath.count)
    return KeyedDecodingContainer(YAMLKeyedContainer<Key>(decoder: self, mapping: mapping))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard let sequence = node.sequence else {
      throw Self.typeMismatch(at: codingPath, expectation: Node.Sequence.self, reality: node)
    }
    return YAMLUnkeyedContainer(decoder: self, sequence: sequence)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  /// A decoder of `node`, the value at `key` below this one.
  func decoder(for node: Node, at key: any CodingKey) -> YAMLNodeDecoder {
    objects.enter(codingPath.count + 1)
    return YAMLNodeDecoder(node: node, codingPath: codingPath + [key], objects: objects)
  }

  /// The scalar this decoder reads, or a type mismatch naming what is there instead.
  private func scalar() throws -> Node.Scalar {
    switch node {
    case .scalar(let scalar): return scalar
    case .mapping(let mapping):
      throw Self.typeMismatch(at: codingPath, expectation: Node.Scalar.self, reality: mapping)
    case .sequence(let sequence):
      throw Self.typeMismatch(at: codingPath, expectation: Node.Scalar.self, reality: sequence)
    case .alias(let alias):
      throw Self.typeMismatch(at: codingPath, expectation: Node.Scalar.self, reality: alias)
    }
  }

  /// A scalar type from its scalar; any other type from this decoder.
  private func construct<Value: Decodable>(_ type: Value.Type) throws -> Value {
    guard let scalarType = type as? any ScalarConstructible.Type else {
      if readsVendorExtensions(type), let entries = try vendorExtensions() as? Value {
        return entries
      }
      return try type.init(from: self)
    }
    let scalar = try self.scalar()
    guard let constructed = scalarType.construct(from: scalar) else {
      throw Self.typeMismatch(at: codingPath, expectation: type, reality: scalar)
    }
    guard let value = constructed as? Value else {
      throw Self.typeMismatch(at: codingPath, expectation: type, reality: constructed)
    }
    return value
  }

  // MARK: Errors, worded as YAMLDecoder words them

  static func typeMismatch(
    at codingPath: [any CodingKey], expectation: Any.Type, reality: Any
  ) -> DecodingError {
    .typeMismatch(
      expectation,
      .init(
        codingPath: codingPath,
        debugDescription:
          "Expected to decode \(expectation) but found \(Swift.type(of: reality)) instead."))
  }
}

extension YAMLNodeDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool { node.null == NSNull() }
  func decode<Value: Decodable & ScalarConstructible>(_ type: Value.Type) throws -> Value {
    try construct(type)
  }
  func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try construct(type) }
}

/// The key of an element of a sequence, or of a super decoder, as `YAMLDecoder` names them.
struct YAMLCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init?(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init?(intValue: Int) {
    stringValue = "\(intValue)"
    self.intValue = intValue
  }

  /// The key of element `index` of a sequence.
  init(index: Int) {
    stringValue = "Index \(index)"
    intValue = index
  }

  /// The key a super decoder reads at.
  static let `super` = YAMLCodingKey(stringValue: "super")!
}
