import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisOpenAPI
import TrellisTesting

/// The reader against hostile documents: every fixture mutated many times over
/// (``TextMutator``: bytes changed, lines dropped or repeated, the text cut short, keywords
/// swapped), and documents
/// built to be too deep or too large. Each must read, or fail with diagnostics naming the
/// file; never crash. The seeds are fixed, so a failure repeats.
@Suite("OpenAPI reader fuzzing")
struct OpenAPIReaderFuzzTests {
  static let fixtures = [
    "types.yaml", "validation.yaml", "paging.yaml", "security-bearer.yaml",
    "security-apikey.yaml", "read-only.yaml", "no-server.yaml", "broken.yaml",
    "drf-contacts.json", "petstore-expanded.yaml",
  ]

  /// The mutator of the fixtures: words of OpenAPI and YAML put where they do not belong,
  /// and types, methods and names swapped.
  static func mutator() -> TextMutator {
    TextMutator(
      seed: 0x7E11_15,
      words: [
        "type: object", "type: array", "$ref: \"#/components/schemas/Nope\"", "allOf: []",
        "enum: []", "readOnly: true", "format: date", "nullable: true", "- ", "~", "\"$ref\": 1",
        "\"type\": \"integer\"", "\"minimum\": \"a\"",
      ],
      swaps: [
        ("string", "integer"), ("integer", "boolean"), ("object", "string"), ("get:", "put:"),
        ("required", "readOnly"), ("application/json", "text/plain"), ("/pets", "/{pets}"),
      ])
  }

  /// Reads `text` as `name` all the way to descriptors in a library.
  static func readAll(_ text: String, name: String) {
    do {
      let document = try OpenAPIDocumentReader.read(Data(text.utf8), file: name)
      let descriptors = try OpenAPIDescriptors.make(
        document, file: name, title: name, baseURL: "http://127.0.0.1:9/", documentURL: nil,
        readOnly: false)
      var library = DescriptorLibrary()
      library.registerStoreSources()
      let (_, diagnostics) = descriptors.read(into: &library)
      // What the inference writes, the descriptor reader takes: a mutated schema may make
      // odd lists, never an unreadable descriptor.
      #expect(diagnostics.filter { $0.severity == .error } == [], "\(name): \(diagnostics)")
    } catch {
      #expect(!error.diagnostics.isEmpty)
      for diagnostic in error.diagnostics {
        #expect(diagnostic.file == name, "\(diagnostic)")
      }
    }
  }

  @Test func mutatedDocumentsReadOrFailWithLocatedErrors() throws {
    var mutator = Self.mutator()
    let clock = ContinuousClock()
    let start = clock.now
    var runs = 0
    for name in Self.fixtures {
      let original = try String(
        contentsOf: TestFixtures.url("AnyData/OpenAPI/\(name)"), encoding: .utf8)
      for _ in 0..<60 {
        Self.readAll(mutator.mutate(original), name: name)
        runs += 1
      }
      // Bounded in time: a slow machine runs fewer.
      if clock.now - start > .seconds(90) { break }
    }
    #expect(runs >= 60)
  }

  @Test func hostileShapesAreRefusedBeforeTheyAreParsed() throws {
    let deep = "{\"openapi\": \"3.0.0\", \"x\": " + String(repeating: "[", count: 100_000) + "]}"
    Self.readAll(deep, name: "deep.json")
    let indented =
      "openapi: 3.0.0\nx:\n"
      + (0..<3000).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n")
    Self.readAll(indented, name: "indented.yaml")
    let laughs = """
      openapi: 3.0.0
      a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
      b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
      c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
      d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
      e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]
      """
    do {
      _ = try OpenAPIDocumentReader.read(Data(laughs.utf8), file: "laughs.yaml")
      Issue.record("a document of nested aliases was read")
    } catch {
      #expect("\(error)".contains("aliases"))
    }
    let large = Data(count: OpenAPIDocumentReader.maximumSize + 1)
    #expect(throws: DiagnosticList.self) {
      try OpenAPIDocumentReader.read(large, file: "large.json")
    }
    let cyclic = """
      openapi: 3.0.0
      info: {title: C, version: "1"}
      servers: [{url: "http://127.0.0.1:9/"}]
      paths:
        /nodes:
          get:
            responses:
              "200":
                description: d
                content:
                  application/json:
                    schema: {type: array, items: {$ref: "#/components/schemas/Node"}}
      components:
        schemas:
          Node:
            type: object
            properties:
              name: {type: string}
              parent: {$ref: "#/components/schemas/Node"}
      """
    Self.readAll(cyclic, name: "cyclic.yaml")
  }

  @Test func aDocumentThatDoesNotReadIsLocated() throws {
    do {
      _ = try OpenAPIDocumentReader.read(
        try OpenAPIFixture.data("broken.yaml"), file: "broken.yaml")
      Issue.record("broken.yaml was read")
    } catch {
      let message = "\(error)"
      #expect(message.hasPrefix("broken.yaml:7:"), "\(message)")
      #expect(message.contains("paths./things.get.responses.200"), "\(message)")
    }
    do {
      _ = try OpenAPIDocumentReader.read(try OpenAPIFixture.data("swagger2.json"), file: "s.json")
      Issue.record("a Swagger 2.0 document was read")
    } catch {
      #expect("\(error)".contains("Swagger 2.0 is not read"))
    }
    #expect(OpenAPIDocumentReader.isOpenAPIDocument(try OpenAPIFixture.data("types.yaml")))
    #expect(OpenAPIDocumentReader.isOpenAPIDocument(try OpenAPIFixture.data("drf-contacts.json")))
    #expect(!OpenAPIDocumentReader.isOpenAPIDocument(Data(#"{"schemaVersion": 1}"#.utf8)))
  }

  /// The text's own faults are said where they are: a byte that is not UTF-8, and a reference
  /// to another file; a byte-order mark before the text is read past, in YAML as in JSON.
  @Test func badBytesAndOutsideReferencesAreLocated() throws {
    let yaml = try OpenAPIFixture.data("types.yaml")
    let marked = Data([0xEF, 0xBB, 0xBF]) + yaml
    _ = try OpenAPIDocumentReader.read(marked, file: "marked.yaml")
    _ = try OpenAPIDocumentReader.read(
      Data([0xEF, 0xBB, 0xBF]) + (try OpenAPIFixture.data("drf-contacts.json")), file: "m.json")
    var bad = Array(
      String(decoding: yaml, as: UTF8.self).replacingOccurrences(
        of: "title:", with: "title: Bad \u{1}"
      ).utf8)
    let at = try #require(bad.firstIndex(of: 1))
    bad[at] = 0xFF
    do {
      _ = try OpenAPIDocumentReader.read(Data(bad), file: "bad.yaml")
      Issue.record("a document with a byte that is not UTF-8 was read")
    } catch {
      #expect("\(error)".hasPrefix("bad.yaml:"), "\(error)")
      #expect("\(error)".contains("is not UTF-8 text"), "\(error)")
    }
    let outside = """
      openapi: 3.0.3
      info: {title: Outside, version: "1"}
      paths:
        /things/:
          get:
            responses:
              "200":
                description: ok
                content:
                  application/json:
                    schema:
                      type: array
                      items: {$ref: "/etc/passwd#/foo"}
      """
    do {
      _ = try OpenAPIDocumentReader.read(Data(outside.utf8), file: "outside.yaml")
      Issue.record("a reference to another file was read")
    } catch {
      #expect("\(error)".hasPrefix("outside.yaml:13:"), "\(error)")
      #expect("\(error)".contains("'/etc/passwd#/foo' points outside the document"), "\(error)")
    }
  }

  /// A document of `count` schemas, each holding a reference to the next.
  static func chain(_ count: Int) -> String {
    let schemas = (0..<count).map { index in
      let reference = "\"next\": {\"$ref\": \"#/components/schemas/S\(index + 1)\"}"
      let next = index + 1 < count ? ", " + reference : ""
      return "\"S\(index)\": {\"type\": \"object\", \"properties\": "
        + "{\"id\": {\"type\": \"integer\"}\(next)}}"
    }
    return """
      {"openapi": "3.0.0", "info": {"title": "x", "version": "1"},
       "servers": [{"url": "http://127.0.0.1:9/"}],
       "paths": {"/things": {"get": {"responses": {"200": {"description": "ok", "content":
         {"application/json": {"schema": {"type": "array",
           "items": {"$ref": "#/components/schemas/S0"}}}}}}}}},
       "components": {"schemas": {\(schemas.joined(separator: ", "))}}}
      """
  }

  /// Schemas that refer to one another deeper than a reader's stack allows are refused before
  /// they are followed; a chain within the limit is read.
  @Test func aLongChainOfReferencesIsRefusedNotFollowed() throws {
    let short = try OpenAPIDocumentReader.read(Data(Self.chain(90).utf8), file: "short.json")
    _ = try OpenAPIDescriptors.make(
      short, file: "short.json", title: "short", baseURL: nil, documentURL: nil, readOnly: true)
    let long = try OpenAPIDocumentReader.read(Data(Self.chain(300).utf8), file: "long.json")
    do {
      _ = try OpenAPIDescriptors.make(
        long, file: "long.json", title: "long", baseURL: nil, documentURL: nil, readOnly: true)
      Issue.record("a chain of 300 references was followed")
    } catch {
      #expect("\(error)".contains("the schemas refer to one another 300 deep, from 'S0' on"))
    }
    #expect(
      OpenAPIReferenceChain.longestChains(["a": ["b"], "b": ["a", "c"], "c": []]) == [
        "a": 3, "b": 2, "c": 1,
      ])
  }
}
