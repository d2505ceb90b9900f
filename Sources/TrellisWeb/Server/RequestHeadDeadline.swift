import NIOCore
import NIOHTTP1

/// Closes a connection whose next request does not arrive in time: a new connection's first
/// headers within ``WebConfiguration/headerTimeout``, each request's body within
/// ``WebConfiguration/bodyTimeout`` of its headers, and, on a kept-alive connection, the next
/// request's headers within ``WebConfiguration/idleTimeout`` and
/// ``WebConfiguration/headerTimeout`` of the last answer.
///
/// A connection that sends nothing, its headers a byte at a time, or a long body a byte at a
/// time, would otherwise hold a socket for as long as the client likes: enough of them and the
/// server answers nobody. A byte now and then keeps a connection from looking idle, so the
/// idle timeout alone cannot close it. The handler sits after the request decoder; it leaves
/// the pipeline when a request asks for an upgrade, since the connection is then a page's
/// WebSocket, with pings of its own.
final class RequestHeadDeadline: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  private let timeout: TimeAmount
  private let bodyTimeout: TimeAmount
  /// How long a kept-alive connection has for its next request's headers after an answer;
  /// `nil` waits as long as it takes.
  private let nextRequestTimeout: TimeAmount?
  private var deadline: Scheduled<Void>?
  /// Whether a request's headers were read.
  private var sawHead = false
  /// Whether the request being read asks for an upgrade.
  private var upgrading = false
  /// Whether a request's headers were read and its end was not: its body's time runs even
  /// once an answer to it (a refusal, sent before the body) has gone.
  private var readingRequest = false
  /// Whether the request being read was answered already.
  private var answered = false
  /// Whether the connection was answered 400 and is closing.
  private var refused = false

  init(timeout: TimeAmount, bodyTimeout: TimeAmount, nextRequestTimeout: TimeAmount? = nil) {
    self.timeout = timeout
    self.bodyTimeout = bodyTimeout
    self.nextRequestTimeout = nextRequestTimeout
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { schedule(context, in: timeout) }
  }

  func channelActive(context: ChannelHandlerContext) {
    schedule(context, in: timeout)
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    cancel()
  }

  /// A first request that is not HTTP (a garbled line, a NUL in the path, a length given
  /// twice) is answered 400 and closed at once, rather than left to the deadline; one whose
  /// headers were read is only closed, since a response to it may have begun.
  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard error is HTTPParserError else { return context.fireErrorCaught(error) }
    cancel()
    guard !sawHead else { return context.close(promise: nil) }
    sawHead = true
    answerBadRequest(context)
  }

  /// Answers 400 and closes the connection; nothing it sends after is read.
  private func answerBadRequest(_ context: ChannelHandlerContext) {
    refused = true
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    let head = HTTPResponseHead(
      version: .http1_1, status: .badRequest,
      headers: HTTPHeaders([("Connection", "close"), ("Content-Length", "0")]))
    context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
    context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).whenComplete { _ in
      loopBound.value.close(promise: nil)
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !refused else { return }
    let part = unwrapInboundIn(data)
    switch part {
    case .head(let head) where head.headers["host"].count > 1:
      // Two hosts: which site is meant is unknown, and a check of one could be passed with
      // the other (RFC 9112, 3.2).
      cancel()
      sawHead = true
      return answerBadRequest(context)
    case .head(let head):
      sawHead = true
      readingRequest = true
      answered = false
      upgrading = head.headers.contains(name: "upgrade")
      // The headers are in: the body now has its own time.
      cancel()
      schedule(context, in: bodyTimeout)
    case .end:
      // The answer is being made: no time runs until it is sent.
      readingRequest = false
      cancel()
      // Answered before its body ended: the next request's time starts now.
      if answered, let nextRequestTimeout { schedule(context, in: nextRequestTimeout) }
    case .body: break
    }
    context.fireChannelRead(data)
    if case .end = part, upgrading {
      context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    // An answer sent in full: the next request's time starts.
    if case .end = unwrapOutboundIn(data) {
      answered = true
      if !readingRequest, let nextRequestTimeout {
        cancel()
        schedule(context, in: nextRequestTimeout)
      }
    }
    context.write(data, promise: promise)
  }

  private func cancel() {
    deadline?.cancel()
    deadline = nil
  }

  private func schedule(_ context: ChannelHandlerContext, in time: TimeAmount) {
    guard deadline == nil else { return }
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    deadline = context.eventLoop.scheduleTask(in: time) {
      loopBound.value.close(promise: nil)
    }
  }
}
