import Foundation
import Hummingbird
import Testing
import Trellis
import TrellisTesting
import TrellisWebService

/// A service that answers a new record without its id: the new object takes what the service
/// answered all the same, and lists read the service again to show the record with its id.
@Suite("Web service: an insert answered without an id")
struct InsertWithoutIdentityTests {
  /// Notes kept in memory, listed with their ids; a new note is answered with its name and
  /// the stamp the service gave it, but no id.
  final class Notes: Sendable {
    private let names = Locked(["N1", "N2"])

    var count: Int { names.withLock { $0.count } }

    func page() -> String {
      let items = names.withLock { names in
        names.enumerated().map {
          "{\"id\": \($0.offset + 1), \"name\": \"\($0.element)\", \"stamp\": \"stamped\"}"
        }
      }
      return
        "{\"count\": \(items.count), \"next\": null, \"results\": [\(items.joined(separator: ", "))]}"
    }

    func add(_ body: ByteBuffer) -> String {
      let object = try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any]
      let name = object?["name"] as? String ?? ""
      names.withLock { $0.append(name) }
      return "{\"name\": \"\(name)\", \"stamp\": \"stamped\"}"
    }
  }

  static func start() async -> (LoopbackServer, Notes) {
    let notes = Notes()
    let server = await LoopbackServer.start { running in
      let router = Router()
      router.get("notes/") { _, _ in Self.json(notes.page()) }
      router.post("notes/") { request, _ in
        let body = try await request.body.collect(upTo: 1 << 16)
        return Self.json(notes.add(body), status: .created)
      }
      return Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in await running(channel.localAddress?.port ?? 0) })
    }
    return (server, notes)
  }

  static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  static func store(_ server: LoopbackServer) throws -> WebServiceStore {
    try WebServiceStore(
      .djangoREST(baseURL: server.baseURL, resource: "notes/", keys: "name;stamp"))
  }

  @Test func aNoteAddedInAFormTakesTheAnswerAndTheListShowsTheRecordOnce() async throws {
    let (server, notes) = await Self.start()
    let (app, section) = try await Self.store(server).openList(addItemText: "New note")
    try app.tap("New note")
    let form = app.top
    let object = try #require(form.draft?.object as? DocumentObject)
    try app.enter("Fresh", at: "Name")
    try app.send(.done)
    try await app.settle()
    #expect(app.top !== form, "Done did not close the form")
    #expect(notes.count == 3)
    // The form's object took what the service answered.
    #expect(object.root.dictionaryValue?["stamp"] == "stamped")
    // The list read the service again: the new note is there once, as the service keeps it.
    let names = section.currentItems.compactMap {
      ($0.objectValue as? DocumentObject)?.root.dictionaryValue?["name"]?.stringValue
    }
    #expect(names.sorted() == ["Fresh", "N1", "N2"])
    let fresh = try #require(
      section.currentItems.first {
        ($0.objectValue as? DocumentObject)?.root.dictionaryValue?["name"] == "Fresh"
      })
    #expect((fresh.objectValue as? DocumentObject)?.root.dictionaryValue?["id"] == .int(3))
    #expect(app.host.violations.isEmpty)
    await server.stop()
  }

  @Test func aDirectInsertGivesTheObjectTheAnswerAtOnce() async throws {
    let (server, _) = await Self.start()
    let store = try Self.store(server)
    let item = try store.create()
    _ = try (item.objectValue as? KeyValueCoding)?.setValues([("name", .string("Direct"))])
    try await store.insert(item, at: nil)
    let object = try #require(item.objectValue as? DocumentObject)
    #expect(object.root.dictionaryValue?["stamp"] == "stamped")
    await server.stop()
  }
}
