import Foundation
import PostgresNIO
import Synchronization

/// A TCP proxy on loopback in front of the PostgreSQL server, that a test cuts (every
/// connection closed, new ones refused) and restores on the same port: an outage without
/// stopping the shared server.
final class TCPProxy: Sendable {
  /// The port clients connect to.
  let port: Int
  private let upstreamHost: String
  private let upstreamPort: Int
  private let channels = Mutex<(server: (any Channel)?, connections: [any Channel])>((nil, []))

  private init(port: Int, upstreamHost: String, upstreamPort: Int) {
    self.port = port
    self.upstreamHost = upstreamHost
    self.upstreamPort = upstreamPort
  }

  /// A proxy to `host`:`port`, listening on a free port.
  static func start(to host: String, port: Int) async throws -> TCPProxy {
    let probe = try await bind(port: 0, host: host, upstream: port, proxy: nil)
    let bound = probe.localAddress?.port ?? 0
    try await probe.close()
    let proxy = TCPProxy(port: bound, upstreamHost: host, upstreamPort: port)
    try await proxy.restore()
    return proxy
  }

  /// The address of the proxy in place of the server's in a `postgres://` address.
  func address(replacingIn url: String) -> String {
    var components = URLComponents(string: url)!
    components.host = "127.0.0.1"
    components.port = port
    return components.string!
  }

  /// Closes every connection and stops accepting new ones.
  func cut() async {
    let (server, connections) = channels.withLock { channels in
      defer { channels = (nil, []) }
      return (channels.server, channels.connections)
    }
    try? await server?.close()
    for connection in connections { try? await connection.close() }
  }

  /// Accepts connections again, on the same port.
  func restore() async throws {
    let server = try await Self.bind(
      port: port, host: upstreamHost, upstream: upstreamPort, proxy: self)
    channels.withLock { $0.server = server }
  }

  private func keep(_ channel: any Channel) {
    channels.withLock { $0.connections.append(channel) }
  }

  private static func bind(port: Int, host: String, upstream: Int, proxy: TCPProxy?)
    async throws -> any Channel
  {
    try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { inbound in
        ClientBootstrap(group: inbound.eventLoop).connect(host: host, port: upstream)
          .flatMapThrowing { outbound in
            proxy?.keep(inbound)
            proxy?.keep(outbound)
            try inbound.pipeline.syncOperations.addHandler(Forwarder(partner: outbound))
            try outbound.pipeline.syncOperations.addHandler(Forwarder(partner: inbound))
          }
      }
      .bind(host: "127.0.0.1", port: port).get()
  }
}

/// Writes what one side reads to the other, and closes the other when one side closes.
private final class Forwarder: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  let partner: any Channel

  init(partner: any Channel) { self.partner = partner }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    partner.writeAndFlush(unwrapInboundIn(data), promise: nil)
  }

  func channelInactive(context: ChannelHandlerContext) {
    partner.close(promise: nil)
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }
}
