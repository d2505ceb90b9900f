import Foundation
import Hummingbird
import Logging
import Trellis

/// A real HTTP server on loopback that misbehaves on purpose, one way per path: the faults a
/// web-service list must survive.
///
/// - `/items/`: 40 items in Django REST framework's shape (`results`, `next`, `count`), pages
///   of `page_size`.
/// - `/repeat/`: like `/items/`, but each page starts with the last three items of the one
///   before.
/// - `/loop/`: a page whose next link is itself.
/// - `/malformed/`: JSON cut short.
/// - `/broken/`: 500 until `/fix/` is posted.
/// - `/slow/`: never answers until `/fix/` is posted.
/// - `/renamed/`: the list under `result`, not `results`.
final class FaultServer: Sendable {
  private let fixed: Locked<Bool>
  private let task: Task<Void, any Error>
  /// The port it listens on.
  let port: Int

  /// Starts a server on `port` (a free one when 0) and returns once it listens.
  static func start(port: Int = 0, items: Int = 40) async throws -> FaultServer {
    let ready = AsyncStream<Int>.makeStream()
    let fixed = Locked(false)
    var logger = Logger(label: "fault-server")
    logger.logLevel = .critical
    let app = Application(
      router: router(items: items, fixed: fixed),
      configuration: .init(address: .hostname("127.0.0.1", port: port)),
      onServerRunning: { channel in ready.continuation.yield(channel.localAddress?.port ?? 0) },
      logger: logger)
    let task = Task { try await app.runService() }
    var bound = 0
    for await port in ready.stream {
      bound = port
      break
    }
    return FaultServer(fixed: fixed, task: task, port: bound)
  }

  private init(fixed: Locked<Bool>, task: Task<Void, any Error>, port: Int) {
    self.fixed = fixed
    self.task = task
    self.port = port
  }

  /// The base address.
  var baseURL: String { "http://127.0.0.1:\(port)/" }

  /// Stops the server; requests then find no one listening.
  func stop() async {
    task.cancel()
    _ = await task.result
  }

  /// Makes `/broken/` and `/slow/` answer like `/items/`.
  func fix() { fixed.withLock { $0 = true } }

  /// Item `number` as JSON.
  private static func item(_ number: Int) -> String {
    "{\"id\": \(number), \"name\": \"Item \(number)\", \"rank\": \(number)}"
  }

  /// A page of `count` items at `path`, each after the first starting `overlap` items early.
  @Sendable private static func page(_ request: Request, count: Int, path: String, overlap: Int = 0)
    -> Response
  {
    let size = max(1, request.uri.queryParameters.get("page_size", as: Int.self) ?? 7)
    let number = max(1, request.uri.queryParameters.get("page", as: Int.self) ?? 1)
    let start = max(0, (number - 1) * size - (number > 1 ? overlap : 0))
    let end = min(count, (number - 1) * size + size)
    let host = request.head.authority ?? "127.0.0.1"
    let next =
      end < count ? "\"http://\(host)/\(path)/?page=\(number + 1)&page_size=\(size)\"" : "null"
    let items = start < end ? (start + 1...end).map(item).joined(separator: ", ") : ""
    return json("{\"count\": \(count), \"next\": \(next), \"results\": [\(items)]}")
  }

  private static func router(items count: Int, fixed: Locked<Bool>) -> Router<BasicRequestContext> {
    let router = Router()
    router.get("items/") { request, _ in page(request, count: count, path: "items") }
    router.get("repeat/") { request, _ in page(request, count: count, path: "repeat", overlap: 3) }
    router.get("loop/") { request, _ in
      let host = request.head.authority ?? "127.0.0.1"
      return json("{\"next\": \"http://\(host)/loop/\", \"results\": [\(item(1))]}")
    }
    router.get("malformed/") { _, _ in json("{\"results\": [{\"id\": 1, \"name\"") }
    router.get("renamed/") { _, _ in json("{\"result\": [\(item(1))]}") }
    router.get("broken/") { request, _ in
      guard fixed.withLock({ $0 }) else {
        return json("{\"detail\": \"the database is down\"}", status: .internalServerError)
      }
      return page(request, count: count, path: "broken")
    }
    router.get("slow/") { request, _ in
      while !fixed.withLock({ $0 }) {
        try await Task.sleep(for: .milliseconds(20))
      }
      return page(request, count: count, path: "slow")
    }
    return router
  }
}

/// A JSON answer.
private func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
  Response(
    status: status, headers: [.contentType: "application/json"],
    body: .init(byteBuffer: ByteBuffer(string: text)))
}
