import Foundation
import GRDB
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `trellis render`, `serve` and `validate` on descriptors whose sections list a source.
@Suite("trellis and descriptor sources")
struct SourceCommandTests {
  @Test(arguments: [
    (["render", "Sources/Pages.json"], "Pages.txt"),
    (["render", "Sources/Pages.json", "--push", "Chapter One"], "Pages-chapter.txt"),
  ])
  func aDocumentSourceRendersItsFirstBatch(arguments: [String], expected: String) async throws {
    let result = try await CommandRunner.run(arguments)
    #expect(result.errors == "")
    #expect(result.status == 0)
    #expect(result.output == (try CommandRunner.expectedText(expected)))
  }

  @Test func everySourceFixtureValidates() async throws {
    // Tasks.json lists a table of tasks.sqlite, which its tasks.sql makes.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-sources-\(UUID().uuidString)")
    try FileManager.default.copyItem(
      at: CommandRunner.fixtures.appendingPathComponent("Sources"), to: folder)
    defer { try? FileManager.default.removeItem(at: folder) }
    let schema = try String(
      contentsOf: folder.appendingPathComponent("tasks.sql"), encoding: .utf8)
    let queue = try DatabaseQueue(path: folder.appendingPathComponent("tasks.sqlite").path)
    try await queue.write {
      try $0.execute(sql: schema)
    }
    let result = try await CommandRunner.run(
      ["validate", "Pages.json", "Tasks.json", "Contacts.json"], in: folder)
    #expect(result.status == 0)
    #expect(result.output == "")
    #expect(result.errors == "3 files checked: 0 errors, 0 warnings\n")
    // Without its database, Tasks.json is refused as `render` would refuse it.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("tasks.sqlite"))
    let missing = try await CommandRunner.run(["validate", "Tasks.json"], in: folder)
    #expect(missing.status == 1)
    #expect(missing.output.contains("error: no SQLite file 'tasks.sqlite' at "))
  }

  @Test func mistakesInASourceAreLocated() async throws {
    let misspelt = try await CommandRunner.run(
      ["render", "bad-source.json"], in: CommandRunner.inputs)
    #expect(misspelt.status == 1)
    #expect(misspelt.output == "")
    #expect(
      misspelt.errors
        == "bad-source.json:7:58: error: unknown key 'resultKeyName' in a web service source "
        + "(did you mean 'resultsKeyName'?)\n")
    let noList = try await CommandRunner.run(["render", "no-list.json"], in: CommandRunner.inputs)
    #expect(noList.status == 1)
    #expect(
      noList.errors == "no-list.json:4:62: error: 'profile' in 'data.json' is not a list of "
        + "dictionaries\n")
  }

  @Test func anUnreachableServicePrintsTheErrorRowAndFails() async throws {
    let result = try await CommandRunner.run(
      ["render", "unreachable-service.json"], in: CommandRunner.inputs)
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(
      result.errors.hasPrefix(
        "unreachable-service.json:7:17: error: list 'people': Could not load: could not reach "
          + "http://127.0.0.1:1/api/people/?page_size=7: "),
      "\(result.errors)")
    // The source's own timeout (one second, one attempt) bounds the wait.
    #expect(result.duration < .seconds(20))
  }

  @Test func renderGivesUpAfterItsTimeout() async throws {
    // A service that accepts the connection and never answers.
    let listener = try SilentListener()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-silent-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let descriptor = try String(
      contentsOf: CommandRunner.inputs.appendingPathComponent("unreachable-service.json"),
      encoding: .utf8
    ).replacingOccurrences(of: "127.0.0.1:1/", with: "127.0.0.1:\(listener.port)/")
      .replacingOccurrences(of: "\"timeout\": 1", with: "\"timeout\": 30")
    try descriptor.write(
      to: folder.appendingPathComponent("unreachable-service.json"), atomically: true,
      encoding: .utf8)
    let result = try await CommandRunner.run(
      ["render", "unreachable-service.json", "--timeout", "0.2"], in: folder)
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(
      result.errors == "error: the list 'people' did not load within 0.2 seconds (--timeout)\n")
  }

  @Test func serveShowsTheSourcesItems() async throws {
    try await CommandRunner.serving(["serve", "Sources/Pages.json", "--port", "0"]) { address in
      let url = try #require(URL(string: address + "apps/table"))
      let (data, _) = try await URLSession.shared.data(from: url)
      let html = String(decoding: data, as: UTF8.self)
      for text in ["Cover", "Contents", "Chapter One", "Load more…", "New Page"] {
        #expect(html.contains(text), "\(text)")
      }
      #expect(!html.contains("Chapter Two"))
    }
  }
}
