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

  @Test func aBaseURLStandsForAMissingServer() async throws {
    let result = try await CommandRunner.run(
      ["validate", "no-server.yaml", "--base-url", "http://127.0.0.1:9/"], in: Self.folder)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("serve lists"))
  }
}
