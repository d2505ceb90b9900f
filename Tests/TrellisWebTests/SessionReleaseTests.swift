import Foundation
import NIOEmbedded
import NIOWebSocket
import Testing
import Trellis
import TrellisExamples
import TrellisSQLiteExamples

@testable import TrellisWeb

/// A closed session leaves nothing behind: its navigator, screens and models are released,
/// so that people opening and closing windows all day keep the server's memory flat.
@Suite("Sessions released when they close")
struct SessionReleaseTests {
  final class WeakModel: @unchecked Sendable {
    weak var model: TableModel?
  }

  @Test(arguments: ["memory", "sqlite"])
  func aClosedContactsSessionIsReleased(store kind: String) async throws {
    let store: any DataStore =
      kind == "sqlite"
      ? try ContactsApp.sqliteStore(people: 60)
      : MemoryStore(objects: ContactsApp.people(30), definition: try ContactsApp.definition())
    let server = try WebServer(
      apps: [
        WebApp(id: "contacts", title: "Contacts") {
          let list = try ContactsApp.model(store: store)
          return Navigator(root: Screen(arrayOfObjects: list, navigationBar: .editRight))
        }
      ], configuration: WebTestSupport.configuration())
    let hub = try #require(server.hubs["contacts"])
    let weak = WeakModel()
    for _ in 0..<3 {
      let opened = try await hub.openSession()
      let channel = NIOAsyncTestingChannel()
      #expect(
        await hub.attach(
          session: opened.id, token: opened.token, outbox: PageOutbox(channel: channel)))
      await hub.keepModel(ofSession: opened.id, in: weak)
      _ = try await channel.waitForOutboundWrite(as: WebSocketFrame.self)
      #expect(weak.model != nil)
      await hub.close(session: opened.id)
      #expect(weak.model == nil, "the closed session's model is still held")
    }
  }
}

extension WebAppHub {
  /// Puts a weak reference to session `id`'s first screen's model in `box`.
  fileprivate func keepModel(ofSession id: String, in box: SessionReleaseTests.WeakModel) {
    box.model = sessions[id]?.navigator.stack.first?.model
  }
}
