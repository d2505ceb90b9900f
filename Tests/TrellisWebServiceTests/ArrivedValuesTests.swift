import Foundation
import Hummingbird
import Synchronization
import Testing
import Trellis
import TrellisTesting
import TrellisWeb
import TrellisWebService

/// A web service's objects change only on the domain that shows them: what a read, an insert
/// or an update brings in the background waits until that domain applies it, so that no host
/// reads an object while a task changes it, and every change reaches the rows that show it.
@Suite("Web service: values arrive on the domain")
struct ArrivedValuesTests {
  /// A Store API of three notes on loopback, and a store over it.
  struct Service {
    let server: LoopbackServer
    let store: WebServiceStore
    let memory: MemoryStore
  }

  static func start(keys: String = "name", notes: Int = 3) async throws -> Service {
    let (memory, api) = try StoreAPI.notes(count: notes)
    let server = await LoopbackServer.start { running in
      let router = Router()
      api.register(on: router)
      return Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in await running(channel.localAddress?.port ?? 0) })
    }
    let service = WebServiceDefinition.djangoREST(
      baseURL: server.baseURL, resource: "api/notes/", keys: keys)
    return Service(server: server, store: try WebServiceStore(service), memory: memory)
  }

  static func values(_ item: Value) throws -> ValueDictionary {
    let object = try #require(item.objectValue as? DocumentObject)
    return object.root.dictionaryValue ?? [:]
  }

  @Test func aNewObjectTakesItsIdOnItsDomainAfterTheInsert() async throws {
    let service = try await Self.start()
    let item = try service.store.create()
    _ = try (item.objectValue as? KeyValueCoding)?.setValues([("name", .string("Fresh"))])
    let write = try service.store.prepareInsert(item, at: nil)
    try await write.run()
    // The service has it; the object, which a form may be showing, does not yet.
    #expect(try service.memory.fetch(FetchOptions()).count == 4)
    let before = try Self.values(item)
    #expect(before["id"] == nil || before["id"] == .null)
    let followUp = try #require(write.followUp)
    let next = try followUp()
    #expect(next == nil)
    #expect(try Self.values(item)["id"] == .int(4))
    #expect(try Self.values(item)["name"] == "Fresh")
    await service.server.stop()
  }

  @Test func anUpdatedObjectTakesTheServicesAnswerOnItsDomain() async throws {
    let service = try await Self.start()
    let page = try await service.store.fetchPage(FetchOptions(), from: nil)
    let first = try #require(page.items.first)
    let write = try service.store.prepareUpdate(first, values: ["name": "Renamed"])
    try await write.run()
    #expect(try Self.values(first)["name"] == "N1")
    let followUp = try #require(write.followUp)
    _ = try followUp()
    #expect(try Self.values(first)["name"] == "Renamed")
    await service.server.stop()
  }

  @Test func aKnownObjectReadAgainWaitsForItsDomain() async throws {
    let service = try await Self.start()
    let first = try #require(
      try await service.store.fetchPage(FetchOptions(), from: nil).items.first)
    // Another client renames it on the service.
    let stored = try #require(
      try service.memory.fetch(FetchOptions()).first?.objectValue as? DocumentObject)
    stored.replaceRoot(["id": .int(1), "name": "Elsewhere"])
    let again = try await service.store.fetchPage(FetchOptions(), from: nil)
    #expect(again.items.first == first, "one object per record")
    #expect(try Self.values(first)["name"] == "N1")
    service.store.applyArrivedValues()
    #expect(try Self.values(first)["name"] == "Elsewhere")
    await service.server.stop()
  }

  /// A list draws its rows from the store's reports, not by observing the objects: a known
  /// object that takes new values from a refresh is reported updated, and its row shows them;
  /// one read again unchanged is not.
  @Test func aRefreshedObjectsRowShowsItsNewValues() async throws {
    let service = try await Self.start()
    let (app, section) = try await service.store.openList()
    #expect(section.rowsFollowStore)
    #expect(app.host.texts == [["N1", "N2", "N3"]])
    let heard = Mutex<[StoreChange]>([])
    let token = service.store.observe { change in heard.withLock { $0.append(change) } }
    // Another client renames the second note on the service.
    let stored = try service.memory.fetch(FetchOptions())[1].objectValue as? DocumentObject
    stored?.replaceRoot(["id": .int(2), "name": "Elsewhere"])
    try app.send(.refresh)
    try await app.settle(until: { app.host.texts == [["N1", "Elsewhere", "N3"]] })
    let second = section.currentItems[1]
    #expect(heard.withLock { $0.filter { $0 == .updated(second) }.count } == 1)
    #expect(heard.withLock { $0.contains { $0 == .updated(section.currentItems[0]) } } == false)
    #expect(app.host.violations.isEmpty)
    token.cancel()
    await service.server.stop()
  }

  @Test func aListsInsertShowsTheNewObjectWithItsId() async throws {
    let service = try await Self.start()
    let (app, section) = try await service.store.openList()
    let item = try service.store.create()
    _ = try (item.objectValue as? KeyValueCoding)?.setValues([("name", .string("Fresh"))])
    try section.store.insert(item, at: nil)
    try await app.settle()
    #expect(try Self.values(item)["id"] == .int(4))
    #expect(app.host.texts.first?.contains("Fresh") == true)
    await service.server.stop()
  }

  /// The list under a new note's form may take the service's answer (the note's id) before
  /// the form hears that its Done succeeded: the form shows the id all the same.
  @Test func aNewItemsFormShowsTheIdItsListAppliedFirst() async throws {
    let service = try await Self.start(keys: "id;name")
    let (app, section) = try await service.store.openList(addItemText: "New note")
    let model = try #require(section.model)
    try app.tap("New note")
    let form = app.top
    #expect(form !== app.navigator.stack.first)
    try app.enter("Fresh", at: "Name")
    try app.send(.done)
    // Only the list is processed until it shows the new note: the form is not told yet that
    // its Done succeeded.
    let shown = await app.wait(until: {
      model.processChanges()
      return section.currentItems.count >= 4
    })
    #expect(shown, "the list did not show the new note")
    let note = try #require(
      section.currentItems.first { (try? Self.values($0)["name"]) == "Fresh" })
    #expect(try Self.values(note)["id"] == .int(4))
    // The form, rendered, shows what its object holds.
    try app.host(for: form).verifyFresh()
    await service.server.stop()
  }
}
