import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import TrellisWeb

/// Connections that would hold the server's file descriptors: too many at once, a body sent a
/// byte at a time, bytes that are no HTTP.
@Suite("Connection limits", .timeLimit(.minutes(1)))
struct ConnectionLimitTests {
  static func server(most: Int? = nil, body: Double = 30) throws -> WebServer {
    try ConnectionTimeoutTests.server {
      $0.maxConnections = most
      $0.bodyTimeout = body
    }
  }

  /// Past the most, a new connection is closed as it arrives; once one closes, the next is
  /// served.
  @Test func pastTheMostANewConnectionIsClosed() async throws {
    let server = try Self.server(most: 3)
    try await server.application().test(.live) { client in
      let port = try #require(client.port)
      var held: [RawConnection] = []
      for _ in 0..<3 { held.append(try await RawConnection.open(port: port)) }
      // Each is accepted before the next is counted.
      for _ in 0..<100 where server.connections.count < 3 {
        try await Task.sleep(for: .milliseconds(20))
      }
      #expect(server.connections.count == 3)
      let refused = try await RawConnection.open(port: port)
      #expect(await refused.closes(within: .seconds(10)))
      #expect(refused.received.isEmpty)
      _ = await held[0].closes(within: .zero)
      for _ in 0..<100 where server.connections.count > 2 {
        try await Task.sleep(for: .milliseconds(20))
      }
      let next = try await RawConnection.open(port: port)
      try await next.send("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
      #expect(await next.closes(within: .seconds(10)))
      #expect(next.received.hasPrefix("HTTP/1.1 200"))
      for connection in held { _ = await connection.closes(within: .zero) }
    }
  }

  /// One client holds at most its share, and others are still let in; loopback and a trusted
  /// proxy, which speak for many, are not counted as one client.
  @Test func oneClientHoldsOnlyItsShare() throws {
    let limit = ConnectionLimit(most: 10, mostPerClient: 3)
    let one = try #require(
      ConnectionLimit.client(try SocketAddress(ipAddress: "192.0.2.7", port: 5), trustedProxy: nil))
    let other = try #require(
      ConnectionLimit.client(
        try SocketAddress(ipAddress: "2001:db8:0:1::9", port: 5), trustedProxy: nil))
    for _ in 0..<3 { #expect(limit.admit(one)) }
    #expect(!limit.admit(one))
    #expect(limit.count == 3 && limit.count(of: one) == 3)
    for _ in 0..<3 { #expect(limit.admit(other)) }
    limit.release(one)
    #expect(limit.admit(one))
    #expect(!limit.admit(one))
    // Loopback counts only towards the server's most.
    #expect(
      ConnectionLimit.client(try SocketAddress(ipAddress: "127.0.0.1", port: 5), trustedProxy: nil)
        == nil)
    #expect(
      ConnectionLimit.client(try SocketAddress(ipAddress: "::1", port: 5), trustedProxy: nil) == nil
    )
    let proxy = TrustedProxy(header: "X-Forwarded-For", addresses: ["192.0.2.50"])
    #expect(
      ConnectionLimit.client(
        try SocketAddress(ipAddress: "192.0.2.50", port: 5), trustedProxy: proxy)
        == nil)
    for _ in 0..<4 { #expect(limit.admit(nil)) }
    #expect(!limit.admit(nil))
    #expect(ConnectionLimit(most: 17_500).mostPerClient == 2_187)
    #expect(ConnectionLimit(most: 100).mostPerClient == 64)
  }

  /// The default keeps an eighth of the descriptors (at least 64) for everything else.
  @Test func theDefaultKeepsDescriptorsFree() {
    #expect(ConnectionLimit.most(forDescriptors: 20_000) == 17_500)
    #expect(ConnectionLimit.most(forDescriptors: 256) == 192)
    #expect(ConnectionLimit.most(forDescriptors: 10) == 16)
    #expect((ConnectionLimit.descriptorLimit() ?? 0) > 0)
  }

  /// A body sent a byte at a time is closed at the body's deadline, however steady.
  @Test func aBodySentSlowlyIsClosed() async throws {
    let server = try Self.server(body: 0.5)
    try await server.application().test(.live) { client in
      let socket = try await RawConnection.open(port: try #require(client.port))
      try await socket.send(
        "POST /sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n")
      let trickle = Task {
        for _ in 0..<40 {
          try? await socket.send("a")
          try? await Task.sleep(for: .milliseconds(100))
        }
      }
      #expect(await socket.closes(within: .seconds(3)))
      trickle.cancel()
    }
  }

  /// Bytes that are no HTTP request are answered 400 at once, not left to a deadline.
  @Test func aRequestThatIsNoHTTPIsAnswered400() async throws {
    let server = try Self.server()
    try await server.application().test(.live) { client in
      let socket = try await RawConnection.open(port: try #require(client.port))
      try await socket.send("GARBAGE \u{0}\u{1} nonsense\r\n\r\n")
      #expect(await socket.closes(within: .seconds(5)))
      #expect(socket.received.hasPrefix("HTTP/1.1 400"), "\(socket.received)")
    }
  }

  /// A request naming two hosts is answered 400: which one it means is unknown.
  @Test func aRequestWithTwoHostsIsAnswered400() async throws {
    let server = try Self.server()
    try await server.application().test(.live) { client in
      let socket = try await RawConnection.open(port: try #require(client.port))
      try await socket.send("GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n")
      #expect(await socket.closes(within: .seconds(5)))
      #expect(socket.received.hasPrefix("HTTP/1.1 400"), "\(socket.received)")
      #expect(!socket.received.contains("Trellis"))
      // One host is served.
      let good = try await RawConnection.open(port: try #require(client.port))
      try await good.send("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
      #expect(await good.closes(within: .seconds(5)))
      #expect(good.received.hasPrefix("HTTP/1.1 200"))
    }
  }
}
