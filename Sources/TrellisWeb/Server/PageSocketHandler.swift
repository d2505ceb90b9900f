import NIOCore
import NIOWebSocket

/// A page's WebSocket once upgraded: reads its frames into messages for the hub, answers
/// pings and closes, and pings a quiet page.
///
/// It runs on the channel's event loop and owns no task: an open page costs its channel and
/// this handler, not a suspended task and its stack. The session's messages to the page do
/// not pass through here as work: ``PageOutbox`` writes them to the channel.
///
/// Messages reach the hub one at a time, in the order the page sent them, as jobs on the
/// hub's domain (``WebAppHub/run(_:)``). While one is with the hub the socket is not read, so
/// a page that sends faster than the hub takes its messages waits in the socket's buffers,
/// not in the server's memory.
final class PageSocketHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias OutboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  /// What the socket hands the hub, in order.
  enum Step: Sendable {
    /// Connect the page to its session.
    case attach
    /// One message, read off the hub.
    case message(Result<ClientMessage, WebProtocolError>)
    /// The socket closed: close the session.
    case close
    /// Ask whether the page's person is still signed in before the messages after it reach
    /// the hub: the socket's own step, which the hub never sees.
    case checkSignIn
  }

  private let hub: WebAppHub
  private let session: String
  private let token: String
  /// Messages above this get an error event.
  private let messageLimit: Int
  /// Messages above this close the socket.
  private let frameLimit: Int
  private let pingInterval: TimeAmount

  /// The handler's context while it is in the pipeline; released when it is removed, since the
  /// context holds the handler.
  private var context: ChannelHandlerContext?
  /// The channel's event loop, on which the steps still with the hub come back after the
  /// handler left the pipeline.
  private var eventLoop: (any EventLoop)?
  /// The context of the channel's frame encoder, below which encoded frames are written
  /// (``writeEncoded(_:)``, ``flushEncoded()``); `nil` when the pipeline has none.
  private var encoderContext: ChannelHandlerContext?
  private var steps: [Step] = [.attach]
  /// Whether a step is with the hub.
  private var isHandingOver = false
  /// Whether a read was asked for while a step was with the hub.
  private var isReadHeld = false
  private var isAttached = false
  private var isClosing = false
  /// The text or binary message being assembled from continuation frames.
  private var partial: (opcode: WebSocketOpcode, data: ByteBuffer)?
  private var isPingUnanswered = false
  private var pinging: RepeatedTask?
  /// Whether the person who connected the page is still signed in, asked at every ping, when
  /// people sign in, and before a message at most once a second: a page whose person signed
  /// out, was removed or had their password changed is closed, with a notice to sign in again,
  /// and the messages it sent meanwhile reach no session.
  private let stillSignedIn: (@Sendable () async -> Bool)?
  /// When a message last asked ``stillSignedIn``.
  private var signInCheckedAt: NIODeadline?

  /// The list of open pages the page is in while its socket is open, and its sign-in
  /// session there: signing out closes it at once.
  private let openPages: (pages: OpenPages, session: String)?

  init(
    hub: WebAppHub, session: String, token: String, configuration: WebConfiguration,
    stillSignedIn: (@Sendable () async -> Bool)? = nil,
    openPages: (pages: OpenPages, session: String)? = nil
  ) {
    self.stillSignedIn = stillSignedIn
    self.openPages = openPages
    self.hub = hub
    self.session = session
    self.token = token
    self.messageLimit = configuration.maxMessageBytes
    self.frameLimit = configuration.frameLimit
    self.pingInterval = TimeAmount(configuration.pingInterval)
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    eventLoop = context.eventLoop
    encoderContext = try? context.pipeline.syncOperations.context(
      handlerType: WebSocketFrameEncoder.self)
    let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
    pinging = context.eventLoop.scheduleRepeatedTask(
      initialDelay: pingInterval, delay: pingInterval
    ) { _ in bound.value.ping() }
    if let openPages {
      let loop = context.eventLoop
      openPages.pages.add(ObjectIdentifier(self), session: openPages.session) {
        loop.execute { bound.value.close(Self.signedOutCode, reason: Self.signedOutReason) }
      }
    }
    handOverNext()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    self.context = nil
    encoderContext = nil
    pinging?.cancel()
    pinging = nil
    openPages?.pages.remove(ObjectIdentifier(self), session: openPages?.session ?? "")
  }

  func channelInactive(context: ChannelHandlerContext) {
    pinging?.cancel()
    pinging = nil
    Self.closeSession(after: &steps)
    handOverNext()
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    // Once the socket is closing, what the page still sends is dropped.
    guard !isClosing else { return }
    let frame = unwrapInboundIn(data)
    isPingUnanswered = false
    // A page's frames are masked, and no extension is agreed that would set a reserved bit.
    guard frame.maskKey != nil, !frame.rsv1, !frame.rsv2, !frame.rsv3 else {
      return close(.protocolError)
    }
    switch frame.opcode {
    case .text, .binary:
      guard partial == nil else { return close(.protocolError) }
      partial = (frame.opcode, frame.unmaskedData)
      assembled(frame)
    case .continuation:
      guard var message = partial else { return close(.protocolError) }
      var data = frame.unmaskedData
      guard message.data.readableBytes + data.readableBytes <= frameLimit else {
        return close(.messageTooLarge)
      }
      partial = nil
      message.data.writeBuffer(&data)
      partial = message
      assembled(frame)
    case .ping:
      guard frame.fin else { return close(.protocolError) }
      let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
      context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
    case .pong:
      break
    case .connectionClose:
      // The page closes: answer with its code, then close the connection. A code no
      // endpoint may send (RFC 6455, 7.4), or a body too short for one, is a protocol error.
      var data = frame.unmaskedData
      guard data.readableBytes != 1, let raw = data.readInteger(as: UInt16.self) else {
        return close(data.readableBytes == 1 ? .protocolError : .normalClosure)
      }
      close(
        Self.isSendable(closeCode: raw) ? WebSocketErrorCode(codeNumber: Int(raw)) : .protocolError)
    default:
      close(.protocolError)
    }
  }

  /// Hands the message `frame` finished, if it did, to the hub.
  private func assembled(_ frame: WebSocketFrame) {
    guard frame.fin, let message = partial else { return }
    partial = nil
    // Read here, beside the hub, which only acts on what the message asks.
    var text = #"{"type":"binary"}"#
    if message.opcode == .text {
      // A text message that is not UTF-8 fails the connection (RFC 6455, 8.1), rather than
      // reaching the session with its bytes replaced.
      guard let decoded = String(validating: message.data.readableBytesView, as: UTF8.self)
      else { return close(.dataInconsistentWithMessage) }
      text = decoded
    }
    guard
      Self.enqueue(
        WebSession.read(text, limit: messageLimit), onto: &steps, checkingSignIn: isSignInCheckDue)
    else {
      WebServer.logger.notice("A page that sent too many messages at once was closed")
      return close(.policyViolation, reason: Self.floodReason)
    }
    handOverNext()
  }

  /// Whether a message should wait for the sign-in to be asked after: at most once a second
  /// while the person sends, so that someone removed writes nothing a second after the
  /// removal, not only at the next ping.
  private func isSignInCheckDue() -> Bool {
    guard stillSignedIn != nil, let context else { return false }
    let now = context.eventLoop.now
    if let last = signInCheckedAt, now - last < .seconds(1) { return false }
    signInCheckedAt = now
    return true
  }

  /// Writes `frame`, a whole encoded frame (``PageFrame``), to the socket, below the frame
  /// encoder, unless the socket is closing; false when the pipeline has no frame encoder, for
  /// the caller to write a frame instead. The frame waits in the channel, behind what was
  /// written before it, until the next flush sends them all (``flushEncoded()``).
  func writeEncoded(_ frame: @autoclosure () -> ByteBuffer) -> Bool {
    guard let encoderContext else { return false }
    if !isClosing { encoderContext.write(NIOAny(frame()), promise: nil) }
    return true
  }

  /// Sends the frames written without a flush; false when the pipeline has no frame encoder.
  func flushEncoded() -> Bool {
    guard let encoderContext else { return false }
    encoderContext.flush()
    return true
  }

  func read(context: ChannelHandlerContext) {
    if isHandingOver { isReadHeld = true } else { context.read() }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is ChannelShouldQuiesceEvent {
      close(.goingAway)
    } else if event is PageFellBehind {
      WebServer.logger.notice("A page that read too slowly was closed")
      close(.policyViolation, reason: Self.fellBehindReason)
    } else if let event = event as? ChannelEvent, event == .inputClosed {
      // The page's end closed without a close frame (a tab killed, a network dropped): it
      // will send nothing more, not even a pong. Its session ends now, not at the next
      // ping, so that a page reloaded after a drop finds its place free.
      context.close(promise: nil)
    } else {
      context.fireUserInboundEventTriggered(event)
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }

  // MARK: Handing over

  /// Hands the next step to the hub, unless one is with it; with none left, reads on.
  private func handOverNext() {
    guard !isHandingOver, let loop = eventLoop else { return }
    guard !steps.isEmpty else {
      if isReadHeld, let context {
        isReadHeld = false
        context.read()
      }
      return
    }
    let step = steps.removeFirst()
    // A socket refused its session, or closing, hands no message on: the session may be
    // another page's, or its person signed out.
    if case .message = step, !isAttached || isClosing { return handOverNext() }
    if case .checkSignIn = step { return checkSignIn() }
    let (session, token, wasAttached) = (session, token, isAttached)
    let bound = NIOLoopBound(self, eventLoop: loop)
    let run: @Sendable (isolated WebAppHub) -> Bool
    switch step {
    case .attach:
      // A page gone before it was attached has no session to close.
      guard let channel = context?.channel else { return handOverNext() }
      let outbox = PageOutbox(channel: channel, handler: bound)
      run = { $0.attach(session: session, token: token, outbox: outbox) }
    case .message(let message):
      run = { hub in
        hub.receive(session: session, message)
        return true
      }
    case .close:
      run = { hub in
        if wasAttached { hub.close(session: session) }
        return true
      }
    case .checkSignIn:
      return
    }
    isHandingOver = true
    hub.run { hub in
      let done = run(hub)
      loop.execute { bound.value.handedOver(step: step, done: done) }
    }
  }

  /// Holds the steps after this one until the sign-in is asked: signed out, the page is
  /// closed and its messages dropped; still signed in, they go on to the hub.
  private func checkSignIn() {
    guard let stillSignedIn, let context, !isClosing else { return handOverNext() }
    isHandingOver = true
    let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
    let loop = context.eventLoop
    Task {
      let signedIn = await stillSignedIn()
      loop.execute { bound.value.signInChecked(signedIn) }
    }
  }

  private func signInChecked(_ signedIn: Bool) {
    isHandingOver = false
    if !signedIn { close(Self.signedOutCode, reason: Self.signedOutReason) }
    handOverNext()
  }

  private func handedOver(step: Step, done: Bool) {
    isHandingOver = false
    if case .attach = step {
      isAttached = done
      guard done else { return close(.policyViolation, reason: "unknown session or token") }
    }
    handOverNext()
  }

  // MARK: Closing and pings

  /// The most steps that may wait for the hub; a page that sends more at once is closed.
  static let mostWaitingSteps = 256
  /// What a page that sent too many messages at once is told as its socket closes.
  static let floodReason = "The page sent too many messages at once. Reload it to start again."
  /// What a page that fell behind is told as its socket closes.
  static let fellBehindReason = "The page fell behind. Reload it to start again."
  /// What a page whose person is no longer signed in is told as its socket closes.
  static let signedOutReason = "You are signed out. Reload the page to sign in again."
  /// The code a page whose person is no longer signed in is closed with (one of those the
  /// WebSocket protocol leaves to applications), by which the page stops saying who is
  /// signed in.
  static let signedOutCode = WebSocketErrorCode.unknown(4001)

  /// Whether an endpoint may send `code` in a close frame (RFC 6455, 7.4): the codes the
  /// protocol defines for sending, and those left to libraries (3000–3999) and applications
  /// (4000–4999).
  static func isSendable(closeCode code: UInt16) -> Bool {
    switch code {
    case 1000...1003, 1007...1014, 3000...4999: true
    default: false
    }
  }

  /// Sends a close frame with `code`, once, and closes the connection.
  private func close(_ code: WebSocketErrorCode, reason: String = "") {
    guard let context else { return }
    guard !isClosing else { return }
    isClosing = true
    var data = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
    data.write(webSocketErrorCode: code)
    data.writeString(reason)
    // Closed at once, not when the frame is written: a frozen page whose socket buffer is
    // full would hold the connection open, and the server's shutdown with it. A frame that
    // reached the socket's buffer still goes out before the connection ends.
    let frame = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
    context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    context.close(promise: nil)
  }

  /// Pings the page, or closes the socket when the last ping went unanswered: the page, or
  /// the network between, is gone.
  private func ping() {
    guard let context, !isClosing else { return }
    guard !isPingUnanswered else {
      context.close(promise: nil)
      return
    }
    isPingUnanswered = true
    if let stillSignedIn {
      Self.closeUnlessSignedIn(
        NIOLoopBound(self, eventLoop: context.eventLoop), check: stillSignedIn)
    }
    let empty = context.channel.allocator.buffer(capacity: 0)
    context.writeAndFlush(
      wrapOutboundOut(WebSocketFrame(fin: true, opcode: .ping, data: empty)), promise: nil)
  }

  /// Closes the page `handler` holds, with a notice, unless `check` says its person is still
  /// signed in.
  private static func closeUnlessSignedIn(
    _ handler: NIOLoopBound<PageSocketHandler>, check: @escaping @Sendable () async -> Bool
  ) {
    let loop = handler.eventLoop
    Task {
      let signedIn = await check()
      if signedIn { return }
      loop.execute { handler.value.close(signedOutCode, reason: signedOutReason) }
    }
  }
}
