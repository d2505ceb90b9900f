import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Testing
import TrellisExamples
import WSClient

@testable import TrellisWeb

@Suite("Web server pages and limits", .timeLimit(.minutes(2)))
struct WebServerTests {
  @Test func homeListsTheAppsAndPagesCarryASession() async throws {
    let server = try WebTestSupport.tasksServer([TaskItem(name: "Buy <b>milk</b>")])
    try await server.application().test(.router) { client in
      let home = try await client.execute(uri: "/", method: .get)
      #expect(home.status == .ok)
      let homeHTML = String(buffer: home.body)
      #expect(homeHTML.contains("href=\"/apps/tasks\""))
      #expect(home.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)

      let page = try await WebTestSupport.openPage(client)
      #expect(page.html.contains("Buy &lt;b&gt;milk&lt;/b&gt;"))
      #expect(!page.html.contains("<b>milk"))
      #expect(page.html.contains("<h1 class=\"title\">Tasks</h1>"))
      #expect(page.token.count == 48)
      let other = try await WebTestSupport.openPage(client)
      #expect(other.id != page.id && other.token != page.token)
      #expect(await server.sessionCount(app: "tasks") == 2)
    }
  }

  @Test func assetsAreServedAndUnknownAppsAreNotFound() async throws {
    let server = try WebTestSupport.tasksServer([])
    try await server.application().test(.router) { client in
      let script = try await client.execute(uri: "/assets/trellis.js", method: .get)
      #expect(script.status == .ok)
      #expect(String(buffer: script.body).contains("WebSocket"))
      let style = try await client.execute(uri: "/assets/trellis.css", method: .get)
      #expect(style.headers[.contentType]?.hasPrefix("text/css") == true)
      #expect(
        try await client.execute(uri: "/assets/../Package.swift", method: .get).status == .notFound)
      let missing = try await client.execute(uri: "/apps/%3Cscript%3E", method: .get)
      #expect(missing.status == .notFound)
      #expect(!String(buffer: missing.body).contains("<script>"))
    }
  }

  @Test func sessionsAboveTheLimitAreRefused() async throws {
    let server = try WebTestSupport.tasksServer([], maxSessions: 2)
    try await server.application().test(.router) { client in
      #expect(try await client.execute(uri: "/apps/tasks", method: .get).status == .ok)
      #expect(try await client.execute(uri: "/apps/tasks", method: .get).status == .ok)
      let refused = try await client.execute(uri: "/apps/tasks", method: .get)
      #expect(refused.status == .serviceUnavailable)
      #expect(await server.sessionCount(app: "tasks") == 2)
    }
  }

  static func numbersServer(rows: Int, onDemand: Bool = true) throws -> WebServer {
    let numbers = (0..<rows).map { "Number \($0)" }
    let app = WebApp(id: "numbers", title: "Numbers") {
      let model = TableModel(title: "Numbers", style: .plain)
      let section = ContentSection(id: "n", content: numbers) { n, row in row.text = n }
      section.rendersRowsOnDemand = onDemand
      model.addSection(section)
      return Navigator(root: Screen(model: model))
    }
    return try WebServer(apps: [app], configuration: WebTestSupport.configuration())
  }

  @Test func aMillionRowSectionSendsOnlyAWindow() async throws {
    let server = try Self.numbersServer(rows: 1_000_000)
    try await server.application().test(.router) { client in
      let page = try await WebTestSupport.openPage(client, app: "numbers")
      #expect(page.html.utf8.count < 64 * 1024)
      #expect(page.html.contains("data-count=\"1000000\""))
      #expect(page.html.contains("Number 0<") && !page.html.contains("Number 40<"))
    }
  }

  @Test(arguments: [true, false])
  func theClientAsksForTheRowsInView(onDemand: Bool) async throws {
    let server = try Self.numbersServer(rows: 20_000, onDemand: onDemand)
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client, app: "numbers")
      try await client.ws(
        WebTestSupport.wsPath(app: "numbers", page), configuration: WebTestSupport.wsConfiguration
      ) { inbound, outbound, _ in
        var reader = MessageReader(inbound)
        _ = try await reader.next("screen")
        try await outbound.send(#"{"type":"window","section":"n","start":10000,"end":19999}"#)
        let rows = try await reader.next("rows")
        let html = rows["rows"] as? [String] ?? []
        #expect(rows["start"] as? Int == 10_000)
        #expect(rows["count"] as? Int == 20_000)
        #expect(html.count == server.configuration.maxWindowRows)
        #expect(html.first?.contains("Number 10000<") == true)
        #expect(html.first?.contains("data-i=\"10000\"") == true)
        #expect(rows["section"] as? String == "n")
        #expect(html.first?.contains("data-row=\"") == true)
      }
    }
  }
}
