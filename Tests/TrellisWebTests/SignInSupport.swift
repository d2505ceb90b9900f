import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TrellisExamples

@testable import TrellisWeb

#if canImport(Glibc)
  import Glibc
#endif

/// People files, servers with sign-in, and an HTTP helper that keeps the session cookie.
enum SignInSupport {
  /// Ann and Bob, members, with their passwords.
  static let members: [(name: String, password: String, roles: Set<String>)] = [
    ("ann", "ann-secret", ["member"]), ("bob", "bob-secret", ["member"]),
  ]

  /// A people file in the temporary folder holding `people`, hashed at bcrypt's lowest cost.
  static func people(_ people: [(name: String, password: String, roles: Set<String>)] = members)
    async throws -> SQLitePeopleStore
  {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-people-\(UUID().uuidString).sqlite").path
    let store = try SQLitePeopleStore(path: path)
    for entry in people {
      let hash = try await PasswordHasher.hash(entry.password, cost: 4)
      try await store.add(
        PersonRecord(person: Person(name: entry.name, roles: entry.roles), passwordHash: hash))
    }
    return store
  }

  /// The tests' configuration with sign-in over `people`.
  static func configuration(
    _ people: any PeopleStore, lifetime: Duration = .seconds(3600), maxSessions: Int = 20
  ) -> WebConfiguration {
    var configuration = WebTestSupport.configuration(maxSessions: maxSessions)
    var signIn = SignIn(people: people, sessionLifetime: lifetime)
    signIn.bcryptCost = 4
    configuration.signIn = signIn
    return configuration
  }

  /// A Tasks app over an in-memory store, served with `configuration`.
  static func tasksServer(_ configuration: WebConfiguration) throws -> WebServer {
    let definition = try TasksApp.taskDefinition()
    let store = MemoryStore(objects: [TaskItem(name: "Water the plants")], definition: definition)
    let app = WebApp(id: "tasks", title: "Tasks") {
      Navigator(root: TasksApp.listScreen(store: store, definition: definition))
    }
    return try WebServer(apps: [app], configuration: configuration)
  }

  /// `text` as a form value.
  static func formValue(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
  }

  /// The first line of the server's answer to a WebSocket upgrade of `path`, sent on a
  /// connection of its own with `cookie`: `HTTP/1.1 101 Switching Protocols`, or a refusal.
  ///
  /// The socket is read on a thread of its own, not the test's: a blocking read on the
  /// cooperative pool would hold one of its few threads, and with every one of them held the
  /// server could never answer.
  static func upgradeStatus(port: Int, path: String, token: String?) async throws -> String {
    var request = "GET \(path) HTTP/1.1\r\nHost: localhost:\(port)\r\nUpgrade: websocket\r\n"
    request += "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    request += "Sec-WebSocket-Version: 13\r\nOrigin: \(WebTestSupport.origin)\r\n"
    if let token { request += "Cookie: \(SessionToken.cookieName)=\(token)\r\n" }
    request += "\r\n"
    let answer = await withCheckedContinuation { continuation in
      Thread { [request] in
        continuation.resume(returning: exchange(port: port, request: request))
      }.start()
    }
    return try #require(answer, "no answer from the server within 10 seconds")
  }

  /// Sends `request` on a new loopback connection and returns the first line of the answer,
  /// or `nil` if it cannot connect or nothing arrives within 10 seconds. Blocks.
  private static func exchange(port: Int, request: String) -> String? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return nil }
    _ = request.withCString { send(fd, $0, strlen($0), 0) }
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = recv(fd, &buffer, buffer.count, 0)
    guard count > 0 else { return nil }
    let text = String(decoding: buffer.prefix(count), as: UTF8.self)
    return String(text.split(separator: "\r\n").first ?? "")
  }
}

/// An answer, with what sign-in cares about.
struct SignInReply: Sendable {
  var status: HTTPResponse.Status
  var location: String?
  var setCookie: String?
  var retryAfter: String?
  var referrerPolicy: String?
  var text: String

  /// The session token the answer's cookie gives, when it gives one.
  var token: String? {
    guard let setCookie, setCookie.hasPrefix(SessionToken.cookieName + "=") else { return nil }
    let value = setCookie.dropFirst(SessionToken.cookieName.count + 1).prefix { $0 != ";" }
    return value.isEmpty ? nil : String(value)
  }
}

extension TestClientProtocol {
  /// Sends the sign-in form.
  func signIn(
    _ name: String, _ password: String, next: String? = nil, headers extra: HTTPFields = [:]
  ) async throws -> SignInReply {
    var body = "name=\(SignInSupport.formValue(name))&password=\(SignInSupport.formValue(password))"
    if let next { body += "&next=\(SignInSupport.formValue(next))" }
    var headers = extra
    headers[.contentType] = "application/x-www-form-urlencoded"
    if headers[.origin] == nil { headers[.origin] = WebTestSupport.origin }
    return try await send(.post, "/sign-in", token: nil, headers: headers, body: body)
  }

  /// Signs in and returns the session token; the test fails without one.
  func token(_ name: String, _ password: String) async throws -> String {
    let reply = try await signIn(name, password)
    #expect(reply.status == .seeOther)
    return try #require(reply.token)
  }

  /// Sends a request with the session cookie of `token`.
  func send(
    _ method: HTTPRequest.Method, _ uri: String, token: String?, headers extra: HTTPFields = [:],
    body: String? = nil
  ) async throws -> SignInReply {
    var headers = extra
    if let token { headers[.cookie] = "\(SessionToken.cookieName)=\(token)" }
    if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
    let response = try await execute(
      uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    return SignInReply(
      status: response.status, location: response.headers[.location],
      setCookie: response.headers[.setCookie], retryAfter: response.headers[.retryAfter],
      referrerPolicy: HTTPField.Name("Referrer-Policy").flatMap { response.headers[$0] },
      text: String(buffer: response.body))
  }
}
