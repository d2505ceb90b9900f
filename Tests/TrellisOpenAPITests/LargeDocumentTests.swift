import Foundation
import OpenAPIKit
import Testing
import TrellisOpenAPI

/// Documents of many paths read in time that grows with their size, in their own order of
/// keys, whether written as JSON or as YAML.
@Suite("Large OpenAPI documents")
struct LargeDocumentTests {
  /// A document of `count` paths, `/items0` and on, each with one operation, as JSON.
  private static func json(paths count: Int) -> String {
    let paths = (0..<count).map { index in
      #""/items\#(index)": {"get": {"operationId": "getItems\#(index)", "#
        + #""responses": {"200": {"description": "ok"}}}}"#
    }
    return #"{"openapi": "3.0.0", "info": {"title": "Big", "version": "1"}, "paths": {"#
      + paths.joined(separator: ",\n") + "}}"
  }

  /// The same document as YAML.
  private static func yaml(paths count: Int) -> String {
    let paths = (0..<count).map { index in
      """
        /items\(index):
          get:
            operationId: getItems\(index)
            responses:
              '200':
                description: ok
      """
    }
    return "openapi: 3.0.0\ninfo:\n  title: Big\n  version: '1'\npaths:\n"
      + paths.joined(separator: "\n") + "\n"
  }

  @Test(arguments: [true, false])
  func everyPathOfALargeDocumentIsReadInOrder(asJSON: Bool) throws {
    let count = 1_500
    let text = asJSON ? Self.json(paths: count) : Self.yaml(paths: count)
    let document = try OpenAPIDocumentReader.read(Data(text.utf8), file: "big")
    let paths = document.paths.keys.map(\.rawValue)
    #expect(paths == (0..<count).map { "/items\($0)" })
    let operationIDs = document.paths.values.compactMap { $0.pathItemValue?.get?.operationId }
    #expect(operationIDs == (0..<count).map { "getItems\($0)" })
  }

  @Test func mergedEntriesComeBeforeAMappingsOwn() throws {
    let text = """
      openapi: 3.0.0
      info:
        <<: {title: Merged, version: '1'}
        title: Own
      paths: {}
      """
    let document = try OpenAPIDocumentReader.read(Data(text.utf8), file: "merge")
    #expect(document.info.title == "Own")
    #expect(document.info.version == "1")
  }
}
