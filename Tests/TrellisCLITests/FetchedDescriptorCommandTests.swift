import Foundation
import Testing
import TrellisTesting

/// Descriptors named by an `http:` address: `render`, `validate`, `edit` and `serve` fetch
/// them (and the descriptors they push) from a local server; a missing one, a server that
/// never answers and a body that does not parse each give one located error and status 1.
@Suite("trellis with a descriptor fetched over HTTP", .serialized)
struct FetchedDescriptorCommandTests {
  static let main = Data(
    """
    {
      "schemaVersion": 1, "title": "Fetched",
      "sections": [{"id": "main", "header": "From the web", "rows": [
        {"id": "name", "kind": "label", "text": "Name", "value": "name"},
        {"id": "more", "text": "More", "action": "push:More", "accessory": "disclosureIndicator"}
      ]}]
    }
    """.utf8)
  static let more = Data(
    """
    {"schemaVersion": 1, "title": "More",
     "sections": [{"id": "more", "rows": [{"id": "city", "kind": "label", "text": "City",
                                           "value": "city"}]}]}
    """.utf8)

  /// A folder holding the data document the descriptors bind.
  static func dataFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-fetched-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(#"{"name": "Ada", "city": "London"}"#.utf8)
      .write(to: folder.appendingPathComponent("data.json"))
    return folder
  }

  @Test func rendersTheRowsOfAFetchedDescriptorAndFollowsItsPushes() async throws {
    let server = try LocalHTTPServer(bodies: [
      "/forms/Main.json": Self.main, "/forms/More.json": Self.more,
    ])
    defer { server.stop() }
    let folder = try Self.dataFolder()
    let address = try server.url("/forms/Main.json").absoluteString
    let first = try await CommandRunner.run(
      ["render", address, "--data", "data.json", "--width", "40"], in: folder)
    #expect(first.errors == "")
    #expect(first.status == 0)
    #expect(first.output.contains("Fetched"))
    #expect(first.output.contains("FROM THE WEB") || first.output.contains("From the web"))
    #expect(first.output.contains("Name"))
    #expect(first.output.contains("Ada"))
    // More.json is fetched from beside Main.json.
    let pushed = try await CommandRunner.run(
      ["render", address, "--data", "data.json", "--push", "More"], in: folder)
    #expect(pushed.errors == "")
    #expect(pushed.status == 0)
    #expect(pushed.output.contains("London"))
  }

  @Test func validateChecksAFetchedDescriptorAndItsPushes() async throws {
    let server = try LocalHTTPServer(bodies: ["/Main.json": Self.main])
    defer { server.stop() }
    let address = try server.url("/Main.json").absoluteString
    let result = try await CommandRunner.run(["validate", address])
    #expect(result.status == 1)
    // More.json is not on the server: the push is located in the fetched descriptor.
    #expect(result.output.hasPrefix(address + ":5:46: error: pushes 'More'"))
    #expect(result.output.contains("error: pushes 'More', but no More.plist or More.json"))
  }

  @Test func aMissingDescriptorNamesItsAddressAndStatus() async throws {
    let server = try LocalHTTPServer(bodies: [:])
    defer { server.stop() }
    let address = try server.url("/Missing.json").absoluteString
    for command in ["render", "serve", "validate"] {
      let arguments = command == "serve" ? ["serve", address, "--port", "0"] : [command, address]
      let result = try await CommandRunner.run(arguments)
      #expect(result.status == 1, "\(command)")
      let printed = command == "validate" ? result.output : result.errors
      #expect(
        printed.hasPrefix("\(address): error: the server answered HTTP 404 Not Found\n"),
        "\(command): \(printed)")
    }
  }

  @Test func aServerThatNeverAnswersTimesOut() async throws {
    let server = try LocalHTTPServer(bodies: [:], silent: true)
    defer { server.stop() }
    let address = try server.url("/Slow.json").absoluteString
    let result = try await CommandRunner.run(["render", address, "--timeout", "1"])
    #expect(result.status == 1)
    #expect(
      result.errors
        == "\(address): error: cannot fetch it: no answer within 1 seconds (--timeout)\n")
    #expect(result.duration < .seconds(20))
  }

  @Test func aMalformedBodyIsLocatedInTheAddress() async throws {
    let server = try LocalHTTPServer(bodies: [
      "/Bad.json": Data(#"{"schemaVersion": 1, "sections": [{"rowz": []}]}"#.utf8)
    ])
    defer { server.stop() }
    let address = try server.url("/Bad.json").absoluteString
    let result = try await CommandRunner.run(["render", address])
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix(address + ":1:"))
    #expect(result.errors.contains("error: unknown key 'rowz'"))
    let truncated = try LocalHTTPServer(bodies: ["/Cut.json": Data(#"{"schemaVersion": 1, "#.utf8)])
    defer { truncated.stop() }
    let cut = try truncated.url("/Cut.json").absoluteString
    let parsed = try await CommandRunner.run(["validate", cut])
    #expect(parsed.status == 1)
    #expect(parsed.output.hasPrefix(cut + ":1:"), "\(parsed.output)")
  }

  @Test func editRefusesToSaveAFetchedDocument() async throws {
    let server = try LocalHTTPServer(bodies: ["/doc.json": Data(#"{"a": 1}"#.utf8)])
    defer { server.stop() }
    let address = try server.url("/doc.json").absoluteString
    let result = try await CommandRunner.run(["edit", address])
    #expect(result.status == 1)
    #expect(
      result.errors.hasPrefix("\(address): error: a document fetched over HTTP cannot be saved"))
  }

  @Test func editShowsAFetchedDescriptorOverALocalDataFile() async throws {
    let server = try LocalHTTPServer(bodies: ["/Main.json": Self.main, "/More.json": Self.more])
    defer { server.stop() }
    let folder = try Self.dataFolder()
    let address = try server.url("/Main.json").absoluteString
    // Without a terminal, edit prints the first screen.
    let result = try await CommandRunner.run(["edit", address, "--data", "data.json"], in: folder)
    #expect(result.status == 0)
    #expect(result.output.contains("Ada"))
  }
}
