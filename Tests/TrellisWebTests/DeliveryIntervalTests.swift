import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Testing
import TrellisExamples
import WSClient

@testable import TrellisWeb

@Suite("Passing edits on to other windows", .timeLimit(.minutes(1)))
struct DeliveryIntervalTests {
  /// Renames the task at `row` of the list window `outbound` shows: opens it, types `name`,
  /// and comes back with Done.
  static func rename(
    _ row: String, to name: String, outbound: WebSocketOutboundWriter, reader: inout MessageReader
  ) async throws {
    try await outbound.send(#"{"type":"select","row":"\#(row)"}"#)
    let form = WebTestSupport.rowKeys(try await reader.next("push"))
    try await outbound.send(#"{"type":"set","row":"\#(form[0])","value":"\#(name)"}"#)
    _ = try await reader.next("patch")
    try await outbound.send(#"{"type":"done"}"#)
    _ = try await reader.next("patch")
  }

  /// The names of `names` that a patch draws.
  static func names(_ names: [String], in patch: [String: Any]) -> Set<String> {
    let html = (patch["ops"] as? [[String: Any]] ?? []).compactMap { $0["html"] as? String }
      .joined()
    return Set(names.filter { html.contains(">\($0)<") })
  }

  /// Three renames in one window, made in quick succession, reach the window resting on the
  /// list in at most two patches, and the second comes an interval after the first: edits
  /// that arrive within an interval of the last pass wait for the next and go in it together.
  @Test func editsWithinAnIntervalReachAnotherWindowInOnePatch() async throws {
    let interval = 1.5
    let server = try WebTestSupport.tasksServer(
      [TaskItem(name: "A"), TaskItem(name: "B"), TaskItem(name: "C")],
      deliveryInterval: interval)
    let renamed = ["First", "Second", "Third"]
    try await server.application().test(.live) { client in
      let resting = try await WebTestSupport.openPage(client)
      let editing = try await WebTestSupport.openPage(client)
      try await client.ws(
        WebTestSupport.wsPath(resting), configuration: WebTestSupport.wsConfiguration
      ) { inboundA, _, _ in
        var readerA = MessageReader(inboundA)
        _ = try await readerA.next("screen")
        try await client.ws(
          WebTestSupport.wsPath(editing), configuration: WebTestSupport.wsConfiguration
        ) { inboundB, outboundB, _ in
          var readerB = MessageReader(inboundB)
          let rows = WebTestSupport.rowKeys(try await readerB.next("screen"))
          for (row, name) in zip(rows, renamed) {
            try await Self.rename(row, to: name, outbound: outboundB, reader: &readerB)
          }
        }
        // The resting window: every rename arrives, in one or two patches an interval apart.
        var seen = Set<String>()
        var arrivals: [ContinuousClock.Instant] = []
        while seen.count < renamed.count {
          let patch = try await readerA.next("patch")
          let names = Self.names(renamed, in: patch)
          guard !names.isEmpty else { continue }
          seen.formUnion(names)
          arrivals.append(.now)
        }
        #expect(arrivals.count <= 2, "\(arrivals.count) patches for three quick edits")
        if arrivals.count == 2 {
          #expect(arrivals[0].duration(to: arrivals[1]) >= .seconds(interval * 0.9))
        }
      }
    }
  }
}
