import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat

extension OpenAPIDocumentReader {
  /// How many paths, or schemas, are converted from OpenAPI 3.0 at a time.
  package static let conversionBatch = 64

  /// An OpenAPI 3.0 document as OpenAPIKit's 3.1 model, the same as `convert(to: .v3_1_0)`
  /// makes, but converted a few paths and schemas at a time, each let go once converted.
  ///
  /// Converting the whole document at once holds the 3.0 model and the 3.1 one side by side,
  /// each many times the size of the text.
  package static func converted(_ document: consuming OpenAPIKit30.OpenAPI.Document)
    -> OpenAPIKit.OpenAPI.Document
  {
    var rest = document
    // Reversed, so each batch is taken off the end in the document's order.
    var paths = Array(rest.paths.reversed())
    var schemas = Array(rest.components.schemas.reversed())
    rest.paths = [:]
    rest.components.schemas = [:]
    var converted = rest.convert(to: .v3_1_0)
    let empty = OpenAPIKit30.OpenAPI.Document(
      info: rest.info, servers: [], paths: [:], components: .noComponents)
    while !paths.isEmpty {
      var part = empty
      while part.paths.count < conversionBatch, let (path, item) = paths.popLast() {
        part.paths[path] = item
      }
      for (path, item) in part.convert(to: .v3_1_0).paths { converted.paths[path] = item }
    }
    while !schemas.isEmpty {
      var part = empty
      while part.components.schemas.count < conversionBatch,
        let (name, schema) = schemas.popLast()
      {
        part.components.schemas[name] = schema
      }
      for (name, schema) in part.convert(to: .v3_1_0).components.schemas {
        converted.components.schemas[name] = schema
      }
    }
    return converted
  }
}
