import Foundation
import Hummingbird
import Testing
import Trellis
import TrellisTesting
import TrellisWebService

/// A service that sets its own page size (it takes no page size parameter): a list read again
/// (a pull to refresh, a poll) keeps the pages it held instead of dropping back to the first.
@Suite("Web service: pages of the service's own size")
struct FixedPageSizeTests {
  static let pageSize = 7

  /// A service of `count` notes, `pageSize` a page, each page naming the next by its number.
  static func start(count: Int) async -> LoopbackServer {
    await LoopbackServer.start { running in
      let router = Router()
      router.get("notes/") { request, _ in
        let page = request.uri.queryParameters.get("page", as: Int.self) ?? 1
        let first = (page - 1) * pageSize
        let names = (first..<min(first + pageSize, count)).map {
          "{\"id\": \($0 + 1), \"name\": \"Note \($0 + 1)\"}"
        }
        let next = first + pageSize < count ? "\"/notes/?page=\(page + 1)\"" : "null"
        return InsertWithoutIdentityTests.json(
          "{\"count\": \(count), \"next\": \(next), \"results\": [\(names.joined(separator: ", "))]}"
        )
      }
      return Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in await running(channel.localAddress?.port ?? 0) })
    }
  }

  @Test func aRefreshKeepsThePagesTheListHeld() async throws {
    let server = await Self.start(count: 30)
    let store = try WebServiceStore(
      .djangoREST(baseURL: server.baseURL, resource: "notes/", keys: "name"))
    let (app, _) = try await store.openList()
    #expect(app.texts[0].filter { $0.hasPrefix("Note") }.count == 7)
    for pages in 2...3 {
      try app.send(.loadMore(section: 0))
      try await app.settle(until: {
        app.texts[0].filter { $0.hasPrefix("Note") }.count == pages * Self.pageSize
      })
    }
    try app.send(.refresh)
    try await app.settle()
    let notes = app.texts[0].filter { $0.hasPrefix("Note") }
    #expect(notes == (1...21).map { "Note \($0)" })
    await server.stop()
  }

  /// A list at an address the service does not have (a wrong base URL or path) says so: a
  /// 404 there is no object someone deleted.
  @Test func aListAtAnAddressTheServiceLacksSaysSo() async throws {
    let server = await Self.start(count: 3)
    let store = try WebServiceStore(
      .djangoREST(baseURL: server.baseURL, resource: "nothere/", keys: "name"))
    let (app, _) = try await store.openList()
    let shown = app.texts.joined().joined(separator: " ")
    #expect(shown.contains("answered 404 Not Found: the service has no list at this address"))
    #expect(!shown.contains("deleted"))
    do {
      try await store.insert(try store.create(), at: 0)
      Issue.record("the service took a new note at an address it does not have")
    } catch {
      #expect(error.message(item: "note").contains("no list at this address"))
    }
    await server.stop()
  }
}
