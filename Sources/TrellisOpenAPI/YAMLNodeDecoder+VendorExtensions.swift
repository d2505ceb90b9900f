import Foundation
import OpenAPIKit
import Yams

extension YAMLNodeDecoder {
  /// Whether a request for `type` here is OpenAPIKit reading an object's vendor extensions:
  /// it decodes the object's own mapping, already read as an object, once more as
  /// `[String: AnyCodable]`, and keeps only the `x-` entries.
  func readsVendorExtensions<Value>(_ type: Value.Type) -> Bool {
    type == [String: AnyCodable].self && node.mapping != nil && objects.isOpen(codingPath.count)
  }

  /// The entries of this object's mapping as its vendor extensions: each `x-` entry's value,
  /// and each other key with a null, for OpenAPIKit to leave out (a key it knows) or refuse
  /// (one it does not). Decoding every value would copy the object's whole subtree, and
  /// every object's above it, for each object of the document.
  func vendorExtensions() throws -> [String: AnyCodable] {
    let mapping = node.mapping ?? [:]
    let container = YAMLKeyedContainer<YAMLCodingKey>(decoder: self, mapping: mapping)
    var entries: [String: AnyCodable] = [:]
    for key in container.allKeys {
      entries[key.stringValue] =
        key.stringValue.lowercased().hasPrefix("x-")
        ? try container.decode(AnyCodable.self, forKey: key) : AnyCodable(NSNull())
    }
    return entries
  }
}
