import Foundation
import HummingbirdTesting
import HummingbirdWSTesting
import Synchronization
import Testing
import TrellisExamples
import WSClient

@testable import TrellisWeb

/// Windows resting on a shared list are brought up to date together, and a window that
/// leaves its group to act goes on getting exactly what the others get.
@Suite("Resting groups", .timeLimit(.minutes(1)))
struct RestingGroupTests {
  /// One page's socket, read from any of the nested connections' closures: a task reads its
  /// text messages into a stream, which the page takes them from in order.
  actor Page {
    private var texts: AsyncStream<String>.Iterator
    private let reading: Task<Void, any Error>

    init(_ inbound: WebSocketInboundStream) {
      let (stream, continuation) = AsyncStream.makeStream(of: String.self)
      texts = stream.makeAsyncIterator()
      reading = Task {
        defer { continuation.finish() }
        for try await message in inbound.messages(maxSize: .max) {
          if case .text(let text) = message { continuation.yield(text) }
        }
      }
    }

    deinit { reading.cancel() }

    /// The next message of type `type`: the row keys it draws, its `pop`, and its ops as
    /// JSON text.
    func next(_ type: String) async throws -> (
      keys: [String], pop: Int?, ops: String, html: String
    ) {
      for _ in 0..<50 {
        // Taken out while it waits: an actor's property is not mutated across a suspension.
        var reading = texts
        guard let text = await reading.next(isolation: self) else { throw SocketClosed() }
        texts = reading
        let message =
          (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
        guard message["type"] as? String == type else { continue }
        let ops = message["ops"] as? [[String: Any]] ?? []
        let json = String(
          decoding: try JSONSerialization.data(withJSONObject: ops, options: [.sortedKeys]),
          as: UTF8.self)
        let html = (message["html"] as? String ?? "") + json
        return (WebTestSupport.rowKeys(in: html), message["pop"] as? Int, json, html)
      }
      Issue.record("no '\(type)' message arrived")
      return ([], nil, "", "")
    }
  }

  /// Whether a page's work ended, set from its socket's closure.
  final class Ended: Sendable {
    private let flag = Mutex(false)
    var value: Bool { flag.withLock { $0 } }
    func set() { flag.withLock { $0 = true } }
  }

  /// Opens a page's socket at `path` and runs `body` on it. Its ``Page`` reader is cancelled
  /// as the page goes, which can reach the socket while the client closes it: a
  /// cancellation after `body` ended is that, not a failure.
  static func ws(
    _ client: some TestClientProtocol, _ path: String,
    _ body:
      @escaping @Sendable (WebSocketInboundStream, WebSocketOutboundWriter) async throws
      -> Void
  ) async throws {
    let ended = Ended()
    do {
      try await client.ws(path, configuration: WebTestSupport.wsConfiguration) {
        inbound, outbound, _ in
        try await body(inbound, outbound)
        ended.set()
      }
    } catch is CancellationError where ended.value {}
  }

  @Test func restingWindowsGetEveryChangeAndALeaverStaysInStep() async throws {
    // Windows rest as soon as they are quiet: the test does not wait a second for it.
    let server = try WebTestSupport.tasksServer(
      [TaskItem(name: "A"), TaskItem(name: "B")], restingQuietPeriod: .zero)
    let hub = try #require(server.hubs["tasks"])
    try await server.application().test(.live) { client in
      let pages = [
        try await WebTestSupport.openPage(client), try await WebTestSupport.openPage(client),
        try await WebTestSupport.openPage(client),
      ]
      try await Self.ws(client, WebTestSupport.wsPath(pages[0])) { inA, outA in
        let a = Page(inA)
        let keys = try await a.next("screen").keys
        try await Self.ws(client, WebTestSupport.wsPath(pages[1])) { inB, _ in
          let b = Page(inB)
          _ = try await b.next("screen")
          try await Self.ws(client, WebTestSupport.wsPath(pages[2])) {
            inE, outE in
            let editor = Page(inE)
            let list = try await editor.next("screen").keys
            /// Renames the first task from the editor's window.
            func rename(_ name: String) async throws {
              try await outE.send(#"{"type":"select","row":"\#(list[0])"}"#)
              let form = try await editor.next("push").keys
              try await outE.send(#"{"type":"set","row":"\#(form[0])","value":"\#(name)"}"#)
              _ = try await editor.next("patch")
              try await outE.send(#"{"type":"done"}"#)
              _ = try await editor.next("patch")
            }
            // The first change reaches the resting windows one by one; then they rest.
            try await rename("A1")
            let firstA = try await a.next("patch").ops
            let firstB = try await b.next("patch").ops
            #expect(firstA.contains("A1") && firstA == firstB)
            // Every window on the list rests, in one group: the editor too, back on the list.
            #expect(await hub.restingGroupSizes == [3])
            // The next change reaches them through their group: the same message.
            try await rename("A2")
            let secondA = try await a.next("patch").ops
            let secondB = try await b.next("patch").ops
            #expect(secondA.contains("A2") && secondA == secondB)
            // A window that acts leaves its group first, its model catching up unheard with
            // what its page shows. Back on its list after another change, it gets the same
            // steps as the window that stayed.
            try await outA.send(#"{"type":"select","row":"\#(keys[0])"}"#)
            _ = try await a.next("push")
            #expect(await hub.restingGroupSizes == [2], "the editor and the window that stayed")
            try await rename("A3")
            let thirdB = try await b.next("patch").ops
            try await outA.send(#"{"type":"back"}"#)
            var back = try await a.next("patch")
            while back.pop != 1 { back = try await a.next("patch") }
            #expect(thirdB.contains("A3") && back.ops == thirdB, "\(back.ops)\n\(thirdB)")
            #expect(await hub.restingGroupSizes.reduce(0, +) == 3, "all rest again")
          }
        }
      }
    }
  }

  /// A resting window's page names rows where the shared list shows them now: its tap
  /// reaches the row it meant, though its own model last saw them elsewhere.
  @Test func aRestingWindowsTapReachesTheRowItsPageShows() async throws {
    let server = try WebTestSupport.tasksServer(
      [TaskItem(name: "A"), TaskItem(name: "B"), TaskItem(name: "C")], restingQuietPeriod: .zero)
    let hub = try #require(server.hubs["tasks"])
    try await server.application().test(.live) { client in
      let pages = [
        try await WebTestSupport.openPage(client), try await WebTestSupport.openPage(client),
      ]
      try await Self.ws(client, WebTestSupport.wsPath(pages[0])) { inA, outA in
        let a = Page(inA)
        let keys = try await a.next("screen").keys
        try await Self.ws(client, WebTestSupport.wsPath(pages[1])) {
          inE, outE in
          let editor = Page(inE)
          let list = try await editor.next("screen").keys
          // The editor deletes A: the rows below move up on every page.
          try await outE.send(#"{"type":"edit","on":true}"#)
          _ = try await editor.next("screen")
          try await outE.send(#"{"type":"delete","row":"\#(list[0])"}"#)
          _ = try await a.next("patch")
          #expect(await hub.restingGroupSizes.reduce(0, +) >= 1, "the window rests")
          // C, third when the window's model last looked, is second now.
          try await outA.send(#"{"type":"select","row":"\#(keys[2])"}"#)
          let opened = try await a.next("push").html
          #expect(opened.contains(">C<"), "\(opened.prefix(400))")
          #expect(!opened.contains(">New Task<"))
        }
      }
    }
  }

  /// A window in use does not join a group: it would leave again at its next event.
  @Test func aWindowInUseDoesNotRest() async throws {
    let server = try WebTestSupport.tasksServer([TaskItem(name: "A"), TaskItem(name: "B")])
    let hub = try #require(server.hubs["tasks"])
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client)
      try await Self.ws(client, WebTestSupport.wsPath(page)) { inbound, outbound in
        let window = Page(inbound)
        let keys = try await window.next("screen").keys
        try await outbound.send(#"{"type":"select","row":"\#(keys[0])"}"#)
        _ = try await window.next("push")
        try await outbound.send(#"{"type":"back"}"#)
        _ = try await window.next("patch")
        #expect(await hub.restingGroupSizes.isEmpty)
      }
    }
  }
}
