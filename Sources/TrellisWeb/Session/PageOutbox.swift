import NIOCore
import NIOWebSocket

/// Where a session's messages to its page go: its WebSocket's channel, written on the
/// channel's own event loop.
///
/// The hub hands each message over as a closure that draws it, and the event loop draws and
/// writes it: the drawing happens beside the hub, not on it, and a message costs the hub one
/// hand-over, with no task between the hub and the socket. The loop runs what it is handed in
/// order, so the page gets the messages in the order the hub sent them.
struct PageOutbox: Sendable {
  let channel: any Channel

  /// Draws the message `draw` makes on the channel's event loop and writes it as one text
  /// frame; a message to a closed socket is dropped, and one to a page that has fallen
  /// behind closes it (``write(_:to:)``).
  func send(_ draw: @escaping @Sendable () -> ByteBuffer) {
    let channel = channel
    channel.eventLoop.execute {
      guard Self.canTakeMore(channel) else { return }
      channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: draw()), promise: nil)
    }
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
  /// A loop writes ``writesPerTurn`` sockets, then hands itself the rest: a page's answer to
  /// its own event, handed over meanwhile, goes out between two turns, not after every
  /// other window's copy. The loop reads its sockets only when every turn is done (it runs
  /// the jobs handed to it meanwhile first): yielding to reads between turns, through a pipe
  /// the loop reads, was measured, and it cut the writes a loop makes per second by a fifth
  /// on a busy machine.
  static func send(_ draw: @escaping @Sendable () -> ByteBuffer, to outboxes: [PageOutbox]) {
    var byLoop: [ObjectIdentifier: (loop: any EventLoop, channels: [any Channel])] = [:]
    for outbox in outboxes {
      let loop = outbox.channel.eventLoop
      byLoop[ObjectIdentifier(loop), default: (loop, [])].channels.append(outbox.channel)
    }
    for (loop, channels) in byLoop.values {
      write(draw, to: channels[...], on: loop)
    }
  }

  /// How many sockets a loop writes a shared message to before it turns to other work.
  static let writesPerTurn = 256

  private static func write(
    _ draw: @escaping @Sendable () -> ByteBuffer, to channels: ArraySlice<any Channel>,
    on loop: any EventLoop
  ) {
    loop.execute {
      let data = draw()
      let end = min(channels.startIndex + writesPerTurn, channels.endIndex)
      for channel in channels[..<end] where canTakeMore(channel) {
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: data), promise: nil)
      }
      if end < channels.endIndex { write(draw, to: channels[end...], on: loop) }
    }
  }
}

/// A page's socket holds more unsent bytes than its limit: its handler closes it.
struct PageFellBehind: Sendable {}
