import NIOCore
import NIOHTTP1

/// Closes a new connection whose first request has not arrived in time: its headers within
/// ``WebConfiguration/headerTimeout``, then its body within ``WebConfiguration/bodyTimeout``.
///
/// A connection that sends nothing, its headers a byte at a time, or a long body a byte at a
/// time, would otherwise hold a socket for as long as the client likes: enough of them and the
/// server answers nobody. The handler sits after the request decoder and leaves the pipeline
/// once the first request has all arrived; from then on the connection is a WebSocket, with
/// pings of its own, or an HTTP connection, which ``WebConfiguration/idleTimeout`` closes when
/// idle.
final class RequestHeadDeadline: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  private let timeout: TimeAmount
  private let bodyTimeout: TimeAmount
  private var deadline: Scheduled<Void>?
  /// Whether the first request's headers were read.
  private var sawHead = false

  init(timeout: TimeAmount, bodyTimeout: TimeAmount) {
    self.timeout = timeout
    self.bodyTimeout = bodyTimeout
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { schedule(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    schedule(context)
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
  }

  /// A first request that is not HTTP (a garbled line, a NUL in the path, a length given
  /// twice) is answered 400 and closed at once, rather than left to the deadline; one whose
  /// headers were read is only closed, since a response to it may have begun.
  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard error is HTTPParserError else { return context.fireErrorCaught(error) }
    deadline?.cancel()
    deadline = nil
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    guard !sawHead else { return context.close(promise: nil) }
    sawHead = true
    let head = HTTPResponseHead(
      version: .http1_1, status: .badRequest,
      headers: HTTPHeaders([("Connection", "close"), ("Content-Length", "0")]))
    context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
    context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).whenComplete { _ in
      loopBound.value.close(promise: nil)
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let part = unwrapInboundIn(data)
    switch part {
    case .head:
      sawHead = true
      // The headers are in: the body now has its own time.
      deadline?.cancel()
      deadline = nil
      schedule(context, in: bodyTimeout)
    case .end:
      deadline?.cancel()
      deadline = nil
    case .body: break
    }
    context.fireChannelRead(data)
    if case .end = part {
      context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
  }

  private func schedule(_ context: ChannelHandlerContext, in time: TimeAmount? = nil) {
    guard deadline == nil else { return }
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    deadline = context.eventLoop.scheduleTask(in: time ?? timeout) {
      loopBound.value.close(promise: nil)
    }
  }
}
