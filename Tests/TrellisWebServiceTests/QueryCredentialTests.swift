import Foundation
import Hummingbird
import Testing
import Trellis
import TrellisTesting
import TrellisWeb
import TrellisWebService

/// An API key that a security scheme takes in the query goes with every request the scheme
/// covers, writes as well as reads, and never into the messages that name an address.
@Suite("Web service: a key in the query")
struct QueryCredentialTests {
  /// Notes each request's method and query before the Store API answers it.
  struct QueryLog<Context: RequestContext>: RouterMiddleware {
    let requests: Locked<[(method: String, query: String)]>

    func handle(
      _ request: Request, context: Context,
      next: (Request, Context) async throws -> Response
    ) async throws -> Response {
      requests.withLock { $0.append((request.method.rawValue, request.uri.query ?? "")) }
      return try await next(request, context)
    }
  }

  @Test func theKeyGoesWithReadsAndWrites() async throws {
    let (_, api) = try StoreAPI.notes()
    let requests = Locked<[(method: String, query: String)]>([])
    let server = await LoopbackServer.start { running in
      let router = Router()
      router.add(middleware: QueryLog(requests: requests))
      api.register(on: router)
      return Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in await running(channel.localAddress?.port ?? 0) })
    }
    var service = WebServiceDefinition.djangoREST(
      baseURL: server.baseURL, resource: "api/notes/", keys: "name")
    service.queryParameters = ["api_key": "s3cret"]
    let store = try WebServiceStore(service)
    let page = try await store.fetchPage(FetchOptions(batchSize: 2), from: nil)
    #expect(page.items.count == 2)
    if let next = page.next {
      _ = try await store.fetchPage(FetchOptions(batchSize: 2), from: next)
    }
    let first = try #require(page.items.first)
    try await store.update(first, values: ["name": "Changed"])
    let made = try store.create()
    try await store.insert(made, at: nil)
    try await store.delete(made)
    await #expect(throws: StoreError.self) {
      let gone = Value.object(ObjectReference(DocumentObject(["id": .int(99), "name": "x"])))
      try await store.update(gone, values: ["name": "y"])
    }
    await server.stop()
    let seen = requests.withLock { $0 }
    #expect(Set(seen.map(\.method)).isSuperset(of: ["GET", "PATCH", "POST", "DELETE"]))
    for request in seen {
      #expect(request.query.contains("api_key=s3cret"), "\(request.method) ?\(request.query)")
    }
  }
}
