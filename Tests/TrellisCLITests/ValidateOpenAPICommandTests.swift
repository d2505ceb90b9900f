import Foundation
import Testing
import TrellisTesting

/// `trellis validate` of OpenAPI documents: what `serve` makes of each (resources listed, and
/// what is left out with why), and located errors for what cannot be read.
@Suite("trellis validate and OpenAPI documents")
struct ValidateOpenAPICommandTests {
  static let folder = TestFixtures.url("AnyData/OpenAPI")

  @Test func reportsTheResourcesServeLists() async throws {
    let result = try await CommandRunner.run(
      ["validate", "petstore-expanded.yaml"], in: Self.folder)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output.hasPrefix("petstore-expanded.yaml: serve lists 1 resource and leaves out 0\n"))
    #expect(
      result.output.contains(
        "  listed /pets: pets, 3 fields; adds, deletes; the API has no PATCH or PUT for "
          + "/pets/{id}\n"))
    #expect(result.errors == "1 file checked: 0 errors, 0 warnings\n")
  }

  @Test func saysWhatIsLeftOutAndWhy() async throws {
    let result = try await CommandRunner.run(["validate", "read-only.yaml"], in: Self.folder)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output.hasPrefix("read-only.yaml: serve lists 1 resource and leaves out 1\n"))
    #expect(
      result.output.contains(
        "  listed /reports: reports, 3 fields; read-only: the API has no operation that "
          + "changes it\n"))
    #expect(
      result.output.contains(
        "  left out /uploads: the API has no GET for it, so it cannot be listed\n"))
  }

  @Test func whatCannotBeReadIsALocatedError() async throws {
    let broken = try await CommandRunner.run(["validate", "broken.yaml"], in: Self.folder)
    #expect(broken.status == 1)
    #expect(broken.output.hasPrefix("broken.yaml:"))
    #expect(broken.output.contains(": error: "))
    #expect(!broken.output.contains("serve lists"))
    #expect(broken.errors == "1 file checked: 1 error, 0 warnings\n")
    let noServer = try await CommandRunner.run(["validate", "no-server.yaml"], in: Self.folder)
    #expect(noServer.status == 1)
    #expect(noServer.output.contains("names no server address"))
    let swagger = try await CommandRunner.run(["validate", "swagger2.json"], in: Self.folder)
    #expect(swagger.status == 1)
    #expect(swagger.output.contains("convert the document to OpenAPI 3 first"))
  }

  @Test func yamlIsReadOnlyAsOpenAPIAndItsSyntaxErrorsAreLocated() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-yaml-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "openapi: 3.0.3\ninfo: {title: Broken, version: \"1\"}\npaths:\n  /a: [unclosed\n"
      .write(to: folder.appendingPathComponent("unclosed.yaml"), atomically: true, encoding: .utf8)
    try "title: fine\nlist:\n  - a\n"
      .write(to: folder.appendingPathComponent("data.yml"), atomically: true, encoding: .utf8)
    // Where the parser stopped, and where what it was reading began.
    let unclosed = try await CommandRunner.run(["validate", "unclosed.yaml"], in: folder)
    #expect(unclosed.status == 1)
    #expect(
      unclosed.output.hasPrefix(
        "unclosed.yaml:5:1: error: the document is not YAML: did not find expected ',' or "
          + "']', while parsing a flow sequence that began at 4:7\n"), "\(unclosed.output)")
    // A YAML file that is no OpenAPI document is said to be one, not read as a property list,
    // by every command that reads documents.
    for command in ["validate", "render", "serve", "edit"] {
      let data = try await CommandRunner.run([command, "data.yml"], in: folder)
      #expect(data.status == 1)
      #expect(
        (data.output + data.errors).contains(
          "data.yml: error: a YAML file without a top-level 'openapi' entry: YAML is read only "
            + "as an OpenAPI 3 document"), "\(command): \(data.output)\(data.errors)")
      #expect(!(data.output + data.errors).contains("after the property list"))
    }
  }

  @Test func aBaseURLStandsForAMissingServer() async throws {
    let result = try await CommandRunner.run(
      ["validate", "no-server.yaml", "--base-url", "http://127.0.0.1:9/"], in: Self.folder)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("serve lists"))
  }
}
