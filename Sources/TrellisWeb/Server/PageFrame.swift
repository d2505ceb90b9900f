import NIOCore

/// A server's WebSocket frame as bytes (RFC 6455, section 5.2), ready for the socket.
///
/// NIO's frame encoder frames each write on its own, and a payload that all pages share has
/// no room before it for the header: every socket would get a header buffer of its own. A
/// message sent to many pages is framed here once, and each socket writes the same bytes.
enum PageFrame {
  /// The single, final text frame of `payload`; a server's frames are not masked.
  static func text(_ payload: ByteBuffer, allocator: ByteBufferAllocator) -> ByteBuffer {
    let length = payload.readableBytes
    var frame = allocator.buffer(capacity: length + 10)
    // FIN and the text opcode.
    frame.writeInteger(UInt8(0x81))
    if length < 126 {
      frame.writeInteger(UInt8(length))
    } else if length <= Int(UInt16.max) {
      frame.writeInteger(UInt8(126))
      frame.writeInteger(UInt16(length))
    } else {
      frame.writeInteger(UInt8(127))
      frame.writeInteger(UInt64(length))
    }
    var payload = payload
    frame.writeBuffer(&payload)
    return frame
  }
}
