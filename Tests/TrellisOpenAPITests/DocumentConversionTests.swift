import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Testing
import TrellisOpenAPI

/// An OpenAPI 3.0 document converted a few paths and schemas at a time is the document
/// converted whole.
@Suite("Converting a document in parts")
struct DocumentConversionTests {
  @Test func aDocumentConvertedInPartsIsTheDocumentConvertedWhole() throws {
    let count = OpenAPIDocumentReader.conversionBatch * 2 + 3
    let paths = (0..<count).map { index in
      #""/items\#(index)": {"get": {"operationId": "get\#(index)", "responses": {"200": "#
        + #"{"description": "ok", "content": {"application/json": {"schema": "#
        + #"{"$ref": "\#u{23}/components/schemas/Item\#(index)"}}}}}}}"#
    }
    let schemas = (0..<count).map { index in
      #""Item\#(index)": {"type": "object", "nullable": true, "properties": "#
        + #"{"id": {"type": "integer", "exclusiveMinimum": true, "minimum": \#(index)}}}"#
    }
    let text =
      #"{"openapi": "3.0.3", "info": {"title": "Parts", "version": "1"}, "paths": {"#
      + paths.joined(separator: ", ") + #"}, "components": {"schemas": {"#
      + schemas.joined(separator: ", ") + "}}}"
    let old = try JSONDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: Data(text.utf8))
    let whole = old.convert(to: .v3_1_0)
    let parts = OpenAPIDocumentReader.converted(old)
    #expect(parts == whole)
    #expect(parts.paths.keys.map(\.rawValue) == whole.paths.keys.map(\.rawValue))
    #expect(parts.components.schemas.keys == whole.components.schemas.keys)
    #expect(parts.paths.count == count)
  }
}
