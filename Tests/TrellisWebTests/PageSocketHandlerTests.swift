import Foundation
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing
import TrellisExamples

@testable import TrellisWeb

/// A page's socket as the server runs it after the upgrade: frames in, frames out, no task.
@Suite("Page sockets", .timeLimit(.minutes(1)))
struct PageSocketHandlerTests {
  /// A socket on a testing channel, for a session opened on a Tasks server's hub.
  struct Socket {
    let channel: NIOAsyncTestingChannel
    let hub: WebAppHub
    let session: String
    /// The socket's handler, held weakly: `nil` once nothing keeps it.
    let handler = WeakHandler()

    /// The socket's loop keeps time by hand: pings come when a test moves it on.
    /// With `framed`, NIO's frame encoder stands before the handler, as on a server's socket:
    /// what the socket writes is then bytes.
    init(
      token: String? = nil, pingInterval: Duration = .seconds(30), framed: Bool = false,
      stillSignedIn: (@Sendable () async -> Bool)? = nil
    ) async throws {
      var configuration = WebTestSupport.configuration()
      configuration.pingInterval = pingInterval
      let server = try WebServer(
        apps: [
          WebApp(id: "tasks", title: "Tasks") {
            let definition = try TasksApp.taskDefinition()
            let store = MemoryStore(objects: [TaskItem(name: "A")], definition: definition)
            return Navigator(root: TasksApp.listScreen(store: store, definition: definition))
          }
        ], configuration: configuration)
      hub = try #require(server.hubs["tasks"])
      let opened = try await hub.openSession()
      session = opened.id
      channel = NIOAsyncTestingChannel()
      try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1))
      let (hub, channel, token) = (self.hub, self.channel, token ?? opened.token)
      let (settings, weak) = (configuration, handler)
      try await channel.eventLoop.submit {
        if framed { try channel.pipeline.syncOperations.addHandler(WebSocketFrameEncoder()) }
        let handler = PageSocketHandler(
          hub: hub, session: opened.id, token: token, configuration: settings,
          stillSignedIn: stillSignedIn)
        weak.value = handler
        try channel.pipeline.syncOperations.addHandler(handler)
      }.get()
    }

    /// The next frame the socket writes to the page.
    func next() async throws -> WebSocketFrame {
      try await channel.waitForOutboundWrite(as: WebSocketFrame.self)
    }

    /// The next text message, skipping nothing.
    func nextText() async throws -> String {
      let frame = try await next()
      #expect(frame.opcode == .text)
      return String(buffer: frame.data)
    }

    /// Sends a frame as a page does: masked.
    func send(_ opcode: WebSocketOpcode, _ text: String, fin: Bool = true, masked: Bool = true)
      async throws
    {
      try await send(opcode, bytes: Array(text.utf8), fin: fin, masked: masked)
    }

    /// Sends a frame of any bytes, as a page does: masked.
    func send(
      _ opcode: WebSocketOpcode, bytes: [UInt8], fin: Bool = true, masked: Bool = true
    ) async throws {
      var data = ByteBuffer(bytes: bytes)
      let key: WebSocketMaskingKey? = masked ? WebSocketMaskingKey([1, 2, 3, 4]) : nil
      if let key { data.webSocketMask(key) }
      try await channel.writeInbound(
        WebSocketFrame(fin: fin, opcode: opcode, maskKey: key, data: data))
    }

    /// The code of a close frame.
    static func code(of frame: WebSocketFrame) -> WebSocketErrorCode? {
      var data = frame.data
      return data.readWebSocketErrorCode()
    }
  }

  @Test func aPageGetsItsScreenAndAMessageInFragmentsIsReadAsOne() async throws {
    let socket = try await Socket()
    #expect(try await socket.nextText().contains(#""type":"screen""#))
    // Two fragments of one message that the session refuses by name: one error, for the
    // whole message.
    try await socket.send(.text, #"{"type":"nons"#, fin: false)
    try await socket.send(.continuation, #"ense"}"#)
    let error = try await socket.nextText()
    #expect(error.contains(#""type":"error""#))
    #expect(error.contains("nonsense"))
    try await socket.send(.ping, "are you there")
    let pong = try await socket.next()
    #expect(pong.opcode == .pong)
    #expect(String(buffer: pong.data) == "are you there")
    #expect(socket.channel.isActive)
  }

  @Test func onAServersPipelineMessagesGoOutAsFramesEncodedOnce() async throws {
    let socket = try await Socket(framed: true)
    // The session's messages are framed by the outbox and written below the encoder, each
    // as one buffer.
    let screen = try PageFrameTests.decoded(
      try await socket.channel.waitForOutboundWrite(as: ByteBuffer.self))
    #expect(screen.count == 1)
    #expect(screen.first?.opcode == .text)
    #expect(String(buffer: try #require(screen.first).data).contains(#""type":"screen""#))
    try await socket.send(.text, #"{"type":"nonsense"}"#)
    let error = try PageFrameTests.decoded(
      try await socket.channel.waitForOutboundWrite(as: ByteBuffer.self))
    #expect(error.map(\.opcode) == [.text])
    #expect(String(buffer: try #require(error.first).data).contains(#""type":"error""#))
    // The handler's own frames still go through the encoder, which may write a frame's
    // header and payload as two buffers: they read back as one frame.
    try await socket.send(.ping, "still there")
    var bytes = ByteBuffer()
    var pong: [WebSocketFrame] = []
    while pong.isEmpty {
      var next = try await socket.channel.waitForOutboundWrite(as: ByteBuffer.self)
      bytes.writeBuffer(&next)
      pong = try PageFrameTests.decoded(bytes)
    }
    #expect(pong.map(\.opcode) == [.pong])
    #expect(String(buffer: pong[0].data) == "still there")
  }

  @Test func anUnmaskedFrameOrAStrayContinuationClosesTheSocket() async throws {
    let unmasked = try await Socket()
    _ = try await unmasked.nextText()
    try await unmasked.send(.text, #"{"type":"done"}"#, masked: false)
    let close = try await unmasked.next()
    #expect(close.opcode == .connectionClose)
    #expect(Socket.code(of: close) == .protocolError)

    let stray = try await Socket()
    _ = try await stray.nextText()
    try await stray.send(.continuation, "tail")
    #expect(Socket.code(of: try await stray.next()) == .protocolError)
  }

  @Test func aPageThatFellBehindIsClosedInsteadOfSentMore() async throws {
    let socket = try await Socket()
    _ = try await socket.nextText()
    // The socket holds more than its limit of unsent bytes: the next message closes it.
    socket.channel.isWritable = false
    try await socket.send(.text, #"{"type":"nonsense"}"#)
    let close = try await socket.next()
    #expect(close.opcode == .connectionClose, "no error event is queued behind the backlog")
    #expect(Socket.code(of: close) == .policyViolation)
    var data = close.data
    _ = data.readWebSocketErrorCode()
    #expect(String(buffer: data) == PageSocketHandler.fellBehindReason)
    // The close frame goes first, then the channel closes.
    try await socket.channel.closeFuture.get()
    #expect(!socket.channel.isActive)
  }

  @Test func aTextMessageThatIsNotUTF8ClosesTheSocketWith1007() async throws {
    let socket = try await Socket()
    _ = try await socket.nextText()
    // "é" cut after its first byte, then a quote: not UTF-8.
    try await socket.send(.text, bytes: Array(#"{"type":"caf"#.utf8) + [0xC3] + Array(#""}"#.utf8))
    let close = try await socket.next()
    #expect(close.opcode == .connectionClose, "no error event: the connection fails")
    #expect(Socket.code(of: close) == .dataInconsistentWithMessage)
    #expect(!socket.channel.isActive)

    // A character split between fragments is whole once the message is: it is read.
    let split = try await Socket()
    _ = try await split.nextText()
    try await split.send(.text, bytes: Array(#"{"type":"caf"#.utf8) + [0xC3], fin: false)
    try await split.send(.continuation, bytes: [0xA9] + Array(#""}"#.utf8))
    let error = try await split.nextText()
    #expect(error.contains(#""type":"error""#))
    #expect(error.contains("caf"))
    #expect(split.channel.isActive)
  }

  /// A close is answered with its code, unless no endpoint may send that code (RFC 6455,
  /// 7.4): then with a protocol error.
  @Test(
    arguments: [
      ([0x03, 0xE8], 1000), ([0x0F, 0xA1], 4001), ([0x03, 0xED], 1002), ([0x00, 0x01], 1002),
      ([0x13, 0x88], 1002), ([0x03], 1002), ([], 1000),
    ] as [([UInt8], Int)])
  func aCloseIsAnsweredWithItsCodeOrAProtocolError(_ body: [UInt8], answer: Int) async throws {
    let socket = try await Socket()
    _ = try await socket.nextText()
    try await socket.send(.connectionClose, bytes: body)
    let close = try await socket.next()
    #expect(close.opcode == .connectionClose)
    #expect(Socket.code(of: close) == WebSocketErrorCode(codeNumber: answer))
  }

  /// A page whose end of the connection closes without a close frame (a killed tab, a
  /// dropped network) ends its session at once, not at the next ping.
  @Test func aConnectionClosedWithoutACloseFrameEndsItsSessionAtOnce() async throws {
    let socket = try await Socket()
    _ = try await socket.nextText()
    #expect(await socket.hub.sessionCount == 1)
    socket.channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    try await socket.channel.closeFuture.get()
    for _ in 0..<200 where await socket.hub.sessionCount > 0 {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(await socket.hub.sessionCount == 0)
  }

  /// A closed page leaves nothing behind on the server: once its session is closed, its
  /// handler, and the channel context, session name and steps the handler holds, are freed.
  @Test func aClosedPagesHandlerIsFreed() async throws {
    let socket = try await Socket()
    _ = try await socket.nextText()
    #expect(socket.handler.value != nil)
    try await socket.send(.connectionClose, bytes: [0x03, 0xE8])
    try await socket.channel.closeFuture.get()
    for _ in 0..<500 where await socket.hub.sessionCount > 0 || socket.handler.value != nil {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(await socket.hub.sessionCount == 0)
    #expect(socket.handler.value == nil)
  }

  @Test func aMessageAboveTheFrameLimitClosesTheSocket() async throws {
    let socket = try await Socket()
    _ = try await socket.nextText()
    let half = String(repeating: "x", count: WebTestSupport.configuration().frameLimit / 2 + 1)
    try await socket.send(.text, half, fin: false)
    try await socket.send(.continuation, half)
    #expect(Socket.code(of: try await socket.next()) == .messageTooLarge)
  }

  @Test func aSocketWithTheWrongTokenIsRefusedAndTheSessionStays() async throws {
    let socket = try await Socket(token: "not-the-token")
    let close = try await socket.next()
    #expect(close.opcode == .connectionClose)
    #expect(Socket.code(of: close) == .policyViolation)
    // What the refused socket sends next reaches no session, and its closing closes none.
    try await socket.send(.text, #"{"type":"done"}"#)
    try await socket.channel.closeFuture.get()
    // The socket handed its steps to the hub's domain before it closed; this asks after them.
    #expect(await socket.hub.sessionCount == 1)
    #expect(await socket.hub.canAttach(session: socket.session, token: "not-the-token") == false)
  }

  @Test func aPageThatDoesNotAnswerPingsIsClosedAndItsSessionWithIt() async throws {
    let socket = try await Socket(pingInterval: .seconds(30))
    _ = try await socket.nextText()
    await socket.channel.testingEventLoop.advanceTime(by: .seconds(30))
    let ping = try await socket.next()
    #expect(ping.opcode == .ping)
    #expect(socket.channel.isActive)
    // No answer: the next ping's turn closes the socket, and the session goes with it.
    await socket.channel.testingEventLoop.advanceTime(by: .seconds(30))
    try await socket.channel.closeFuture.get()
    // The session's close reaches the hub as a job of its own, after the channel closed.
    for _ in 0..<1000 where await socket.hub.sessionCount != 0 { await Task.yield() }
    #expect(await socket.hub.sessionCount == 0)
  }

  @Test func aPageThatAnswersPingsStaysOpen() async throws {
    let socket = try await Socket(pingInterval: .seconds(30))
    _ = try await socket.nextText()
    for _ in 0..<3 {
      await socket.channel.testingEventLoop.advanceTime(by: .seconds(30))
      let ping = try await socket.next()
      #expect(ping.opcode == .ping)
      try await socket.send(.pong, "")
    }
    #expect(socket.channel.isActive)
    #expect(await socket.hub.sessionCount == 1)
  }

  /// Whether a person is signed in, as a test changes it.
  actor SignedIn {
    var value = true
    func signOut() { value = false }
  }

  @Test func aPageWhosePersonIsNoLongerSignedInIsClosedAtTheNextPing() async throws {
    let signedIn = SignedIn()
    let socket = try await Socket(pingInterval: .seconds(30)) { await signedIn.value }
    _ = try await socket.nextText()
    await socket.channel.testingEventLoop.advanceTime(by: .seconds(30))
    #expect(try await socket.next().opcode == .ping)
    try await socket.send(.pong, "")
    #expect(socket.channel.isActive)
    // Signed out (or removed) elsewhere: the next ping's check closes the page, saying why.
    await signedIn.signOut()
    await socket.channel.testingEventLoop.advanceTime(by: .seconds(30))
    #expect(try await socket.next().opcode == .ping)
    let close = try await socket.next()
    #expect(close.opcode == .connectionClose)
    #expect(Socket.code(of: close) == PageSocketHandler.signedOutCode)
    var data = close.data
    _ = data.readWebSocketErrorCode()
    #expect(String(buffer: data) == PageSocketHandler.signedOutReason)
    try await socket.channel.closeFuture.get()
    // The session is closed on the hub's domain, after the socket.
    await socket.hub.waitForSessions(atMost: 0)
    #expect(await socket.hub.sessionCount == 0)
  }

  /// A page that writes after its person was removed is closed within a second of writing,
  /// not at the next ping 30 seconds on, and what it wrote reaches no session.
  @Test func aPageThatWritesAfterItsPersonWasRemovedIsClosedAtOnce() async throws {
    let signedIn = SignedIn()
    let socket = try await Socket(pingInterval: .seconds(30)) { await signedIn.value }
    _ = try await socket.nextText()
    await signedIn.signOut()
    await socket.channel.testingEventLoop.advanceTime(by: .seconds(2))
    // Turning editing on would answer with a patch: the close comes instead, and nothing else.
    try await socket.send(.text, #"{"type":"edit","on":true}"#)
    let frame = try await socket.next()
    #expect(frame.opcode == .connectionClose)
    #expect(Socket.code(of: frame) == PageSocketHandler.signedOutCode)
    try await socket.channel.closeFuture.get()
    await socket.hub.waitForSessions(atMost: 0)
    #expect(await socket.hub.sessionCount == 0)
  }

  /// Someone still signed in is asked at most once a second, and their messages wait for the
  /// answer: each is handled, in order.
  @Test func messagesOfSomeoneSignedInAreHandledAfterTheCheck() async throws {
    let asked = Counter()
    let socket = try await Socket(pingInterval: .seconds(30)) {
      await asked.add()
      return true
    }
    _ = try await socket.nextText()
    try await socket.send(.text, #"{"type":"edit","on":true}"#)
    #expect(try await socket.next().opcode == .text)
    try await socket.send(.text, #"{"type":"edit","on":false}"#)
    #expect(try await socket.next().opcode == .text)
    #expect(await asked.value == 1)
    await socket.channel.testingEventLoop.advanceTime(by: .seconds(2))
    try await socket.send(.text, #"{"type":"edit","on":true}"#)
    #expect(try await socket.next().opcode == .text)
    #expect(await asked.value == 2)
    #expect(socket.channel.isActive)
  }

  /// How many times something happened, as a test counts it.
  actor Counter {
    var value = 0
    func add() { value += 1 }
  }
}

/// A weak reference to a page's socket handler, set on the channel's loop.
final class WeakHandler: @unchecked Sendable {
  weak var value: PageSocketHandler?
}
