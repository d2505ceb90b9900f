import Foundation
import Yams

/// The `openapi` or `swagger` entry at the top level of a document, read without building
/// the rest of it.
///
/// `JSONSerialization` makes an object of every value in the text, many times the text's size;
/// decoding only these two entries keeps the parser's compact map of the text, which is let go
/// as soon as they are read.
struct OpenAPIVersionEntry: Decodable {
  /// The `openapi` entry, as its text.
  var openapi: String?
  /// The `swagger` entry, as its text.
  var swagger: String?
  /// Whether the top level has either entry, whatever its value.
  var isPresent = false

  private enum Key: String, CodingKey {
    case openapi, swagger
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    openapi = Self.text(in: container, at: .openapi)
    swagger = Self.text(in: container, at: .swagger)
    isPresent = container.contains(.openapi) || container.contains(.swagger)
  }

  /// The entries of a YAML document's top-level mapping.
  init(node: Node.Mapping) {
    openapi = node["openapi"].map { $0.string ?? "\($0.any)" }
    swagger = node["swagger"].map { $0.string ?? "\($0.any)" }
    isPresent = openapi != nil || swagger != nil
  }

  /// The entries of a JSON text; an error when it is not JSON, or not an object.
  static func json(_ data: Data) throws -> OpenAPIVersionEntry {
    try JSONDecoder().decode(OpenAPIVersionEntry.self, from: data)
  }

  /// The value at `key` as text: a string as written, a number or a Boolean as it reads.
  private static func text(in container: KeyedDecodingContainer<Key>, at key: Key) -> String? {
    if let text = try? container.decode(String.self, forKey: key) { return text }
    if let number = try? container.decode(Int.self, forKey: key) { return "\(number)" }
    if let number = try? container.decode(Double.self, forKey: key) { return "\(number)" }
    if let flag = try? container.decode(Bool.self, forKey: key) { return "\(flag)" }
    return nil
  }
}
