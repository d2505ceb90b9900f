import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import NIOCore
import NIOPosix
import Testing
import TrellisExamples
import WSClient

@testable import TrellisWeb

/// Connections that send nothing, send their headers slowly, or stay idle are closed.
@Suite("Connection timeouts", .timeLimit(.minutes(1)))
struct ConnectionTimeoutTests {
  /// A server whose timeouts are a fraction of a second.
  static func server(idle: Double, headers: Double) throws -> WebServer {
    try server {
      $0.idleTimeout = idle
      $0.headerTimeout = headers
    }
  }

  /// A server of one Tasks list, configured by `configure`.
  static func server(_ configure: (inout WebConfiguration) -> Void) throws -> WebServer {
    var configuration = WebTestSupport.configuration()
    configure(&configuration)
    let definition = try TasksApp.taskDefinition()
    let store = MemoryStore(objects: [TaskItem(name: "A")], definition: definition)
    let app = WebApp(id: "tasks", title: "Tasks") {
      Navigator(root: TasksApp.listScreen(store: store, definition: definition))
    }
    return try WebServer(apps: [app], configuration: configuration)
  }

  @Test func theDefaultsAreAMinuteIdleAndTenSecondsForHeaders() {
    #expect(WebConfiguration().idleTimeout == 60)
    #expect(WebConfiguration().headerTimeout == 10)
  }

  @Test func aConnectionThatSendsNothingIsClosed() async throws {
    let server = try Self.server(idle: 60, headers: 0.3)
    try await server.application().test(.live) { client in
      let socket = try await RawConnection.open(port: try #require(client.port))
      #expect(await socket.closes(within: .seconds(10)))
    }
  }

  @Test func aConnectionThatNeverFinishesItsHeadersIsClosed() async throws {
    let server = try Self.server(idle: 60, headers: 0.3)
    try await server.application().test(.live) { client in
      let socket = try await RawConnection.open(port: try #require(client.port))
      // On a busy machine the header timeout may close the connection before the first bytes
      // go out: the send then fails, and the connection is closed all the same.
      try? await socket.send("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
      #expect(await socket.closes(within: .seconds(10)))
      #expect(socket.received.isEmpty)
    }
  }

  @Test func anIdleConnectionIsClosedAfterItsAnswer() async throws {
    let server = try Self.server(idle: 0.3, headers: 60)
    try await server.application().test(.live) { client in
      let socket = try await RawConnection.open(port: try #require(client.port))
      try await socket.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
      #expect(await socket.closes(within: .seconds(10)))
      #expect(socket.received.hasPrefix("HTTP/1.1 200"))
      #expect(socket.received.contains("Trellis"))
    }
  }

  @Test func aKeptAliveConnectionsSlowSecondBodyIsClosed() async throws {
    let server = try Self.server {
      $0.idleTimeout = 60
      $0.headerTimeout = 60
      $0.bodyTimeout = 0.3
    }
    try await server.application().test(.live) { client in
      let socket = try await RawConnection.open(port: try #require(client.port))
      try await socket.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
      // Answered first: a request sent with it would start its body's time at once.
      #expect(await socket.receives("HTTP/1.1 200", within: .seconds(30)))
      // The second request promises a body it never sends in full.
      try await socket.send(
        "POST /sign-out HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\nab")
      #expect(await socket.closes(within: .seconds(10)))
      #expect(socket.received.hasPrefix("HTTP/1.1 200"))
    }
  }

  @Test func aKeptAliveConnectionsSlowNextHeadersAreClosed() async throws {
    // The next request has the idle and header timeouts together (4 s) after the answer.
    let server = try Self.server {
      $0.idleTimeout = 1
      $0.headerTimeout = 3
    }
    try await server.application().test(.live) { client in
      let socket = try await RawConnection.open(port: try #require(client.port))
      try await socket.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
      #expect(await socket.receives("HTTP/1.1 200", within: .seconds(30)))
      // A byte every tenth of a second, well within the idle timeout: the headers would take
      // 8 s to end.
      let trickle =
        "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + String(repeating: "a", count: 40)
      for byte in trickle where !socket.isClosed {
        try? await socket.send(String(byte))
        try await Task.sleep(for: .milliseconds(100))
      }
      #expect(await socket.closes(within: .seconds(10)))
      #expect(socket.received.components(separatedBy: "HTTP/1.1 200").count == 2)
    }
  }

  @Test func aKeptAliveConnectionServesRequestAfterRequest() async throws {
    let server = try Self.server {
      $0.idleTimeout = 60
      $0.headerTimeout = 4
      $0.bodyTimeout = 4
    }
    try await server.application().test(.live) { client in
      let socket = try await RawConnection.open(port: try #require(client.port))
      // Each request follows its answer by a second and a half, well within the header
      // timeout, while the four together outlast it: the timeout is per request.
      for answered in 1...4 {
        try await socket.send("GET /assets/trellis.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(await socket.receives("HTTP/1.1 200", times: answered, within: .seconds(30)))
        try await Task.sleep(for: .milliseconds(1500))
      }
      #expect(!socket.isClosed)
      _ = await socket.closes(within: .milliseconds(1))
    }
  }

  @Test func aPagesSocketOutlivesTheHeaderTimeout() async throws {
    // Long enough for the page's request and upgrade to arrive while the other test suites
    // keep both cores busy; the socket then stays open well past both.
    let server = try Self.server(idle: 3, headers: 3)
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client)
      try await client.ws(
        WebTestSupport.wsPath(page), configuration: WebTestSupport.wsConfiguration
      ) { inbound, outbound, _ in
        var reader = MessageReader(inbound)
        let first = try await reader.next("screen")
        try await Task.sleep(for: .milliseconds(4500))
        let keys = WebTestSupport.rowKeys(first)
        try await outbound.send(#"{"type":"select","row":"\#(keys[0])"}"#)
        let detail = try await reader.next("push")
        #expect((detail["html"] as? String)?.contains("<h1 class=\"title\">A</h1>") == true)
      }
    }
  }
}

/// A plain TCP connection to the server, keeping what it receives.
final class RawConnection: ChannelInboundHandler, @unchecked Sendable {
  typealias InboundIn = ByteBuffer

  private var channel: (any Channel)?
  private var bytes: [UInt8] = []

  /// Everything received so far, as text (read on the connection's event loop when closed).
  var received: String { String(decoding: bytes, as: UTF8.self) }

  static func open(port: Int) async throws -> RawConnection {
    let connection = RawConnection()
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(connection)
        }
      }
      .connect(host: "127.0.0.1", port: port).get()
    connection.channel = channel
    return connection
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    bytes += Array(buffer: unwrapInboundIn(data))
  }

  /// Whether the server closed the connection.
  var isClosed: Bool { channel.map { !$0.isActive } ?? true }

  /// Whether what the server sent contains `text` within `limit`; read on the connection's
  /// event loop, where it is written.
  func receives(_ text: String, within limit: Duration) async -> Bool {
    guard let channel else { return false }
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      let seen = try? await channel.eventLoop.submit { self.received.contains(text) }.get()
      if seen == true { return true }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return false
  }

  /// Whether what the server sent contains `text` at least `times` times within `limit`.
  func receives(_ text: String, times: Int, within limit: Duration) async -> Bool {
    guard let channel else { return false }
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      let seen = try? await channel.eventLoop.submit {
        self.received.components(separatedBy: text).count - 1
      }.get()
      if let seen, seen >= times { return true }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return false
  }

  func send(_ text: String) async throws {
    guard let channel else { return }
    try await channel.writeAndFlush(ByteBuffer(string: text)).get()
  }

  /// Whether the server closes the connection within `limit`; closes it otherwise.
  func closes(within limit: TimeAmount) async -> Bool {
    guard let channel else { return false }
    let closed = channel.eventLoop.makePromise(of: Bool.self)
    channel.closeFuture.whenComplete { _ in closed.succeed(true) }
    let timer = channel.eventLoop.scheduleTask(in: limit) { closed.succeed(false) }
    let result = (try? await closed.futureResult.get()) ?? false
    timer.cancel()
    if !result { try? await channel.close() }
    return result
  }
}
