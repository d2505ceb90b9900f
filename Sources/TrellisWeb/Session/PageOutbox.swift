import NIOCore
import NIOWebSocket

/// Where a session's messages to its page go: its WebSocket's channel, written on the
/// channel's own event loop.
///
/// The hub hands each message over as a closure that draws it, and the event loop draws and
/// writes it: the drawing happens beside the hub, not on it, and a message costs the hub one
/// hand-over, with no task between the hub and the socket. The loop runs what it is handed in
/// order, so the page gets the messages in the order the hub sent them.
///
/// Messages go out as WebSocket frames encoded here (``PageFrame``), written below the
/// channel's frame encoder: a message sent to thousands of pages is framed once per loop, and
/// each socket's write is one buffer that all of them share.
struct PageOutbox: Sendable {
  let channel: any Channel
  /// The page's socket handler, which writes encoded frames; `nil` writes frames through the
  /// channel's pipeline.
  let handler: NIOLoopBound<PageSocketHandler>?

  init(channel: any Channel, handler: NIOLoopBound<PageSocketHandler>? = nil) {
    self.channel = channel
    self.handler = handler
  }

  /// Draws the message `draw` makes on the channel's event loop and writes it as one text
  /// frame; a message to a closed socket is dropped, and one to a page that has fallen
  /// behind closes it (``canTakeMore(_:)``).
  func send(_ draw: @escaping @Sendable () -> ByteBuffer) {
    let outbox = self
    channel.eventLoop.execute {
      guard Self.canTakeMore(outbox.channel) else { return }
      let data = draw()
      outbox.write(PageFrame.text(data, allocator: outbox.channel.allocator), or: data)
      outbox.flush()
    }
  }

  /// Writes `frame`, the encoded text frame of `data`, below the frame encoder; a channel
  /// without one (a test's) is written `data` as a frame. It waits in the channel for
  /// ``flush()``. Runs on the channel's event loop.
  private func write(_ frame: @autoclosure () -> ByteBuffer, or data: ByteBuffer) {
    if let handler, handler.value.writeEncoded(frame()) { return }
    channel.write(WebSocketFrame(fin: true, opcode: .text, data: data), promise: nil)
  }

  /// Sends what was written to the socket and not sent yet. Runs on the channel's event loop.
  private func flush() {
    if let handler, handler.value.flushEncoded() { return }
    channel.flush()
  }

  /// Whether `channel` can take another message: a socket holding more than its high mark
  /// of unsent bytes belongs to a page that stopped reading or cannot keep up, and its
  /// handler is told to close it (``PageFellBehind``) rather than let the backlog grow.
  static func canTakeMore(_ channel: any Channel) -> Bool {
    guard !channel.isWritable else { return true }
    if channel.isActive { channel.pipeline.fireUserInboundEventTriggered(PageFellBehind()) }
    return false
  }

  /// Sends the message `draw` makes to every page of `outboxes`: each event loop draws it
  /// once and writes it to its sockets, after whatever the hub handed it before for them.
  ///
  /// The loop writes the message to all its sockets at once, without sending it, so that each
  /// socket holds its messages in the order the hub sent them, whichever is sent first. It
  /// then sends them ``writesPerTurn`` sockets at a time, and hands itself the rest after each
  /// turn: a page's answer to its own event, or the next shared message, handed over
  /// meanwhile, runs between two turns, and goes out after the messages before it. A socket
  /// whose turn comes after the next message was written sends both with one system call.
  ///
  /// The loop reads its sockets only when every turn is done (it runs the jobs handed to it
  /// meanwhile first). Reading between turns, after a pause of 20 µs, was measured at 10,000
  /// pages: it made both the fan-out and the answers slower.
  static func send(_ draw: @escaping @Sendable () -> ByteBuffer, to outboxes: [PageOutbox]) {
    var byLoop: [ObjectIdentifier: (loop: any EventLoop, outboxes: [PageOutbox])] = [:]
    for outbox in outboxes {
      let loop = outbox.channel.eventLoop
      byLoop[ObjectIdentifier(loop), default: (loop, [])].outboxes.append(outbox)
    }
    for (loop, outboxes) in byLoop.values {
      loop.execute {
        let data = draw()
        let frame = PageFrame.text(data, allocator: outboxes[0].channel.allocator)
        var written: [PageOutbox] = []
        written.reserveCapacity(outboxes.count)
        for outbox in outboxes where canTakeMore(outbox.channel) {
          outbox.write(frame, or: data)
          written.append(outbox)
        }
        flush(written[...], on: loop)
      }
    }
  }

  /// How many sockets a loop sends a shared message to before it turns to other work.
  static let writesPerTurn = 256

  /// Sends what one turn's sockets of `outboxes` hold, on `loop`, and hands the loop the rest.
  private static func flush(_ outboxes: ArraySlice<PageOutbox>, on loop: any EventLoop) {
    let end = min(outboxes.startIndex + writesPerTurn, outboxes.endIndex)
    for outbox in outboxes[..<end] { outbox.flush() }
    guard end < outboxes.endIndex else { return }
    let rest = outboxes[end...]
    loop.execute { flush(rest, on: loop) }
  }
}

/// A page's socket holds more unsent bytes than its limit: its handler closes it.
struct PageFellBehind: Sendable {}
