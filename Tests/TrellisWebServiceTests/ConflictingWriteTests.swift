import Foundation
import Testing
import Trellis
import TrellisTesting
import TrellisWebService

/// A form's Done on a web service checks what it changes against the service: someone else's
/// change to the same field is a conflict that names it, other fields merge, and a write that
/// slips in between the check and the write is caught by `If-Match`.
@Suite("Conflicting writes to a web service")
struct ConflictingWriteTests {
  static func store(_ server: VersionedServer) throws -> WebServiceStore {
    var service = WebServiceDefinition.djangoREST(
      baseURL: server.baseURL, resource: "items/", keys: "name;city")
    service.name = "Person"
    return try WebServiceStore(service)
  }

  /// The item with id 1, as `store` lists it.
  static func first(_ store: WebServiceStore) async throws -> Value {
    let page = try await store.fetchPage(FetchOptions(), from: nil)
    return try #require(page.items.first)
  }

  @Test func theSameFieldChangedMeanwhileIsAConflict() async throws {
    let server = await VersionedServer.start()
    defer { Task { await server.stop() } }
    let (ann, bob) = (try Self.store(server), try Self.store(server))
    let annsItem = try await Self.first(ann)
    let bobsItem = try await Self.first(bob)
    try await bob.update(bobsItem, values: ["name": "Ada Lovelace"])
    await #expect(
      throws: StoreError.conflict([
        FieldConflict(name: "name", theirs: "Ada Lovelace", yours: "Ada King")
      ])
    ) {
      try await ann.prepareUpdate(
        annsItem, values: ["name": "Ada King"], expecting: ["name": "Ada"]
      )
      .run()
    }
    #expect(server.items.withLock { $0[1]?.name } == "Ada Lovelace", "Bob's name stays")
    // Another field merges.
    try await ann.prepareUpdate(annsItem, values: ["city": "Paris"], expecting: ["city": "London"])
      .run()
    #expect(server.items.withLock { ($0[1]?.name, $0[1]?.city) } == ("Ada Lovelace", "Paris"))
  }

  @Test func aWriteBetweenTheCheckAndTheWriteIsCaughtByIfMatch() async throws {
    let server = await VersionedServer.start()
    defer { Task { await server.stop() } }
    let ann = try Self.store(server)
    let item = try await Self.first(ann)
    server.writeBetween.withLock { $0 = "Countess Ada" }
    await #expect(
      throws: StoreError.conflict([
        FieldConflict(name: "name", theirs: "Countess Ada", yours: "Ada King")
      ])
    ) {
      try await ann.prepareUpdate(item, values: ["name": "Ada King"], expecting: ["name": "Ada"])
        .run()
    }
    #expect(server.items.withLock { $0[1]?.name } == "Countess Ada")
  }
}
