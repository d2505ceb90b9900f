import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOWebSocket

/// The server's connections: HTTP requests go to the router; a page's `/ws` request becomes
/// its WebSocket, run by a ``PageSocketHandler`` with no task of its own.
///
/// Hummingbird's WebSocket support runs each socket in a task that lives as long as the page:
/// a suspended task with a stack of async frames, about 20 KB an open page. Here an upgraded
/// connection's task ends at the upgrade, and the socket lives on as its channel and one
/// handler.
struct PageSocketChannel: ServerChildChannel, HTTPChannelHandler {
  /// How a connection's first request was taken.
  enum Negotiation: Sendable {
    /// Upgraded: the page's handler runs it.
    case webSocket
    /// A plain HTTP connection, for the router.
    case http(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
    /// An upgrade that was refused: it gets a plain error, 401 when no one signed in.
    case refused(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>, HTTPResponse.Status)
  }

  struct Value: ServerChildChannelValue {
    let negotiation: EventLoopFuture<Negotiation>
    let channel: any Channel
  }

  let responder: Responder
  let server: WebServer

  init(responder: @escaping Responder, server: WebServer) {
    self.responder = Self.reconnectingUpgrades(responder)
    self.server = server
  }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    channel.eventLoop.makeCompletedFuture {
      // Past the most connections, a new one is closed before it costs anything more.
      // So is one past its client's share.
      let connections = server.connections
      let client = ConnectionLimit.client(
        channel.remoteAddress, trustedProxy: server.configuration.trustedProxy)
      guard connections.admit(client) else {
        channel.close(promise: nil)
        throw ChannelError.inappropriateOperationForState
      }
      channel.closeFuture.whenComplete { _ in connections.release(client) }
      // NIO keeps each connection's last read buffer for the next read, 2 KB to begin with:
      // a page's messages are small, so a connection starts at a quarter of that (and grows
      // when a read fills it).
      try channel.syncOptions?.setOption(
        ChannelOptions.recvAllocator,
        value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 65_536))
      let server = server
      let attempted = NIOLoopBoundBox(false, eventLoop: channel.eventLoop)
      let refusal = NIOLoopBoundBox<HTTPResponse.Status?>(nil, eventLoop: channel.eventLoop)
      let upgrader = NIOTypedWebSocketServerUpgrader<Negotiation>(
        maxFrameSize: server.configuration.frameLimit,
        shouldUpgrade: { channel, head in
          attempted.value = true
          let promise = channel.eventLoop.makePromise(of: HTTPResponse.Status?.self)
          promise.completeWithTask {
            guard let request = try? HTTPRequest(head, secure: false, splitCookie: false) else {
              return .badRequest
            }
            return await server.socketRefusal(
              for: request, target: server.socketTarget(for: request))
          }
          return promise.futureResult.map { status in
            refusal.value = status
            return status == nil ? HTTPHeaders() : nil
          }
        },
        upgradePipelineHandler: { channel, head in
          channel.eventLoop.makeCompletedFuture {
            guard let request = try? HTTPRequest(head, secure: false, splitCookie: false),
              let target = server.socketTarget(for: request)
            else { throw ChannelError.inappropriateOperationForState }
            // Above the high mark the socket is not writable, and the page is closed
            // rather than sent more (``PageOutbox``).
            let most = max(server.configuration.maxPendingBytesPerPage, 1024)
            try channel.syncOptions?.setOption(
              ChannelOptions.writeBufferWaterMark,
              value: ChannelOptions.Types.WriteBufferWaterMark(low: most / 4, high: most))
            try channel.pipeline.syncOperations.addHandler(
              PageSocketHandler(
                hub: target.hub, session: target.session, token: target.token,
                configuration: server.configuration,
                stillSignedIn: server.gate?.check(request.headerFields),
                openPages: server.gate.flatMap { gate in
                  gate.session(in: request.headerFields).map { (gate.openPages, $0) }
                }))
            return .webSocket
          }
        })
      let upgrades = NIOTypedHTTPServerUpgradeConfiguration(
        upgraders: [upgrader],
        notUpgradingCompletionHandler: { channel in
          channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandler(
              HTTPConnectionStateHandler(
                idleTimeout: server.configuration.idleTimeout > 0
                  ? .milliseconds(Int64(server.configuration.idleTimeout * 1000)) : nil,
                logger: logger))
            let http = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
              wrappingChannelSynchronously: channel,
              configuration: .init(isOutboundHalfClosureEnabled: true))
            return attempted.value ? .refused(http, refusal.value ?? .badRequest) : .http(http)
          }
        })
      var configuration = NIOUpgradableHTTPServerPipelineConfiguration(
        upgradeConfiguration: upgrades)
      // Hummingbird reads requests one after another and handles errors itself; a first
      // request that is not HTTP is answered by ``RequestHeadDeadline``.
      configuration.enablePipelining = false
      configuration.enableErrorHandling = false
      configuration.enableResponseHeaderValidation = false
      let pipeline = channel.pipeline.syncOperations
      let negotiation = try pipeline.configureUpgradableHTTPServerPipeline(
        configuration: configuration)
      if server.configuration.headerTimeout > 0 {
        // After the request decoder, which it needs, and before the upgrade handler, which
        // waits for a whole request.
        let upgradeHandler = try pipeline.handler(
          type: NIOTypedHTTPServerUpgradeHandler<Negotiation>.self)
        let configuration = server.configuration
        let idle = configuration.idleTimeout
        try pipeline.addHandler(
          RequestHeadDeadline(
            timeout: .milliseconds(Int64(configuration.headerTimeout * 1000)),
            bodyTimeout: .milliseconds(Int64(max(configuration.bodyTimeout, 0.001) * 1000)),
            nextRequestTimeout: idle > 0
              ? .milliseconds(Int64((idle + configuration.headerTimeout) * 1000)) : nil),
          position: .before(upgradeHandler))
      }
      return Value(negotiation: negotiation, channel: channel)
    }
  }

  func handle(value: Value, logger: Logger) async {
    do {
      switch try await value.negotiation.get() {
      case .webSocket:
        return
      case .http(let http):
        await handleHTTP(asyncChannel: http, logger: logger)
      case .refused(let http, let status):
        try await http.executeThenClose { _, outbound in
          let head = HTTPResponse(
            status: status, headerFields: [.connection: "close", .contentLength: "0"])
          try await outbound.write(contentsOf: [.head(head), .end(nil)])
        }
      }
    } catch {
      logger.debug("A connection ended early", metadata: ["error": "\(error)"])
    }
  }

  /// The router's responder, except that an upgrade asked for on a connection already serving
  /// HTTP is told to come again on a new connection, where it can be upgraded.
  static func reconnectingUpgrades(_ responder: @escaping Responder) -> Responder {
    { request, writer, channel in
      guard request.headers[.upgrade]?.lowercased() == "websocket" else {
        return try await responder(request, writer, channel)
      }
      var path = request.uri.path
      if let query = request.uri.query { path += "?\(query)" }
      try await writer.writeResponse(
        HTTPResponse(
          status: .temporaryRedirect, headerFields: [.connection: "close", .location: path]))
      throw ChannelError.outputClosed
    }
  }
}
