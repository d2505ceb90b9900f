import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisTerminal
import TrellisTesting
import TrellisWeb

/// `webService` sources against a real server on loopback: Trellis's own Store API over a
/// memory store, read seven at a time, loaded further, refreshed and edited.
@Suite("Descriptor sources: web services")
struct WebServiceSourceTests {
  /// Twenty people served as Django REST framework pages at `/api/people/`.
  static func people() throws -> (MemoryStore, StoreAPI) {
    var definition = try DataDefinition.dictionary(keys: "id;firstName;lastName;email")
    definition.titlePropertyNames = ["firstName", "lastName"]
    let memory = MemoryStore(
      items: (1...20).map { index in
        .object(
          ObjectReference(
            DocumentObject([
              "id": .int(index), "firstName": .string("First\(index)"),
              "lastName": .string("Last\(index)"), "email": .string("p\(index)@example.com"),
            ])))
      }, definition: definition)
    let api = try StoreAPI(
      store: memory, definition: definition, path: "/api/people/", idKey: "id")
    return (memory, api)
  }

  /// A descriptor listing the people at `baseURL`.
  static func descriptor(baseURL: String, timeout: Int = 5, in folder: URL) throws
    -> TableDescriptor
  {
    try SourceTestSupport.descriptor(
      #"""
      {"schemaVersion": 1, "title": "People", "editable": true, "sections": [
        {"id": "people", "header": "People",
         "source": {"webService": {"preset": "djangoREST", "baseURL": "\#(baseURL)",
           "fetchObjectsAPI": "api/people/", "resultsDictionaryKeyNamesString":
           "Name:(firstName,lastName);Reach:(email)", "name": "Person", "timeout": \#(timeout),
           "retry": {"attempts": 1}}},
         "batchSize": 7, "title": ["firstName", "lastName"], "detail": "email",
         "placeholder": "Nobody", "addItem": "New Person"}]}
      """#, in: folder)
  }

  static func names(_ range: ClosedRange<Int>) -> [String] {
    range.map { "First\($0) Last\($0)" }
  }

  @Test func pagesLoadMoreRefreshAndADetailEditReachesTheServer() async throws {
    let (memory, api) = try Self.people()
    let server = await LoopbackServer.start { running in api.application(onServerRunning: running) }
    let folder = try SourceTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = try SourceTestSupport.app(Self.descriptor(baseURL: server.baseURL, in: folder))
    #expect(app.texts == [["Loading…", "New Person"]])
    try await app.settle()
    #expect(app.texts == [Self.names(1...7) + ["Load more…", "New Person"]])
    #expect(app.row("First3 Last3")?.detail == "p3@example.com")
    let rendered = TextRenderer(width: 50).render(app.top.snapshot())
    #expect(rendered.contains("First7 Last7"))
    #expect(!rendered.contains("First8 Last8"))

    try app.tap("Load more…")
    try await app.settle()
    #expect(app.texts == [Self.names(1...14) + ["Load more…", "New Person"]])

    // A detail screen from the keys' groups; Done sends the change.
    try app.tap("First2 Last2")
    #expect(app.top.title == "First2 Last2")
    try app.enter("second@example.com", at: "Email")
    try app.send(.done)
    try await app.settle()
    #expect(app.navigator.stack.count == 1)
    let stored = try memory.fetch(FetchOptions()).map {
      memory.itemsDefinition?.reader(for: $0).value("email")
    }
    #expect(stored[1] == "second@example.com")
    #expect(app.row("First2 Last2")?.detail == "second@example.com")

    // A change made elsewhere shows after a refresh.
    let first = try #require(memory.fetch(FetchOptions()).first)
    try memory.update(first, values: ["firstName": "Ada"])
    try app.send(.refresh)
    try await app.settle()
    #expect(app.texts.first?.first == "Ada Last1")
    await server.stop()
  }

  @Test func anUnreachableServiceShowsTheErrorRow() async throws {
    let folder = try SourceTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Nothing listens on a port just closed.
    let (_, api) = try Self.people()
    let server = await LoopbackServer.start { running in api.application(onServerRunning: running) }
    await server.stop()
    let app = try SourceTestSupport.app(
      Self.descriptor(baseURL: server.baseURL, timeout: 1, in: folder))
    try await app.settle()
    let error = try #require(app.texts.first?.first)
    #expect(error.hasPrefix("Could not load: "))
    #expect(app.texts.first?.contains("New Person") == true)
  }

  @Test func settingsTheDefinitionRefusesAreLocated() throws {
    let folder = try SourceTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let descriptor = try SourceTestSupport.descriptor(
      #"""
      {"schemaVersion": 1, "sections": [
        {"source": {"webService": {"baseURL": "ftp://example.com/", "fetchObjectsAPI": "a/",
          "resultsDictionaryKeyNamesString": "name"}}}]}
      """#, in: folder)
    #expect(
      SourceTestSupport.problems(descriptor) == [
        "T.json:2:41: error: baseURL: 'ftp://example.com/' is not an http or https address "
          + "(say http://host:port/)"
      ])
    #expect(
      SourceTestSupport.problems(descriptor, library: DescriptorLibrary()) == [
        "T.json:2:14: error: this program cannot open web-service sources (no resolver is "
          + "registered for 'webService')"
      ])
  }
}
