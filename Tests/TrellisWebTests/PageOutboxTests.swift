import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import TrellisWeb

/// Messages to many pages of one event loop reach each page in the order the hub sent them,
/// however many turns the loop takes to send them.
@Suite("Page outboxes")
struct PageOutboxTests {
  /// The texts of the frames `channel` sent, in order.
  static func sent(_ channel: EmbeddedChannel) throws -> [String] {
    var texts: [String] = []
    while let frame = try channel.readOutbound(as: WebSocketFrame.self) {
      texts.append(String(buffer: frame.data))
    }
    return texts
  }

  /// A message that draws as `text`.
  static func message(_ text: String) -> @Sendable () -> ByteBuffer {
    { ByteBuffer(string: text) }
  }

  @Test func eachPageGetsTheMessagesInTheOrderTheHubSentThem() throws {
    let loop = EmbeddedEventLoop()
    let channels = (0..<600).map { _ in EmbeddedChannel(loop: loop) }
    let outboxes = channels.map { PageOutbox(channel: $0) }
    // More pages than one turn sends to; the second message to fewer of them, so that its
    // turns start at other pages; and one page's own answer, handed over last.
    PageOutbox.send(Self.message("1"), to: outboxes)
    PageOutbox.send(Self.message("2"), to: Array(outboxes[10...]))
    outboxes[300].send(Self.message("3"))
    loop.run()
    var wrong: [String] = []
    for (index, channel) in channels.enumerated() {
      let expected = index < 10 ? ["1"] : index == 300 ? ["1", "2", "3"] : ["1", "2"]
      let got = try Self.sent(channel)
      if got != expected { wrong.append("page \(index): \(got)") }
    }
    #expect(wrong.isEmpty, "\(wrong.count) pages: \(wrong.prefix(5))")
  }
}
