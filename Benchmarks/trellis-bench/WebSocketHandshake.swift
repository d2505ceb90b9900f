import NIOCore
import NIOWebSocket

/// Opens a WebSocket from the client side of a fresh TCP connection: sends the upgrade
/// request, waits for the server's `101`, then puts the frame codec and `next` in its place,
/// handing on whatever arrived behind the response (the server's first message, often).
///
/// The concurrent cases' clients use it with NIO's frame codec instead of a full client
/// stack: hundreds of them share the machine with the server they measure.
final class WebSocketHandshake: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer

  private let request: String
  private let next: any ChannelHandler
  private let failed: (String) -> Void
  private var received: ByteBuffer?

  /// A handshake for `path` (with its query) on `host`, from `origin`; `next` takes the
  /// frames, and `failed` hears why the server refused.
  init(
    host: String, path: String, origin: String, next: any ChannelHandler,
    failed: @escaping (String) -> Void
  ) {
    self.request =
      "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: \(NIOWebSocketClientUpgrader.randomRequestKey())\r\n"
      + "Sec-WebSocket-Version: 13\r\nOrigin: \(origin)\r\n\r\n"
    self.next = next
    self.failed = failed
  }

  func channelActive(context: ChannelHandlerContext) {
    context.writeAndFlush(NIOAny(context.channel.allocator.buffer(string: request)), promise: nil)
    context.fireChannelActive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    var bytes = unwrapInboundIn(data)
    if received == nil {
      received = bytes
    } else {
      received!.writeBuffer(&bytes)
    }
    guard var buffer = received,
      let end = buffer.readableBytesView.firstRange(of: "\r\n\r\n".utf8)
    else { return }
    let headLength = end.upperBound - buffer.readerIndex
    let head = buffer.readString(length: headLength) ?? ""
    guard head.hasPrefix("HTTP/1.1 101") else {
      failed("the server refused the WebSocket: \(head.prefix { $0 != "\r" })")
      context.close(promise: nil)
      return
    }
    received = nil
    do {
      let pipeline = context.pipeline.syncOperations
      try pipeline.addHandlers(
        [
          ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 24)),
          WebSocketFrameEncoder(), next,
        ], position: .after(self))
      if buffer.readableBytes > 0 { context.fireChannelRead(NIOAny(buffer)) }
      pipeline.removeHandler(context: context, promise: nil)
    } catch {
      failed("the WebSocket could not start: \(error)")
      context.close(promise: nil)
    }
  }
}
