import Foundation
import Hummingbird
import Logging
import Trellis

/// A real HTTP server on loopback whose objects have versions: `GET /items/ID/` answers an
/// `ETag` and `PATCH /items/ID/` with an `If-Match` that no longer holds answers 412, as a
/// service with optimistic locking does.
///
/// ``writeBetween`` makes the next read of an object followed at once by another person's
/// write to it: the race a conditional write exists for.
final class VersionedServer: Sendable {
  struct Item: Sendable {
    var name: String
    var city: String
    var version = 1
  }

  let items: Locked<[Int: Item]>

  /// The JSON of item `id`.
  static func json(_ id: Int, _ item: Item) -> String {
    #"{"id": \#(id), "name": "\#(item.name)", "city": "\#(item.city)"}"#
  }
  /// A name written to the object read next, right after that read.
  let writeBetween: Locked<String?>
  private let server: LoopbackServer

  var baseURL: String { server.baseURL }

  static func start() async -> VersionedServer {
    let items = Locked([1: Item(name: "Ada", city: "London"), 2: Item(name: "Ben", city: "Leeds")])
    let between = Locked<String?>(nil)
    var logger = Logger(label: "versioned-server")
    logger.logLevel = .critical
    let router = Router()
    router.get("items/") { _, _ in
      let list = items.withLock {
        $0.sorted { $0.key < $1.key }.map { Self.json($0.key, $0.value) }
      }
      return
        #"{"count": \#(list.count), "next": null, "results": [\#(list.joined(separator: ","))]}"#
    }
    router.get("items/:id/") { _, context -> Response in
      let id = Int(context.parameters.get("id") ?? "") ?? 0
      guard let item = items.withLock({ $0[id] }) else { return Response(status: .notFound) }
      if let name = between.withLock({ value in
        defer { value = nil }
        return value
      }) {
        items.withLock {
          $0[id]?.name = name
          $0[id]?.version += 1
        }
      }
      var headers = HTTPFields()
      headers[.eTag] = "\"\(item.version)\""
      headers[.contentType] = "application/json"
      return Response(
        status: .ok, headers: headers,
        body: .init(byteBuffer: ByteBuffer(string: Self.json(id, item))))
    }
    router.patch("items/:id/") { request, context -> Response in
      let id = Int(context.parameters.get("id") ?? "") ?? 0
      let body = try await request.body.collect(upTo: 1 << 16)
      let values =
        (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
      let expected = request.headers[.ifMatch]
      let answer: (HTTPResponse.Status, String) = items.withLock { items in
        guard var item = items[id] else { return (.notFound, "{}") }
        if let expected, expected != "\"\(item.version)\"" { return (.preconditionFailed, "{}") }
        if let name = values["name"] as? String { item.name = name }
        if let city = values["city"] as? String { item.city = city }
        item.version += 1
        items[id] = item
        return (.ok, Self.json(id, item))
      }
      var headers = HTTPFields()
      headers[.contentType] = "application/json"
      return Response(
        status: answer.0, headers: headers, body: .init(byteBuffer: ByteBuffer(string: answer.1)))
    }
    let server = await LoopbackServer.start { running in
      Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in await running(channel.localAddress?.port ?? 0) },
        logger: logger)
    }
    return VersionedServer(items: items, writeBetween: between, server: server)
  }

  private init(items: Locked<[Int: Item]>, writeBetween: Locked<String?>, server: LoopbackServer) {
    self.items = items
    self.writeBetween = writeBetween
    self.server = server
  }

  func stop() async { await server.stop() }
}
