import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisTesting
import TrellisWeb

/// A descriptor's `singleObject` over stores that load in the background (a web service on
/// loopback, serving a memory store through Trellis's Store API) and over an SQLite table.
@Suite("Descriptor sources: a single object over a web service")
struct SingleObjectSourceTests {
  /// Profiles served at `/api/profiles/`, each answer `latency` late.
  static func profiles(_ values: [ValueDictionary], latency: Duration = .zero) throws -> (
    MemoryStore, StoreAPI
  ) {
    let definition = try DataDefinition.dictionary(keys: "id;name;city")
    let memory = MemoryStore(
      items: values.enumerated().map { index, entries in
        var entries = entries
        entries["id"] = .int(index + 1)
        return .object(ObjectReference(DocumentObject(.dictionary(entries))))
      }, definition: definition)
    let api = try StoreAPI(
      store: memory, definition: definition, path: "/api/profiles/", idKey: "id",
      latency: latency)
    return (memory, api)
  }

  /// A descriptor showing the first profile at `baseURL`.
  static func descriptor(baseURL: String, in folder: URL) throws -> TableDescriptor {
    try SourceTestSupport.descriptor(
      #"""
      {"schemaVersion": 1, "title": "Profile",
       "singleObject": {"webService": {"preset": "djangoREST", "baseURL": "\#(baseURL)",
         "fetchObjectsAPI": "api/profiles/", "resultsDictionaryKeyNamesString": "name;city",
         "name": "Profile", "timeout": 5, "retry": {"attempts": 1}}}}
      """#, in: folder)
  }

  /// Each stored profile as "name city".
  static func stored(_ memory: MemoryStore) throws -> [String] {
    try memory.fetch(FetchOptions()).map { item in
      let reader = try #require(memory.itemsDefinition).reader(for: item)
      return ["name", "city"].map { reader.value($0)?.stringValue ?? "-" }
        .joined(separator: " ")
    }
  }

  @Test func theStoredObjectLoadsAndDoneUpdatesIt() async throws {
    let (memory, api) = try Self.profiles(
      [["name": "Ada", "city": "London"], ["name": "Bob", "city": "Bern"]],
      latency: .milliseconds(200))
    let server = await LoopbackServer.start { running in api.application(onServerRunning: running) }
    let folder = try SourceTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = try SourceTestSupport.app(Self.descriptor(baseURL: server.baseURL, in: folder))
    // Loading: no form yet, Done waits.
    #expect(app.top.snapshot().notice == "Loading…")
    #expect(app.top.snapshot().isBusy)
    #expect(!app.top.isDoneEnabled)
    #expect(throws: ScreenError.self) { try app.send(.done) }
    try await app.settle()
    #expect(app.top.title == "Profile")
    #expect(app.top.snapshot().notice == nil)
    #expect(app.texts == [["Name", "City"]])
    #expect(app.row("Name")?.value == "Ada")
    try app.enter("Paris", at: "City")
    try app.send(.done)
    #expect(app.top.snapshot().notice == "Saving…")
    // Hosts say "Saved." once the service accepts, not when Done is pressed.
    #expect(app.top.saves == 0)
    try await app.settle()
    #expect(try Self.stored(memory) == ["Ada Paris", "Bob Bern"])
    #expect(app.row("City")?.value == "Paris")
    #expect(app.top.draft?.hasChanges == false)
    #expect(app.top.saves == 1)
    await server.stop()
  }

  @Test func anEmptyServiceGetsItsObjectOnTheFirstDone() async throws {
    let (memory, api) = try Self.profiles([])
    let server = await LoopbackServer.start { running in api.application(onServerRunning: running) }
    let folder = try SourceTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = try SourceTestSupport.app(Self.descriptor(baseURL: server.baseURL, in: folder))
    try await app.settle()
    #expect(app.texts == [["Name", "City"]])
    try app.enter("Grace", at: "Name")
    try app.send(.done)
    try await app.settle()
    // The service's new object holds an empty city.
    #expect(try Self.stored(memory) == ["Grace "])
    // Later Dones update the object the first one inserted.
    try app.enter("Rome", at: "City")
    try app.send(.done)
    try await app.settle()
    #expect(try Self.stored(memory) == ["Grace Rome"])
    #expect(app.navigator.stack.count == 1)
    await server.stop()
  }

  /// Another client saves the profile into the empty service while the form is open.
  static func saveMeanwhile(_ entries: ValueDictionary, into memory: MemoryStore) throws {
    var entries = entries
    entries["id"] = 1
    try memory.insert(.object(ObjectReference(DocumentObject(.dictionary(entries)))), at: nil)
  }

  @Test func anObjectSavedMeanwhileIsUpdatedInsteadOfInsertingASecond() async throws {
    let (memory, api) = try Self.profiles([])
    let server = await LoopbackServer.start { running in api.application(onServerRunning: running) }
    let folder = try SourceTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = try SourceTestSupport.app(Self.descriptor(baseURL: server.baseURL, in: folder))
    try await app.settle()
    try app.enter("Grace", at: "Name")
    try Self.saveMeanwhile(["name": "", "city": "Bern"], into: memory)
    try app.send(.done)
    try await app.settle()
    // The other client left the name as the new form had it: the person's name goes in.
    #expect(try Self.stored(memory) == ["Grace Bern"])
    #expect(app.top.snapshot().notice == nil)
    #expect(app.row("Name")?.value == "Grace")
    #expect(app.row("City")?.value == "Bern")
    #expect(app.top.draft?.hasChanges == false)
    // Later Dones update that object.
    try app.enter("Rome", at: "City")
    try app.send(.done)
    try await app.settle()
    #expect(try Self.stored(memory) == ["Grace Rome"])
    await server.stop()
  }

  @Test func anObjectSavedMeanwhileWithOtherValuesShowsTheConflict() async throws {
    let (memory, api) = try Self.profiles([])
    let server = await LoopbackServer.start { running in api.application(onServerRunning: running) }
    let folder = try SourceTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = try SourceTestSupport.app(Self.descriptor(baseURL: server.baseURL, in: folder))
    try await app.settle()
    try app.enter("Grace", at: "Name")
    try Self.saveMeanwhile(["name": "Ada", "city": "London"], into: memory)
    try app.send(.done)
    try await app.settle()
    // Nothing is written over the other's name, and nothing is inserted.
    #expect(try Self.stored(memory) == ["Ada London"])
    let notice = try #require(app.top.snapshot().notice)
    #expect(notice.contains("Someone else changed Name to “Ada”"), "\(notice)")
    #expect(app.top.draft?.conflicts.map(\.name) == ["name"])
    #expect(app.row("Name")?.value == "Grace")
    #expect(app.row("City")?.value == "London")
    // Done again saves the person's name over the other's.
    try app.send(.done)
    try await app.settle()
    #expect(try Self.stored(memory) == ["Grace London"])
    #expect(app.top.snapshot().notice == nil)
    await server.stop()
  }

  @Test func aRefusedWriteKeepsTheEditsAndSaysWhy() async throws {
    let (memory, api) = try Self.profiles([["name": "Ada", "city": "London"]])
    let server = await LoopbackServer.start { running in api.application(onServerRunning: running) }
    let folder = try SourceTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = try SourceTestSupport.app(Self.descriptor(baseURL: server.baseURL, in: folder))
    try await app.settle()
    try app.enter("Oslo", at: "City")
    await server.stop()
    try app.send(.done)
    try await app.settle()
    let notice = try #require(app.top.snapshot().notice)
    #expect(notice.contains("could not reach"), "\(notice)")
    #expect(app.row("City")?.value == "Oslo")
    #expect(app.top.draft?.hasChanges == true)
    #expect(try Self.stored(memory) == ["Ada London"])
    #expect(app.top.saves == 0)
  }

  @Test func aFailedLoadSaysWhyAndDoneWaits() async throws {
    let (_, api) = try Self.profiles([])
    // Nothing listens on a port just closed.
    let server = await LoopbackServer.start { running in api.application(onServerRunning: running) }
    await server.stop()
    let folder = try SourceTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = try SourceTestSupport.app(Self.descriptor(baseURL: server.baseURL, in: folder))
    try await app.settle()
    let notice = try #require(app.top.snapshot().notice)
    #expect(notice.hasPrefix("Could not load: "), "\(notice)")
    #expect(app.texts == [])
    #expect(!app.top.isDoneEnabled)
    // Cancel loads again, and fails again the same way.
    try app.send(.cancel)
    try await app.settle()
    #expect(app.top.snapshot().notice?.hasPrefix("Could not load: ") == true)
  }

  @Test func anSQLiteTablesFirstRowIsTheForm() throws {
    let folder = try SourceTestSupport.tasksFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let descriptor = try SourceTestSupport.descriptor(
      #"""
      {"schemaVersion": 1, "title": "First task",
       "singleObject": {"sqlite": {"file": "tasks.sqlite", "table": "task",
         "keys": "Task:(name,notes)"}}}
      """#, in: folder)
    let app = try SourceTestSupport.app(descriptor)
    #expect(app.top.title == "First task")
    #expect(app.texts == [["Name", "Notes"]])
    let name = try #require(app.row("Name")?.value?.stringValue)
    try app.enter("Renamed", at: "Name")
    try app.send(.done)
    let again = try SourceTestSupport.app(descriptor)
    #expect(again.row("Name")?.value == "Renamed")
    #expect(name != "Renamed")
  }
}
