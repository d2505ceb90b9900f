import Foundation
import OpenAPIKit
import Testing
import TrellisOpenAPI

/// A document's vendor extensions, decoded only where they are, whole; and what is neither
/// one nor a key OpenAPI knows, refused.
@Suite("Vendor extensions of a document")
struct VendorExtensionReadingTests {
  static let extensions = """
    openapi: 3.0.3
    info:
      title: Extensions
      version: '1'
      x-logo: {url: 'http://example.com/logo.png'}
    paths:
      /pets:
        x-note: {deep: {level: 1}}
        get:
          x-flag: true
          responses:
            '200':
              description: ok
              content:
                application/json:
                  schema:
                    type: object
                    x-shape: {kinds: [1, 2]}
                    properties:
                      name: {type: string, example: {first: Rex}}
    """

  /// The same document as JSON.
  static let extensionsJSON = ##"""
    {"openapi": "3.0.3",
     "info": {"title": "Extensions", "version": "1",
       "x-logo": {"url": "http://example.com/logo.png"}},
     "paths": {"/pets": {
       "x-note": {"deep": {"level": 1}},
       "get": {"x-flag": true, "responses": {"200": {"description": "ok", "content": {
         "application/json": {"schema": {"type": "object", "x-shape": {"kinds": [1, 2]},
           "properties": {"name": {"type": "string", "example": {"first": "Rex"}}}}}}}}}}}}
    """##

  @Test(arguments: [false, true])
  func vendorExtensionsAndExamplesAreReadWhole(asJSON: Bool) throws {
    let text = asJSON ? Self.extensionsJSON : Self.extensions
    let document = try OpenAPIDocumentReader.read(Data(text.utf8), file: "extensions")
    #expect(
      document.info.vendorExtensions["x-logo"]?.value as? [String: String]
        == ["url": "http://example.com/logo.png"])
    let item = try #require(document.paths["/pets"]?.pathItemValue)
    #expect(
      item.vendorExtensions["x-note"]?.value as? [String: [String: Int]]
        == ["deep": ["level": 1]])
    let get = try #require(item.get)
    #expect(get.vendorExtensions["x-flag"]?.value as? Bool == true)
    let dereferenced = try document.locallyDereferenced()
    let response = try #require(dereferenced.paths["/pets"]?.get?.responses[status: 200])
    let schema = try #require(response.content[.json]?.schema?.jsonSchema)
    #expect(schema.vendorExtensions["x-shape"]?.value as? [String: [Int]] == ["kinds": [1, 2]])
    let name = try #require(schema.objectContext?.properties["name"])
    #expect(name.examples.first?.value as? [String: String] == ["first": "Rex"])
  }

  @Test func aKeyThatIsNeitherKnownNorAnExtensionIsRefused() throws {
    let text = Self.extensions.replacingOccurrences(
      of: "      x-flag: true", with: "      flavour: sweet")
    #expect {
      _ = try OpenAPIDocumentReader.read(Data(text.utf8), file: "flavour")
    } throws: { error in
      "\(error)".contains("flavour") && "\(error)".contains("x-")
    }
  }
}
