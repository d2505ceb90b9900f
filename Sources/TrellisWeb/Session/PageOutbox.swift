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
  /// frame; a message to a closed socket is dropped.
  func send(_ draw: @escaping @Sendable () -> ByteBuffer) {
    let channel = channel
    channel.eventLoop.execute {
      let frame = WebSocketFrame(fin: true, opcode: .text, data: draw())
      channel.writeAndFlush(frame, promise: nil)
    }
  }
}
