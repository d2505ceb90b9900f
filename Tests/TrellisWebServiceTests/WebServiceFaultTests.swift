import Testing
import Trellis
import TrellisTesting
import TrellisWebService

/// A web-service list against a real server that misbehaves: every fault gives a clear error
/// row and a working retry, never a crash, a hang, or duplicated rows.
@Suite("Web-service lists survive faulty servers")
struct WebServiceFaultTests {
  static func list(
    _ path: String, on server: FaultServer, keys: String = "name;rank",
    timeout: Duration = .seconds(5)
  ) throws -> (HeadlessApp, ArrayOfObjectsSection) {
    var service = WebServiceDefinition.djangoREST(
      baseURL: server.baseURL, resource: path, keys: keys)
    service.retry = .init(attempts: 1)
    service.timeout = timeout
    let store = try WebServiceStore(service)
    let section = ArrayOfObjectsSection(
      store: store, definition: try #require(store.itemsDefinition))
    section.fetchOptions.batchSize = 7
    let model = TableModel()
    model.addSection(section)
    return (HeadlessApp(navigator: Navigator(root: Screen(model: model))), section)
  }

  static func items(_ range: ClosedRange<Int>) -> [String] { range.map { "Item \($0)" } }

  /// The text of the first row that starts with `prefix`.
  static func row(startingWith prefix: String, in app: HeadlessApp) -> String? {
    app.texts.joined().first { $0.hasPrefix(prefix) }
  }

  @Test func readsInBatchesOfSevenByTheNextLink() async throws {
    let server = try await FaultServer.start()
    defer { Task { await server.stop() } }
    let (app, section) = try Self.list("items/", on: server)
    #expect(app.texts == [["Loading…"]])
    try await app.settle()
    #expect(app.texts == [Self.items(1...7) + ["Load more…"]])
    for _ in 0..<4 {
      try app.tap("Load more…")
      try await app.settle()
    }
    #expect(app.texts == [Self.items(1...35) + ["Load more…"]])
    try app.tap("Load more…")
    try await app.settle()
    #expect(app.texts == [Self.items(1...40)])
    #expect(section.loadState == .loaded)
    #expect(app.host.violations.isEmpty)
  }

  @Test func aPageThatRepeatsItemsListsEachOnce() async throws {
    let server = try await FaultServer.start()
    defer { Task { await server.stop() } }
    let (app, _) = try Self.list("repeat/", on: server)
    try await app.settle()
    try app.tap("Load more…")
    try await app.settle()
    try app.tap("Load more…")
    try await app.settle()
    #expect(app.texts == [Self.items(1...21) + ["Load more…"]])
  }

  @Test func aNextLinkThatLoopsEndsWithAnError() async throws {
    let server = try await FaultServer.start()
    defer { Task { await server.stop() } }
    let (app, _) = try Self.list("loop/", on: server)
    try await app.settle()
    try app.tap("Load more…")
    try await app.settle()
    let error = try #require(Self.row(startingWith: "Could not load", in: app))
    #expect(error.contains("points back to a page already read"))
    #expect(app.texts.joined().filter { $0 == "Item 1" }.count == 1)
    try app.tap(error)
    try await app.settle()
    #expect(app.texts.joined().filter { $0 == "Item 1" }.count == 1, "a retry adds nothing twice")
  }

  @Test func malformedJSONIsAnErrorNamingTheAddress() async throws {
    let server = try await FaultServer.start()
    defer { Task { await server.stop() } }
    let (app, _) = try Self.list("malformed/", on: server)
    try await app.settle()
    let error = try #require(Self.row(startingWith: "Could not load", in: app))
    #expect(error.contains("the answer of \(server.baseURL)malformed/"))
    #expect(error.contains("is not JSON"))
  }

  @Test func aServerErrorOffersARetryThatWorks() async throws {
    let server = try await FaultServer.start()
    defer { Task { await server.stop() } }
    let (app, _) = try Self.list("broken/", on: server)
    try await app.settle()
    let error = try #require(Self.row(startingWith: "Could not load", in: app))
    #expect(error.contains("answered 500: the database is down"))
    server.fix()
    try app.tap(error)
    try await app.settle()
    #expect(app.texts == [Self.items(1...7) + ["Load more…"]])
  }

  @Test func aRequestThatNeverAnswersTimesOut() async throws {
    let server = try await FaultServer.start()
    defer { Task { await server.stop() } }
    // Long enough for a loaded machine to answer the request that does answer.
    let (app, _) = try Self.list("slow/", on: server, timeout: .seconds(2))
    try await app.settle()
    let error = try #require(Self.row(startingWith: "Could not load", in: app))
    #expect(error.contains("no answer within"))
    server.fix()
    try app.tap(error)
    try await app.settle()
    #expect(app.texts == [Self.items(1...7) + ["Load more…"]])
  }

  @Test func aServerKilledMidBatchCanBeRetriedWhenItIsBack() async throws {
    let server = try await FaultServer.start()
    let (app, _) = try Self.list("items/", on: server)
    try await app.settle()
    await server.stop()
    try app.tap("Load more…")
    try await app.settle()
    let error = try #require(Self.row(startingWith: "Could not load", in: app))
    #expect(error.contains("could not reach"))
    #expect(Array(app.texts.joined().prefix(7)) == Self.items(1...7), "the rows stay")
    let again = try await FaultServer.start(port: server.port)
    defer { Task { await again.stop() } }
    try app.tap(error)
    try await app.settle()
    #expect(app.texts == [Self.items(1...14) + ["Load more…"]])
  }

  /// The list read the failed page again by itself (its automatic retry) while the screen
  /// still showed the error row; a tap on that row then changes nothing, and no page is lost.
  @Test func aTapOnAnErrorRowTheRetryAlreadyAnsweredKeepsThePages() async throws {
    let server = try await FaultServer.start()
    let (app, section) = try Self.list("items/", on: server)
    try await app.settle()
    await server.stop()
    try app.tap("Load more…")
    try await app.settle()
    let error = try #require(Self.row(startingWith: "Could not load", in: app))
    let again = try await FaultServer.start(port: server.port)
    defer { Task { await again.stop() } }
    // The automatic retry starts before the screen has shown it…
    try #require(section.loadingSection.asyncCache).retry()
    // …and the person taps the error row the screen still shows.
    try app.tap(error)
    try await app.settle()
    #expect(app.texts == [Self.items(1...14) + ["Load more…"]])
    #expect(app.host.violations.isEmpty)
  }

  @Test func aMistypedResultsKeyIsNamedWithASuggestion() async throws {
    let server = try await FaultServer.start()
    defer { Task { await server.stop() } }
    let (app, _) = try Self.list("renamed/", on: server)
    try await app.settle()
    let error = try #require(Self.row(startingWith: "Could not load", in: app))
    #expect(error.contains("has no 'results'"))
    #expect(error.contains("did you mean 'result'?"))
  }

  @Test func aKeyNoObjectHasIsNamedWithASuggestion() async throws {
    let server = try await FaultServer.start()
    defer { Task { await server.stop() } }
    let (app, _) = try Self.list("items/", on: server, keys: "name;rnak")
    try await app.settle()
    let error = try #require(Self.row(startingWith: "Could not load", in: app))
    #expect(error.contains("names 'rnak', which no object"))
    #expect(error.contains("did you mean 'rank'?"))
  }

  @Test func aBadDefinitionIsRefusedWithItsKeys() throws {
    var service = WebServiceDefinition(
      baseURL: "localhost:8000", fetchObjectsAPI: "http://x/api", resultsKeyName: "results",
      resultsDictionaryKeyNamesString: "name;email")
    service.updateObject = .init(method: "PTACH", path: "{list}")
    #expect {
      try WebServiceStore(service)
    } throws: { error in
      let text = "\(error)"
      return text.contains("baseURL") && text.contains("fetchObjectsAPI")
        && text.contains("did you mean 'PATCH'?") && text.contains("has no {id}")
    }
  }
}
