import Foundation
import HummingbirdTesting
import HummingbirdWSTesting
import Testing
import Trellis
import WSClient

@testable import TrellisWeb

/// A row that opens an address is a button the server is told of, and the server's `open`
/// message names the address for the page to open in a new tab, each time it is tapped.
@Suite("Opened addresses", .timeLimit(.minutes(1)))
struct OpenedAddressTests {
  static func linkRow(_ url: String, id: String = "open") -> Row {
    var row = Row(id: RowID(.string(id)), kind: .link, text: "Open \(id)")
    row.attributes.url = url
    row.action = .open(url)
    return row
  }

  @Test func aLinkRowIsAButtonNotAPlainLink() {
    let row = RowSnapshot(Self.linkRow("https://example.com/"))
    let html = HTMLRenderer().row(row, index: 0, editing: false)
    #expect(html.contains("<button type=\"button\" class=\"cell select link\""))
    #expect(html.contains("opens in a new tab"))
    #expect(!html.contains("<a "))
    #expect(!html.contains("href"))
  }

  @Test func theOpenMessageNamesTheAddress() {
    #expect(
      ServerMessage.open("https://example.com/?a=1&b=2").json
        == #"{"type":"open","url":"https://example.com/?a=1&b=2"}"#)
  }

  @Test func selectingTheRowSendsTheAddressEveryTimeAndNeverAScript() async throws {
    let app = WebApp(id: "links", title: "Links") {
      let section = Section(header: "Links")
      section.addRow(Self.linkRow("https://example.com/", id: "web"))
      section.addRow(Self.linkRow("javascript:alert(1)", id: "script"))
      let model = TableModel(title: "Links")
      model.addSection(section)
      return Navigator(root: Screen(model: model))
    }
    let server = try WebServer(apps: [app], configuration: WebTestSupport.configuration())
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client, app: "links")
      try await client.ws(
        WebTestSupport.wsPath(app: "links", page), configuration: WebTestSupport.wsConfiguration
      ) { inbound, outbound, _ in
        var reader = MessageReader(inbound)
        let keys = WebTestSupport.rowKeys(try await reader.next("screen"))
        #expect(keys.count == 2)
        for _ in 0..<2 {
          try await outbound.send(#"{"type":"select","pane":"top","row":"\#(keys[0])"}"#)
          let opened = try await reader.next("open")
          #expect(opened["url"] as? String == "https://example.com/")
        }
        // A script is never sent to be opened; the web address after it is.
        try await outbound.send(#"{"type":"select","pane":"top","row":"\#(keys[1])"}"#)
        try await outbound.send(#"{"type":"select","pane":"top","row":"\#(keys[0])"}"#)
        var types: [String] = []
        while true {
          let message = try await reader.next()
          types.append(message["type"] as? String ?? "")
          if message["type"] as? String == "open" {
            #expect(message["url"] as? String == "https://example.com/")
            break
          }
        }
        #expect(types.filter { $0 == "open" }.count == 1)
      }
    }
  }
}
