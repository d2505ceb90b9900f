import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Trellis

/// A small server speaking the Parse REST protocol, as seed 000's Parse tutorial uses it:
/// `/parse/classes/Item` with `limit` and `skip`, objects named by `objectId`, the
/// application-id and REST-key headers, and `{"code": 142, "error": "…"}` refusals. It keeps
/// its objects in memory, in the order they were made.
enum ParseServer {
  static let applicationID = "trellis-app"
  static let restKey = "trellis-rest-key"

  struct Item: Sendable {
    var objectId: String
    var name: String
    var rank: Int
  }

  /// The application, serving `items` (shared, so a test can reset them).
  static func application(
    items: Locked<[Item]>, onServerRunning: @escaping @Sendable (Int) async -> Void
  ) -> some ApplicationProtocol {
    var logger = Logger(label: "parse-server")
    logger.logLevel = .critical
    let router = Router()
    let next = Locked(1000)
    router.get("parse/classes/Item") { request, _ in
      guard authorized(request) else { return unauthorized() }
      let limit = request.uri.queryParameters.get("limit", as: Int.self) ?? 100
      let skip = request.uri.queryParameters.get("skip", as: Int.self) ?? 0
      let page = items.withLock { Array($0.dropFirst(skip).prefix(max(0, limit))) }
      let results = page.map(json).joined(separator: ", ")
      return answer("{\"results\": [\(results)]}")
    }
    router.post("parse/classes/Item") { request, _ in
      guard authorized(request) else { return unauthorized() }
      let body = try await request.body.collect(upTo: 1 << 16)
      guard let fields = object(body) else { return invalid("invalid JSON") }
      guard let name = fields["name"] as? String, !name.isEmpty else {
        return invalid("name is required")
      }
      let number = next.withLock { count -> Int in
        count += 1
        return count
      }
      let id = "obj\(number)"
      let rank = fields["rank"] as? Int ?? 0
      items.withLock { $0.append(Item(objectId: id, name: name, rank: rank)) }
      return answer(
        "{\"objectId\": \"\(id)\", \"createdAt\": \"2026-11-23T12:00:00.000Z\"}", .created)
    }
    router.put("parse/classes/Item/:id") { request, context in
      guard authorized(request) else { return unauthorized() }
      let id = context.parameters.get("id") ?? ""
      let body = try await request.body.collect(upTo: 1 << 16)
      guard let fields = object(body) else { return invalid("invalid JSON") }
      if let name = fields["name"] as? String, name.isEmpty { return invalid("name is required") }
      let found = items.withLock { items -> Bool in
        guard let index = items.firstIndex(where: { $0.objectId == id }) else { return false }
        if let name = fields["name"] as? String { items[index].name = name }
        if let rank = fields["rank"] as? Int { items[index].rank = rank }
        return true
      }
      guard found else {
        return answer("{\"code\": 101, \"error\": \"Object not found.\"}", .notFound)
      }
      return answer("{\"updatedAt\": \"2026-11-23T12:00:01.000Z\"}")
    }
    router.delete("parse/classes/Item/:id") { request, context in
      guard authorized(request) else { return unauthorized() }
      let id = context.parameters.get("id") ?? ""
      items.withLock { $0.removeAll { $0.objectId == id } }
      return answer("{}")
    }
    return Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
      logger: logger)
  }

  private static func authorized(_ request: Request) -> Bool {
    request.headers[HTTPField.Name("X-Parse-Application-Id")!] == applicationID
      && request.headers[HTTPField.Name("X-Parse-REST-API-Key")!] == restKey
  }

  private static func json(_ item: Item) -> String {
    "{\"objectId\": \"\(item.objectId)\", \"name\": \"\(item.name)\", \"rank\": \(item.rank), "
      + "\"createdAt\": \"2026-11-23T12:00:00.000Z\"}"
  }

  private static func object(_ body: ByteBuffer) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any]
  }

  private static func answer(_ text: String, _ status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  private static func invalid(_ message: String) -> Response {
    answer("{\"code\": 142, \"error\": \"\(message)\"}", .badRequest)
  }

  private static func unauthorized() -> Response {
    answer("{\"error\": \"unauthorized\"}", .forbidden)
  }
}
