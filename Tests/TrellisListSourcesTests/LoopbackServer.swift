import Hummingbird

/// A Hummingbird application running on loopback for the length of a test.
struct LoopbackServer: Sendable {
  /// The port it listens on.
  let port: Int
  private let task: Task<Void, any Error>

  /// Starts the application `make` builds (given what to call once it listens) and returns
  /// once it listens.
  static func start<App: ApplicationProtocol>(
    _ make: (@escaping @Sendable (Int) async -> Void) -> App
  ) async -> LoopbackServer {
    let ready = AsyncStream<Int>.makeStream()
    let app = make { port in ready.continuation.yield(port) }
    let task = Task { try await app.runService() }
    var bound = 0
    for await port in ready.stream {
      bound = port
      break
    }
    return LoopbackServer(port: bound, task: task)
  }

  /// The base address.
  var baseURL: String { "http://127.0.0.1:\(port)/" }

  /// Stops the server.
  func stop() async {
    task.cancel()
    _ = await task.result
  }
}
