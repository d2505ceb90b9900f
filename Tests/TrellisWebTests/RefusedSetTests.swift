import Foundation
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing
import Trellis

@testable import TrellisWeb

/// A value a person may not set, sent by a page all the same: refused every time with the
/// row named, so that the page's control shows the row's value again.
@Suite("A value the person may not set", .timeLimit(.minutes(1)))
struct RefusedSetTests {
  @Test func everyRefusalNamesTheRowToPutBack() async throws {
    let notes = try NotesFixture()
    let server = try WebServer(apps: [notes.app], configuration: WebTestSupport.configuration())
    let hub = try #require(server.hubs["notes"])
    let opened = try await hub.openSession(person: Person(name: "rita", roles: ["reader"]))
    let channel = NIOAsyncTestingChannel()
    try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1))
    let configuration = WebTestSupport.configuration()
    try await channel.eventLoop.submit {
      try channel.pipeline.syncOperations.addHandler(
        PageSocketHandler(
          hub: hub, session: opened.id, token: opened.token, configuration: configuration))
    }.get()
    func next() async throws -> String {
      String(buffer: try await channel.waitForOutboundWrite(as: WebSocketFrame.self).data)
    }
    func keys(_ text: String) throws -> [String] {
      let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      return WebTestSupport.rowKeys(object ?? [:])
    }
    func send(_ text: String) async throws {
      var data = ByteBuffer(string: text)
      let key = try #require(WebSocketMaskingKey([1, 2, 3, 4]))
      data.webSocketMask(key)
      try await channel.writeInbound(
        WebSocketFrame(fin: true, opcode: .text, maskKey: key, data: data))
    }
    let screen = try await next()
    let key = try #require(try keys(screen).first)
    try await send(#"{"type":"select","row":"\#(key)"}"#)
    let form = try await next()
    let title = try #require(try keys(form).first)
    for attempt in 1...2 {
      try await send(#"{"type":"set","pane":"top","row":"\#(title)","value":"Mine \#(attempt)"}"#)
      // The notice may come first, as a patch; the refusal follows.
      var answer = try await next()
      for _ in 0..<3 where !answer.contains(#""type":"error""#) { answer = try await next() }
      #expect(answer.contains(#""type":"error""#), "attempt \(attempt): \(answer)")
      #expect(answer.contains(title), "attempt \(attempt): \(answer)")
      #expect(answer.contains("You may not"), "attempt \(attempt): \(answer)")
    }
    let stored = try notes.store.fetch(FetchOptions()).compactMap {
      ($0.objectValue as? NotesFixture.Note)?.title
    }
    #expect(stored.contains("Note of Ann"))
  }
}
