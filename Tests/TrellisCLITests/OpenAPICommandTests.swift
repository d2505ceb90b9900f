import Foundation
import Testing
import TrellisTesting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `trellis describe`, `render` and `serve` of an OpenAPI document with no descriptor: the
/// fixtures of `AnyData/OpenAPI`, and the Django REST framework schema against the live server
/// the test command starts (Tests/Services; without it, locally, those tests say so and check
/// nothing).
@Suite("trellis and any OpenAPI document", .serialized)
struct OpenAPICommandTests {
  static func fixture(_ name: String) -> String {
    TestFixtures.url("AnyData/OpenAPI/\(name)").path
  }

  /// The Django REST framework server's origin and its reset address, or `nil` (a recorded
  /// issue when the servers are required).
  static func drf() -> (origin: String, reset: String)? {
    let environment = ProcessInfo.processInfo.environment
    guard let root = environment["TRELLIS_DRF_URL"], let url = URL(string: root),
      let scheme = url.scheme, let host = url.host, let port = url.port
    else {
      if environment["TRELLIS_REQUIRE_SERVICES"] == "1" {
        Issue.record("TRELLIS_DRF_URL is not set: start the servers with scripts/services.sh")
      }
      return nil
    }
    return ("\(scheme)://\(host):\(port)/", root + "reset/")
  }

  static func reset(_ address: String) throws {
    var request = URLRequest(url: URL(string: address)!)
    request.httpMethod = "POST"
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: request) { _, _, _ in done.signal() }.resume()
    _ = done.wait(timeout: .now() + 10)
  }

  @Test func describePrintsTheHomeScreenOfThePetstore() async throws {
    let result = try await CommandRunner.run(["describe", Self.fixture("petstore-expanded.yaml")])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains(#""title": "Swagger Petstore""#))
    #expect(result.output.contains(#""push": "pets""#))
    let pets = try await CommandRunner.run(
      ["describe", Self.fixture("petstore-expanded.yaml"), "--screen", "pets"])
    #expect(pets.status == 0)
    #expect(pets.output.contains(#""baseURL": "https://petstore.swagger.io/v2/""#))
    #expect(pets.output.contains("The API has no PATCH or PUT for /pets/{id}."))
  }

  @Test func renderShowsThePetstoresResources() async throws {
    let home = try await CommandRunner.run(
      ["render", Self.fixture("petstore-expanded.yaml"), "--width", "80"])
    #expect(home.status == 0, "\(home.errors)")
    #expect(home.output.contains("Swagger Petstore"))
    #expect(home.output.contains("Pets"))
    #expect(home.output.contains("/pets"))
  }

  @Test func aDocumentThatDoesNotReadIsALocatedError() async throws {
    let broken = try await CommandRunner.run(["render", Self.fixture("broken.yaml")])
    #expect(broken.status == 1)
    #expect(broken.errors.contains("broken.yaml:7:"), "\(broken.errors)")
    #expect(broken.errors.contains("paths./things.get.responses.200"), "\(broken.errors)")
    let described = try await CommandRunner.run(["describe", Self.fixture("broken.yaml")])
    #expect(described.status == 1)
    #expect(described.output == "")
    let noServer = try await CommandRunner.run(["render", Self.fixture("no-server.yaml")])
    #expect(noServer.status == 1)
    #expect(noServer.errors.contains("give one with --base-url"))
  }

  /// A schema that refers to itself, and a reference to no schema, are named in words.
  @Test func aReferenceThatDoesNotResolveIsNamed() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-openapi-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func document(parent: String) -> String {
      """
      openapi: 3.0.3
      info: {title: Tree, version: "1"}
      servers: [{url: "http://127.0.0.1:9/api/"}]
      paths:
        /nodes/:
          get:
            responses:
              "200":
                description: ok
                content:
                  application/json:
                    schema: {type: array, items: {$ref: "#/components/schemas/Node"}}
      components:
        schemas:
          Node:
            type: object
            properties:
              name: {type: string}
              parent: {$ref: "#/components/schemas/\(parent)"}
      """
    }
    for (parent, said) in [
      ("Node", "the schema #/components/schemas/Node refers to itself"),
      ("Nod", "a reference names 'Nod', which is not one of the document's schemas"),
    ] {
      let file = folder.appendingPathComponent("\(parent).yaml")
      try Data(document(parent: parent).utf8).write(to: file)
      let result = try await CommandRunner.run(["validate", file.path])
      #expect(result.status == 1)
      #expect(result.output.contains(said), "\(result.output)")
    }
    // JSON that stops early is located where it stops.
    let truncated = folder.appendingPathComponent("truncated.json")
    try Data("{\n  \"openapi\": \"3.0.3\",\n  \"paths\": {}\n".utf8).write(to: truncated)
    let result = try await CommandRunner.run(["validate", truncated.path])
    #expect(result.output.contains("truncated.json:4:1: error: expected"), "\(result.output)")
  }

  @Test func theTokenIsNeverPrinted() async throws {
    let secret = "s3cret-\(UUID().uuidString)"
    let result = try await CommandRunner.run(
      [
        "render", Self.fixture("security-bearer.yaml"), "--push", "Notes", "--token", secret,
        "--timeout", "5",
      ])
    #expect(!result.output.contains(secret))
    #expect(!result.errors.contains(secret))
    let described = try await CommandRunner.run(
      ["describe", Self.fixture("security-bearer.yaml"), "--screen", "notes"])
    #expect(described.output.contains(#""variable": "TRELLIS_TOKEN""#))
    // --token for a document without a security scheme says it is not sent.
    let unused = try await CommandRunner.run(
      ["render", Self.fixture("types.yaml"), "--token", secret])
    #expect(unused.errors.contains("--token is not sent"))
    #expect(!unused.errors.contains(secret))
    // And for something that is no OpenAPI document, it is refused.
    let refused = try await CommandRunner.run(["render", "GoFish.json", "--token", secret])
    #expect(refused.status == 1)
    #expect(refused.errors.contains("apply to an OpenAPI document only"))
  }

  @Test func aDocumentFetchedFromAnAddressIsRelativeToIt() async throws {
    let spec = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("no-server.yaml")))
    let server = try LocalHTTPServer(bodies: ["/schema/openapi.yaml": spec])
    defer { server.stop() }
    let address = try server.url("/schema/openapi.yaml").absoluteString
    let origin = try server.url("/").absoluteString
    let home = try await CommandRunner.run(["render", address, "--width", "60"])
    #expect(home.status == 0, "\(home.errors)")
    #expect(home.output.contains("Things"))
    let things = try await CommandRunner.run(["describe", address, "--screen", "things"])
    #expect(things.status == 0, "\(things.errors)")
    #expect(things.output.contains(#""baseURL": "\#(origin)""#), "\(things.output)")
  }

  @Test func theLiveServicesContactsAreListed() async throws {
    try await SharedServerLock.holding("web-services") {
      guard let (origin, reset) = Self.drf() else { return }
      try Self.reset(reset)
      let spec = Self.fixture("drf-contacts.json")
      let result = try await CommandRunner.run(
        ["render", spec, "--base-url", origin, "--push", "Contacts", "--width", "80"])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("Contact 01"))
      #expect(result.output.contains("New Contact"))
    }
  }

  @Test func theDescribedFilesServeTheSameScreens() async throws {
    try await SharedServerLock.holding("web-services") {
      guard let (origin, reset) = Self.drf() else { return }
      try Self.reset(reset)
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("trellis-openapi-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: folder) }
      let spec = Self.fixture("drf-contacts.json")
      let written = try await CommandRunner.run(
        ["describe", spec, "--base-url", origin, "--output", folder.path])
      #expect(written.status == 0, "\(written.errors)")
      let home = folder.appendingPathComponent("drf_contacts.json").path
      #expect(FileManager.default.fileExists(atPath: home), "\(written.output)")
      for push in [[], ["--push", "Contacts"], ["--push", "Contacts/Contact 03"]] {
        let inferred = try await CommandRunner.run(
          ["render", spec, "--base-url", origin, "--width", "80"] + push)
        let described = try await CommandRunner.run(["render", home, "--width", "80"] + push)
        #expect(inferred.status == 0, "\(push): \(inferred.errors)")
        #expect(inferred.output == described.output, "\(push)")
        #expect(!inferred.output.isEmpty)
      }
    }
  }
}
