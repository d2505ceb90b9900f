import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Testing
import TrellisExamples
import WSClient

@testable import TrellisWeb

/// Servers, sessions and WebSocket helpers shared by the web host's tests.
enum WebTestSupport {
  /// The Origin header the test WebSocket client always sends.
  static let origin = "ws://localhost"

  static func configuration(maxSessions: Int = 20) -> WebConfiguration {
    var configuration = WebConfiguration(
      host: "127.0.0.1", port: 0, maxSessionsPerApp: maxSessions, maxMessageBytes: 4096,
      allowedOrigins: [origin])
    // Every test's client is on loopback: only the app's limit applies, unless a test says.
    configuration.maxSessionsPerClient = maxSessions
    return configuration
  }

  /// A server with a Tasks app over one shared in-memory store.
  static func tasksServer(
    _ tasks: [TaskItem], maxSessions: Int = 20, deliveryInterval: Double? = nil,
    restingQuietPeriod: Duration? = nil
  ) throws -> WebServer {
    let definition = try TasksApp.taskDefinition()
    let store = MemoryStore(objects: tasks, definition: definition)
    let app = WebApp(id: "tasks", title: "Tasks") {
      Navigator(root: TasksApp.listScreen(store: store, definition: definition))
    }
    var configuration = configuration(maxSessions: maxSessions)
    if let deliveryInterval { configuration.deliveryInterval = deliveryInterval }
    if let restingQuietPeriod { configuration.restingQuietPeriod = restingQuietPeriod }
    return try WebServer(apps: [app], configuration: configuration)
  }

  /// The session id and token a page carries.
  static func session(in html: String) -> (id: String, token: String)? {
    guard let id = attribute("data-session", in: html),
      let token = attribute("data-token", in: html)
    else { return nil }
    return (id, token)
  }

  static func attribute(_ name: String, in html: String) -> String? {
    guard let start = html.range(of: "\(name)=\"") else { return nil }
    guard let end = html[start.upperBound...].firstIndex(of: "\"") else { return nil }
    return String(html[start.upperBound..<end])
  }

  /// Opens a page of app `app` and returns its session.
  static func openPage(_ client: some TestClientProtocol, app: String = "tasks") async throws
    -> (id: String, token: String, html: String)
  {
    let response = try await client.execute(uri: "/apps/\(app)", method: .get)
    let html = String(buffer: response.body)
    let found = try #require(session(in: html))
    return (found.id, found.token, html)
  }

  static func wsPath(app: String = "tasks", _ session: (id: String, token: String, html: String))
    -> String
  {
    "/ws?app=\(app)&session=\(session.id)&token=\(session.token)"
  }

  /// The keys of the rows an HTML text draws, in order (`data-row`).
  static func rowKeys(in html: String) -> [String] {
    var keys: [String] = []
    var rest = Substring(html)
    while let start = rest.range(of: "data-row=\"") {
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(of: "\"") else { break }
      keys.append(String(rest[..<end]))
      rest = rest[end...]
    }
    return keys
  }

  /// The keys of the rows of a `screen` message.
  static func rowKeys(_ message: [String: Any]) -> [String] {
    rowKeys(in: message["html"] as? String ?? "")
  }

  static var wsConfiguration: WebSocketClientConfiguration {
    WebSocketClientConfiguration(maxFrameSize: 1 << 20)
  }
}

/// The socket closed while a test waited for a message.
struct SocketClosed: Error {}

/// Reads JSON messages from a WebSocket.
struct MessageReader {
  var iterator: WebSocketInboundMessageStream.AsyncIterator

  init(_ inbound: WebSocketInboundStream) {
    iterator = inbound.messages(maxSize: .max).makeAsyncIterator()
  }

  /// The next message as a JSON object.
  mutating func next() async throws -> [String: Any] {
    guard case .text(let text)? = try await iterator.next() else {
      throw SocketClosed()
    }
    return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
  }

  /// Skips messages until one of type `type` arrives.
  mutating func next(_ type: String) async throws -> [String: Any] {
    for _ in 0..<50 {
      let message = try await next()
      if message["type"] as? String == type { return message }
    }
    Issue.record("no '\(type)' message arrived")
    return [:]
  }
}

extension WebSocketOutboundWriter {
  /// Sends one JSON message.
  func send(_ json: String) async throws {
    try await write(.text(json))
  }
}
