import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisOpenAPI
import TrellisTesting

/// An OpenAPI fixture of `Tests/Fixtures/AnyData/OpenAPI`, read and inferred.
enum OpenAPIFixture {
  /// The bytes of the fixture `name`.
  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: TestFixtures.url("AnyData/OpenAPI/\(name)"))
  }

  /// The descriptors inferred from the fixture `name`.
  static func descriptors(
    _ name: String, baseURL: String? = nil, readOnly: Bool = false
  ) throws -> InferredDescriptors {
    let document = try OpenAPIDocumentReader.read(try data(name), file: name)
    return try OpenAPIDescriptors.make(
      document, file: name, title: name, baseURL: baseURL, documentURL: nil, readOnly: readOnly)
  }

  /// The descriptor of the list named `screen`.
  static func list(_ descriptors: InferredDescriptors, _ screen: String) throws -> Value {
    try #require(descriptors.tables.first { $0.name == screen }?.document, "no screen \(screen)")
  }

  /// The one section of a list's descriptor.
  static func section(_ list: Value) throws -> ValueDictionary {
    try #require(list.dictionaryValue?["sections"]?.arrayValue?.first?.dictionaryValue)
  }

  /// The `webService` settings of a list's descriptor.
  static func settings(_ list: Value) throws -> ValueDictionary {
    try #require(
      try section(list)["source"]?.dictionaryValue?["webService"]?.dictionaryValue)
  }

  /// A descriptor as JSON text.
  static func text(_ document: Value) throws -> String {
    String(decoding: try DocumentWriter.data(for: document, format: .json), as: UTF8.self)
  }

  /// A list's key's rules.
  static func rules(_ list: Value, _ key: String) throws -> ValueDictionary {
    try settings(list)["rules"]?.dictionaryValue?[key]?.dictionaryValue ?? [:]
  }
}
