import Foundation
import NIOCore
import Testing
import Trellis
import TrellisTesting
import TrellisWebService

/// A service announces no one's changes: a store given a `pollInterval` has the lists that
/// show it read the service again, so another program's change reaches them.
@Suite("Web service: polling for others' changes")
struct PollingTests {
  @Test func anOpenListShowsANoteAnotherProgramAdded() async throws {
    let (server, notes) = await InsertWithoutIdentityTests.start()
    var definition = WebServiceDefinition.djangoREST(
      baseURL: server.baseURL, resource: "notes/", keys: "name;stamp")
    definition.pollInterval = .milliseconds(200)
    let (app, _) = try await WebServiceStore(definition).openList()
    #expect(app.texts == [["N1", "N2"]])
    _ = notes.add(ByteBuffer(string: #"{"name": "From elsewhere"}"#))
    try await app.settle(until: { app.texts == [["N1", "N2", "From elsewhere"]] })
    await server.stop()
  }

  @Test func withoutAnIntervalNothingIsReadAgain() async throws {
    let (server, notes) = await InsertWithoutIdentityTests.start()
    let store = try InsertWithoutIdentityTests.store(server)
    #expect(store.definition.pollInterval == nil)
    let (app, _) = try await store.openList()
    _ = notes.add(ByteBuffer(string: #"{"name": "Unseen"}"#))
    let seen = await app.wait(
      until: {
        app.navigator.processChanges()
        return app.texts.joined().contains("Unseen")
      }, timeout: .seconds(1))
    #expect(!seen)
    await server.stop()
  }
}
