import NIOCore
import NIOWebSocket

/// Messages to many pages, gathered during one delivery step and handed to each event loop at
/// once: a step that sends to thousands of sockets wakes each loop once, not once per socket.
///
/// It lives on the hub, for one step. Each loop writes its messages in the order they were
/// gathered, so every page still gets its messages in the order the hub sent them.
final class OutboxBatch {
  private typealias Write = (channel: any Channel, draw: @Sendable () -> ByteBuffer)
  private var writes: [ObjectIdentifier: (loop: any EventLoop, writes: [Write])] = [:]

  /// Gathers the message `draw` makes for `channel`.
  func add(_ channel: any Channel, _ draw: @escaping @Sendable () -> ByteBuffer) {
    let loop = channel.eventLoop
    writes[ObjectIdentifier(loop), default: (loop, [])].writes.append((channel, draw))
  }

  /// Hands every message gathered to its channel's event loop, which draws and writes them,
  /// each as one text frame; a message to a closed socket is dropped.
  func flush() {
    for (loop, gathered) in writes.values {
      loop.execute {
        for (channel, draw) in gathered {
          let frame = WebSocketFrame(fin: true, opcode: .text, data: draw())
          channel.writeAndFlush(frame, promise: nil)
        }
      }
    }
    writes.removeAll(keepingCapacity: true)
  }
}
