import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import NIOCore
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

  @Test func everyScriptModuleIsServedAsJavaScript() async throws {
    // The page loads trellis.js as a module; it and the modules it imports name the others by
    // relative paths. Each is served, as JavaScript (browsers run no module served otherwise).
    let server = try WebTestSupport.tasksServer([])
    try await server.application().test(.router) { client in
      var pending = ["trellis.js"]
      var seen: Set<String> = []
      while let name = pending.popLast() {
        guard seen.insert(name).inserted else { continue }
        let script = try await client.execute(uri: "/assets/\(name)", method: .get)
        #expect(script.status == .ok, "\(name)")
        #expect(script.headers[.contentType] == "text/javascript; charset=utf-8", "\(name)")
        for match in String(buffer: script.body).matches(of: #/from "\./([a-z]+\.js)"/#) {
          pending.append(String(match.1))
        }
      }
      #expect(seen == Set(WebAssets.scripts))
      #expect(try await client.execute(uri: "/assets/nothing.js", method: .get).status == .notFound)
      let page = try await WebTestSupport.openPage(client)
      #expect(page.html.contains("<script type=\"module\" src=\"/assets/trellis.js\"></script>"))
    }
  }

  /// A page loaded again revalidates each script and gets 304 without a body while it is
  /// unchanged; the page asks for every module at once.
  @Test func anUnchangedScriptIsAnswered304() async throws {
    let server = try WebTestSupport.tasksServer([])
    try await server.application().test(.router) { client in
      let first = try await client.execute(uri: "/assets/patch.js", method: .get)
      let tag = try #require(first.headers[.eTag])
      #expect(first.headers[.cacheControl] == "no-cache")
      var asking = HTTPFields()
      asking[.ifNoneMatch] = "\"other\", " + tag
      let again = try await client.execute(uri: "/assets/patch.js", method: .get, headers: asking)
      #expect(again.status == .notModified)
      #expect(again.body.readableBytes == 0)
      #expect(again.headers[.eTag] == tag)
      asking[.ifNoneMatch] = "\"other\""
      let changed = try await client.execute(uri: "/assets/patch.js", method: .get, headers: asking)
      #expect(changed.status == .ok)
      #expect(String(buffer: changed.body) == String(buffer: first.body))
      let page = try await WebTestSupport.openPage(client)
      for script in WebAssets.scripts.dropFirst() {
        #expect(page.html.contains("<link rel=\"modulepreload\" href=\"/assets/\(script)\">"))
      }
    }
  }

  @Test func headAnswersAsGetWithoutABodyAndOpensNoSession() async throws {
    let server = try WebTestSupport.tasksServer([TaskItem(name: "Buy milk")])
    try await server.application().test(.live) { client in
      for path in ["/", "/assets/trellis.js", "/favicon.ico"] {
        let get = try await client.execute(uri: path, method: .get)
        let head = try await client.execute(uri: path, method: .head)
        #expect(head.status == .ok, "\(path)")
        #expect(head.body.readableBytes == 0, "\(path)")
        #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
        #expect(head.headers[.contentLength] == "\(get.body.readableBytes)", "\(path)")
      }
      let app = try await client.execute(uri: "/apps/tasks", method: .head)
      #expect(app.status == .ok)
      #expect(app.headers[.contentType]?.hasPrefix("text/html") == true)
      #expect(await server.sessionCount(app: "tasks") == 0)
      #expect(try await client.execute(uri: "/apps/nothing", method: .head).status == .notFound)
    }
  }

  @Test func sessionsAboveTheLimitAreRefused() async throws {
    // Unshown pages keep their places however slowly a loaded machine runs the test.
    let server = try ConnectionTimeoutTests.server {
      $0.maxSessionsPerApp = 2
      $0.pendingSessionGrace = .seconds(3600)
    }
    try await server.application().test(.router) { client in
      #expect(try await client.execute(uri: "/apps/tasks", method: .get).status == .ok)
      #expect(try await client.execute(uri: "/apps/tasks", method: .get).status == .ok)
      let refused = try await client.execute(uri: "/apps/tasks", method: .get)
      #expect(refused.status == .serviceUnavailable)
      #expect(await server.sessionCount(app: "tasks") == 2)
    }
  }

  /// Pages loaded and never shown cannot keep everyone out: when the app is full, a new page
  /// takes the place of the oldest one that has not connected in time, never of a page in use.
  @Test func aFullAppGivesTheOldestUnshownPagesPlaceToANewPage() async throws {
    let server = try ConnectionTimeoutTests.server {
      $0.maxSessionsPerApp = 2
      $0.pendingSessionGrace = .zero
    }
    try await server.application().test(.live) { client in
      let shown = try await WebTestSupport.openPage(client)
      try await client.ws(
        WebTestSupport.wsPath(shown), configuration: WebTestSupport.wsConfiguration
      ) { inbound, _, _ in
        var reader = MessageReader(inbound)
        _ = try await reader.next("screen")
        let unshown = try await WebTestSupport.openPage(client)
        // Full: the unshown page gives its place; the page in use keeps its own.
        let next = try await WebTestSupport.openPage(client)
        #expect(next.id != unshown.id)
        #expect(await server.sessionCount(app: "tasks") == 2)
        #expect(
          await server.hubs["tasks"]?.canAttach(session: unshown.id, token: unshown.token) == false)
        let third = try await WebTestSupport.openPage(client)
        #expect(third.id != next.id)
        #expect(await server.sessionCount(app: "tasks") == 2)
      }
    }
  }

  @Test func oneClientCannotTakeEveryOneOfAnAppsSessions() async throws {
    var configuration = WebTestSupport.configuration(maxSessions: 10)
    configuration.maxSessionsPerClient = 2
    let definition = try TasksApp.taskDefinition()
    let store = MemoryStore(objects: [TaskItem](), definition: definition)
    let app = WebApp(id: "tasks", title: "Tasks") {
      Navigator(root: TasksApp.listScreen(store: store, definition: definition))
    }
    let server = try WebServer(apps: [app], configuration: configuration)
    let hub = try #require(server.hubs["tasks"])
    let hog = ClientAddress(try SocketAddress(ipAddress: "192.0.2.7", port: 50_000))
    let other = ClientAddress(try SocketAddress(ipAddress: "192.0.2.8", port: 50_001))
    let first = try await hub.openSession(for: hog)
    _ = try await hub.openSession(for: hog)
    await #expect(throws: WebHostError.tooManySessionsFromClient(2)) {
      try await hub.openSession(for: hog)
    }
    // Everyone else still gets sessions.
    _ = try await hub.openSession(for: other)
    _ = try await hub.openSession(for: other)
    #expect(await server.sessionCount(app: "tasks") == 4)
    // A closed session no longer counts against its client.
    await hub.close(session: first.id)
    _ = try await hub.openSession(for: hog)

    // Over HTTP, a client over its limit is told so, with 429.
    try await server.application().test(.live) { client in
      #expect(try await client.execute(uri: "/apps/tasks", method: .get).status == .ok)
      #expect(try await client.execute(uri: "/apps/tasks", method: .get).status == .ok)
      let refused = try await client.execute(uri: "/apps/tasks", method: .get)
      #expect(refused.status == .tooManyRequests)
      #expect(String(buffer: refused.body).contains("Too many sessions from your address"))
      #expect(await server.sessionCount(app: "tasks") == 6)
    }
  }

  @Test func clientsAreCountedByAddressAndIPv6ClientsByNetwork() throws {
    func client(_ ip: String) throws -> String {
      ClientAddress(try SocketAddress(ipAddress: ip, port: 1)).description
    }
    #expect(try client("192.0.2.7") == "192.0.2.7")
    #expect(try client("::ffff:192.0.2.7") == "192.0.2.7")
    #expect(try client("2001:db8:0:1::5") == "2001:db8:0:1::/64")
    #expect(try client("2001:db8:0:1:ffff::9") == "2001:db8:0:1::/64")
    #expect(try client("2001:db8:0:2::5") != client("2001:db8:0:1::5"))
    #expect(try client("::1") == "::1")
    #expect(ClientAddress(nil).description == "unknown")
    #expect(WebConfiguration().maxSessionsPerClient == 20)
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
