import NIOCore
import NIOHTTP1

/// Closes a new connection whose first request's headers have not all arrived in time
/// (``WebConfiguration/headerTimeout``).
///
/// A connection that sends nothing, or sends its headers a byte at a time, would otherwise hold
/// a socket for as long as the client likes: enough of them and the server answers nobody.
/// The handler sits after the request decoder and leaves the pipeline once a request head is
/// decoded; from then on the connection is a WebSocket, with pings of its own, or an HTTP
/// connection, which ``WebConfiguration/idleTimeout`` closes when idle.
final class RequestHeadDeadline: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  private let timeout: TimeAmount
  private var deadline: Scheduled<Void>?

  init(timeout: TimeAmount) {
    self.timeout = timeout
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

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let isHead = if case .head = unwrapInboundIn(data) { true } else { false }
    if isHead {
      deadline?.cancel()
      deadline = nil
    }
    context.fireChannelRead(data)
    if isHead { context.pipeline.syncOperations.removeHandler(context: context, promise: nil) }
  }

  private func schedule(_ context: ChannelHandlerContext) {
    guard deadline == nil else { return }
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    deadline = context.eventLoop.scheduleTask(in: timeout) {
      loopBound.value.close(promise: nil)
    }
  }
}
