import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import TrellisWeb

/// Frames encoded once for many pages read back, through NIO's own decoder, as the messages
/// they carry.
@Suite("Page frames")
struct PageFrameTests {
  /// The frames NIO's decoder reads from `bytes`.
  static func decoded(_ bytes: ByteBuffer) throws -> [WebSocketFrame] {
    let channel = EmbeddedChannel(
      handler: ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 20)))
    try channel.writeInbound(bytes)
    var frames: [WebSocketFrame] = []
    while let frame = try channel.readInbound(as: WebSocketFrame.self) { frames.append(frame) }
    _ = try channel.finish()
    return frames
  }

  /// Each length form (7-bit, 16-bit, 64-bit) at and around its bounds.
  @Test(arguments: [0, 1, 125, 126, 127, 65_535, 65_536, 70_000])
  func aTextFrameReadsBackAsItsPayload(length: Int) throws {
    let text = String(repeating: "é", count: length / 2) + (length % 2 == 1 ? "x" : "")
    let payload = ByteBuffer(string: text)
    #expect(payload.readableBytes == length)
    let frames = try Self.decoded(PageFrame.text(payload, allocator: ByteBufferAllocator()))
    #expect(frames.count == 1)
    let frame = try #require(frames.first)
    #expect(frame.fin)
    #expect(frame.opcode == .text)
    #expect(frame.maskKey == nil)
    #expect(String(buffer: frame.data) == text)
  }

  /// One buffer written to many sockets is not consumed by any of them.
  @Test func framingLeavesThePayloadToBeReadAgain() throws {
    let payload = ByteBuffer(string: #"{"type":"patch"}"#)
    let first = PageFrame.text(payload, allocator: ByteBufferAllocator())
    let second = PageFrame.text(payload, allocator: ByteBufferAllocator())
    #expect(first == second)
    #expect(payload.readableBytes == 16)
  }
}
