import Foundation
import HummingbirdTesting
import HummingbirdWSTesting
import Testing
import WSClient

@testable import TrellisWeb

/// Rows named by identity on the wire: an edit reaches the row its session meant wherever
/// other windows have moved it, or is refused when the row is gone.
@Suite("Rows addressed by identity", .timeLimit(.minutes(1)))
struct RowIdentityTests {
  /// The key the pages of app `shelf` know `item` by.
  static func key(_ item: ShelfItem, on server: WebServer) async throws -> String {
    let hub = try #require(server.hubs["shelf"])
    return await hub.rowKey(for: RowID(object: item))
  }

  static func json(_ fields: [String: Any]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
  }

  @Test func anEditLandsOnTheRowMeantAfterAnotherWindowInsertsAbove() async throws {
    let shelf = Shelf(["a", "b", "c"])
    let meant = shelf.items[1]
    let server = try Shelf.server(shelf, configuration: WebTestSupport.configuration())
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client, app: "shelf")
      let key = try await Self.key(meant, on: server)
      #expect(page.html.contains("data-row=\"\(key)\""))
      try await client.ws(
        WebTestSupport.wsPath(app: "shelf", page), configuration: WebTestSupport.wsConfiguration
      ) { inbound, outbound, _ in
        var reader = MessageReader(inbound)
        _ = try await reader.next("screen")
        // The page shows a, b, c; another window inserts a row above before the edit arrives.
        try await server.perform(onApp: "shelf") { shelf.items.insert(ShelfItem("new"), at: 0) }
        try await outbound.send(try Self.json(["type": "set", "row": key, "value": "edited"]))
        _ = try await reader.next("patch")
      }
    }
    #expect(shelf.items.map(\.name) == ["new", "a", "edited", "c"])
  }

  /// The second tap of a double tap reaches the server after the first opened a screen: it
  /// names a row of the screen now covered, and is dropped without a word, while a row that
  /// is gone from every screen is still refused.
  @Test func aSecondTapMeantForACoveredScreenIsDroppedQuietly() async throws {
    let app = WebApp(id: "opener", title: "Opener") {
      let model = TableModel(title: "Home")
      let section = Section()
      var row = Row(id: RowID(scope: section.scope, .string("open")), text: "Open")
      row.action = .push("next")
      section.addRow(row)
      model.addSection(section)
      let navigator = Navigator(root: Screen(model: model))
      navigator.screenProvider = { _, _ in Screen(model: TableModel(title: "Next")) }
      return navigator
    }
    let server = try WebServer(apps: [app], configuration: WebTestSupport.configuration())
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client, app: "opener")
      let key = try #require(
        page.html.firstRange(of: #/data-row="([^"]+)"/#).map { String(page.html[$0]) }?
          .dropFirst(10).dropLast())
      try await client.ws(
        WebTestSupport.wsPath(app: "opener", page), configuration: WebTestSupport.wsConfiguration
      ) { inbound, outbound, _ in
        var reader = MessageReader(inbound)
        _ = try await reader.next("screen")
        try await outbound.send(try Self.json(["type": "select", "row": String(key)]))
        _ = try await reader.next("push")
        try await outbound.send(try Self.json(["type": "select", "row": String(key)]))
        try await outbound.send(try Self.json(["type": "select", "row": "r0"]))
        let reply = try await reader.next()
        #expect(reply["type"] as? String == "error", "\(reply)")
        #expect((reply["message"] as? String)?.contains("no longer on this screen") == true)
      }
    }
  }

  @Test func anEditOfADeletedRowIsRefusedAndChangesNothing() async throws {
    let shelf = Shelf(["a", "b"])
    let gone = shelf.items[0]
    let server = try Shelf.server(shelf, configuration: WebTestSupport.configuration())
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client, app: "shelf")
      let key = try await Self.key(gone, on: server)
      try await client.ws(
        WebTestSupport.wsPath(app: "shelf", page), configuration: WebTestSupport.wsConfiguration
      ) { inbound, outbound, _ in
        var reader = MessageReader(inbound)
        _ = try await reader.next("screen")
        _ = try await server.perform(onApp: "shelf") { shelf.items.remove(at: 0) }
        for message in [
          ["type": "set", "row": key, "value": "edited"], ["type": "select", "row": key],
          ["type": "delete", "row": key], ["type": "move", "row": key, "toSection": "items"],
        ] {
          try await outbound.send(try Self.json(message))
          let error = try await reader.next("error")
          #expect((error["message"] as? String)?.contains("no longer on this screen") == true)
        }
      }
    }
    #expect(shelf.items.map(\.name) == ["b"])
    #expect(gone.name == "a")
  }

  /// A key names a row only while the screen shows it: the server keeps no table of the
  /// keys it gave out, and a key it never gave, or a malformed one, is refused.
  @Test func keysNameOnlyTheRowsShownAndNoTableKeepsThem() async throws {
    let shelf = Shelf(["a", "b"])
    let server = try Shelf.server(shelf, configuration: WebTestSupport.configuration())
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client, app: "shelf")
      let never = try await Self.key(ShelfItem("never shown"), on: server)
      #expect(!page.html.contains(never))
      try await client.ws(
        WebTestSupport.wsPath(app: "shelf", page), configuration: WebTestSupport.wsConfiguration
      ) { inbound, outbound, _ in
        var reader = MessageReader(inbound)
        _ = try await reader.next("screen")
        for key in [never, "r", "x1", "r-1", "rzzzzzzzzzzzzzzzzzz", "r\u{0}"] {
          try await outbound.send(try Self.json(["type": "set", "row": key, "value": "edited"]))
          let error = try await reader.next("error")
          #expect(
            (error["message"] as? String)?.contains("no longer on this screen") == true, "\(key)")
        }
      }
    }
    #expect(shelf.items.map(\.name) == ["a", "b"])
    // The same identity has the same key for as long as the server runs.
    let item = shelf.items[0]
    #expect(try await Self.key(item, on: server) == (try await Self.key(item, on: server)))
  }

  @Test(arguments: [
    ("before", 3, 1, ["a", "d", "b", "c", "e"]), ("after", 0, 3, ["b", "c", "d", "a", "e"]),
    ("before", 0, 4, ["b", "c", "d", "a", "e"]), ("after", 4, 0, ["a", "e", "b", "c", "d"]),
    ("toSection", 1, 0, ["a", "c", "d", "e", "b"]), ("after", 2, 2, ["a", "b", "c", "d", "e"]),
  ])
  func aMoveNamesTheRowItLandsBeside(
    _ side: String, _ moved: Int, _ anchor: Int, _ expected: [String]
  ) async throws {
    let shelf = Shelf(["a", "b", "c", "d", "e"])
    let items = shelf.items
    let server = try Shelf.server(shelf, configuration: WebTestSupport.configuration())
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client, app: "shelf")
      let row = try await Self.key(items[moved], on: server)
      let beside = side == "toSection" ? "items" : try await Self.key(items[anchor], on: server)
      try await client.ws(
        WebTestSupport.wsPath(app: "shelf", page), configuration: WebTestSupport.wsConfiguration
      ) { inbound, outbound, _ in
        var reader = MessageReader(inbound)
        _ = try await reader.next("screen")
        try await outbound.send(try Self.json(["type": "move", "row": row, side: beside]))
        // An error answers only once everything before it was handled.
        try await outbound.send(#"{"type":"fly"}"#)
        _ = try await reader.next("error")
      }
    }
    #expect(shelf.items.map(\.name) == expected)
  }

  /// Two sessions on one list: B inserts, deletes and moves rows while A edits rows it chose
  /// before B acted. Every edit lands on the row A meant, or is refused when B deleted it.
  @Test(arguments: [1, 2, 3, 4])
  func editsNeverLandOnAnotherRowWhileAnotherSessionRearranges(seed: UInt64) async throws {
    let shelf = Shelf((0..<6).map { "item \($0)" })
    let server = try Shelf.server(shelf, configuration: WebTestSupport.configuration())
    try await server.application().test(.live) { client in
      let pageA = try await WebTestSupport.openPage(client, app: "shelf")
      let pageB = try await WebTestSupport.openPage(client, app: "shelf")
      try await client.ws(
        WebTestSupport.wsPath(app: "shelf", pageA), configuration: WebTestSupport.wsConfiguration
      ) { inboundA, outboundA, _ in
        try await client.ws(
          WebTestSupport.wsPath(app: "shelf", pageB),
          configuration: WebTestSupport.wsConfiguration
        ) { inboundB, outboundB, _ in
          var readerA = MessageReader(inboundA)
          _ = try await readerA.next("screen")
          var expected = shelf.items
          var names = Dictionary(
            uniqueKeysWithValues: expected.map { (ObjectIdentifier($0), $0.name) })
          var all = expected
          var random = SplitMix(seed: seed)
          var readerB = MessageReader(inboundB)
          _ = try await readerB.next("screen")
          for step in 0..<30 {
            // A picks its row from the list as it was before B acts.
            let meant = all[random.next(all.count)]
            let meantKey = try await Self.key(meant, on: server)
            switch random.next(3) {
            case 0 where expected.count < 12:
              let item = ShelfItem("new \(step)")
              let index = random.next(expected.count + 1)
              expected.insert(item, at: index)
              all.append(item)
              names[ObjectIdentifier(item)] = item.name
              let at = index
              try await server.perform(onApp: "shelf") { shelf.items.insert(item, at: at) }
            case 1 where expected.count > 2:
              let index = random.next(expected.count)
              let removed = expected.remove(at: index)
              let key = try await Self.key(removed, on: server)
              try await outboundB.send(try Self.json(["type": "delete", "row": key]))
              try await outboundB.send(#"{"type":"fly"}"#)
              _ = try await readerB.next("error")
            default:
              let from = random.next(expected.count)
              var to = random.next(expected.count)
              if to == from { to = (from + 1) % expected.count }
              let item = expected[from]
              let anchor = expected[to]
              let key = try await Self.key(item, on: server)
              let anchorKey = try await Self.key(anchor, on: server)
              let side = random.next(2) == 0 ? "before" : "after"
              expected.remove(at: from)
              let at = expected.firstIndex { $0 === anchor } ?? 0
              expected.insert(item, at: side == "before" ? at : at + 1)
              try await outboundB.send(
                try Self.json(["type": "move", "row": key, side: anchorKey]))
              try await outboundB.send(#"{"type":"fly"}"#)
              _ = try await readerB.next("error")
            }
            let value = "A edit \(step)"
            try await outboundA.send(
              try Self.json(["type": "set", "row": meantKey, "value": value]))
            let stillThere = expected.contains { $0 === meant }
            let reply = try await readerA.nextReply(containing: value)
            if stillThere {
              #expect(reply["type"] as? String == "patch", "step \(step): \(reply)")
              names[ObjectIdentifier(meant)] = value
            } else {
              #expect(reply["type"] as? String == "error", "step \(step): \(reply)")
              #expect((reply["message"] as? String)?.contains("no longer on this screen") == true)
            }
            let everything = all
            let (order, current) = try await server.perform(onApp: "shelf") {
              (shelf.items.map(ObjectIdentifier.init), everything.map(\.name))
            }
            #expect(order == expected.map(ObjectIdentifier.init), "step \(step)")
            #expect(current == all.map { names[ObjectIdentifier($0)] ?? "" }, "step \(step)")
          }
        }
      }
    }
  }
}

/// A small, seeded random number generator, so that a failing run repeats.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  /// A number in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Int(z % UInt64(max(bound, 1)))
  }
}

extension MessageReader {
  /// Skips messages until an error, or a patch whose HTML shows `text`.
  mutating func nextReply(containing text: String) async throws -> [String: Any] {
    for _ in 0..<50 {
      let message = try await next()
      if message["type"] as? String == "error" { return message }
      let ops = message["ops"] as? [[String: Any]] ?? []
      if ops.contains(where: { ($0["html"] as? String)?.contains(text) == true }) {
        return message
      }
    }
    Issue.record("no reply arrived")
    return [:]
  }
}
