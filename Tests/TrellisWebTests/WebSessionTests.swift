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

@Suite("WebSocket sessions", .timeLimit(.minutes(1)))
struct WebSessionTests {
  @Test func theSocketNeedsTheRightTokenAndOrigin() async throws {
    let server = try WebTestSupport.tasksServer([TaskItem(name: "A")])
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client)
      let badToken = "/ws?app=tasks&session=\(page.id)&token=\(String(page.token.reversed()))"
      await #expect(throws: WebSocketClientError.webSocketUpgradeFailed) {
        try await client.ws(badToken, configuration: WebTestSupport.wsConfiguration) { _, _, _ in }
      }
      let unknown = "/ws?app=tasks&session=nobody&token=\(page.token)"
      await #expect(throws: WebSocketClientError.webSocketUpgradeFailed) {
        try await client.ws(unknown, configuration: WebTestSupport.wsConfiguration) { _, _, _ in }
      }
      let foreign = WebSocketClientConfiguration(additionalHeaders: [.origin: "http://evil.example"]
      )
      await #expect(throws: WebSocketClientError.webSocketUpgradeFailed) {
        try await client.ws(WebTestSupport.wsPath(page), configuration: foreign) { _, _, _ in }
      }
    }
  }

  @Test func theOriginMustBeTheServersOwnOrAnAllowedOne() throws {
    let server = try WebTestSupport.tasksServer([])
    func request(origin: String?, authority: String = "127.0.0.1:8080") -> HTTPRequest {
      var head = HTTPRequest(method: .get, scheme: "http", authority: authority, path: "/ws")
      if let origin { head.headerFields[.origin] = origin }
      return head
    }
    #expect(server.originIsAllowed(request(origin: "http://127.0.0.1:8080")))
    #expect(server.originIsAllowed(request(origin: WebTestSupport.origin)))
    #expect(!server.originIsAllowed(request(origin: nil)))
    #expect(!server.originIsAllowed(request(origin: "http://127.0.0.1:8081")))
    #expect(!server.originIsAllowed(request(origin: "http://evil.example")))
    #expect(!server.originIsAllowed(request(origin: "null")))
  }

  @Test func malformedAndUnknownMessagesGetErrorsAndTheSessionLives() async throws {
    let server = try WebTestSupport.tasksServer([TaskItem(name: "A"), TaskItem(name: "B")])
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client)
      try await client.ws(
        WebTestSupport.wsPath(page), configuration: WebTestSupport.wsConfiguration
      ) {
        inbound, outbound, _ in
        var reader = MessageReader(inbound)
        let first = try await reader.next("screen")
        #expect((first["html"] as? String)?.contains(">A<") == true)
        let keys = WebTestSupport.rowKeys(first)
        #expect(keys.count == 2)
        let bad = [
          "not json", #"{"type":"fly"}"#, #"{"type":"select"}"#, #"{"t":"select","s":0,"r":0}"#,
          #"{"type":"select","row":"nobody"}"#, #"{"type":"set","row":"\#(keys[0])","value":"x"}"#,
          #"{"type":"select","row":"\#(keys[0])","s":0}"#,
          #"{"type":"done","pane":"sideways"}"#, String(repeating: "x", count: 5000),
          #"{"type":"back","pane":"detail"}"#,
        ]
        for text in bad {
          try await outbound.send(text)
          let error = try await reader.next("error")
          #expect(!(error["message"] as? String ?? "").isEmpty, "\(text)")
        }
        // Still alive: selecting a task pushes its detail.
        try await outbound.send(#"{"type":"select","row":"\#(keys[1])"}"#)
        let detail = try await reader.next("push")
        #expect(detail["pane"] as? String == "top")
        #expect((detail["html"] as? String)?.contains("<h1 class=\"title\">B</h1>") == true)
      }
    }
  }

  @Test func anEditInOneWindowReachesTheOtherAsAPatch() async throws {
    let server = try WebTestSupport.tasksServer([
      TaskItem(name: "Old name"), TaskItem(name: "Other"),
    ])
    try await server.application().test(.live) { client in
      let first = try await WebTestSupport.openPage(client)
      let second = try await WebTestSupport.openPage(client)
      try await client.ws(
        WebTestSupport.wsPath(first), configuration: WebTestSupport.wsConfiguration
      ) {
        inboundA, _, _ in
        var readerA = MessageReader(inboundA)
        _ = try await readerA.next("screen")
        try await client.ws(
          WebTestSupport.wsPath(second), configuration: WebTestSupport.wsConfiguration
        ) { inboundB, outboundB, _ in
          var readerB = MessageReader(inboundB)
          let list = WebTestSupport.rowKeys(try await readerB.next("screen"))
          try await outboundB.send(#"{"type":"select","row":"\#(list[0])"}"#)
          let form = WebTestSupport.rowKeys(try await readerB.next("push"))
          try await outboundB.send(
            #"{"type":"set","row":"\#(form[0])","value":"New <i>name</i>"}"#)
          let typed = try await readerB.next("patch")
          #expect((typed["ops"] as? [[String: Any]])?.isEmpty == false)
          // Back on the list the page kept: one pop, and the row renamed meanwhile.
          try await outboundB.send(#"{"type":"done"}"#)
          let back = try await readerB.next("patch")
          #expect(back["pop"] as? Int == 1)
          let backHTML = (back["ops"] as? [[String: Any]] ?? []).compactMap {
            $0["html"] as? String
          }
          #expect(backHTML.joined().contains("New &lt;i&gt;name&lt;/i&gt;"), "\(back)")
        }
        let patch = try await readerA.next("patch")
        let ops = patch["ops"] as? [[String: Any]] ?? []
        let html = ops.compactMap { $0["html"] as? String }.joined()
        #expect(html.contains("New &lt;i&gt;name&lt;/i&gt;"), "\(ops)")
        #expect(!html.contains("<i>"))
      }
    }
  }

  /// A person on a task's form does not hear of the list's changes; back on the list the page
  /// kept, one patch pops the form and brings the list up to date.
  @Test func aListThePageKeptCatchesUpWhenThePersonComesBack() async throws {
    let definition = try TasksApp.taskDefinition()
    let tasks = [TaskItem(name: "First"), TaskItem(name: "Second")]
    let store = MemoryStore(objects: tasks, definition: definition)
    let app = WebApp(id: "tasks", title: "Tasks") {
      Navigator(root: TasksApp.listScreen(store: store, definition: definition))
    }
    let server = try WebServer(apps: [app], configuration: WebTestSupport.configuration())
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client)
      try await client.ws(
        WebTestSupport.wsPath(page), configuration: WebTestSupport.wsConfiguration
      ) { inbound, outbound, _ in
        var reader = MessageReader(inbound)
        let list = WebTestSupport.rowKeys(try await reader.next("screen"))
        try await outbound.send(#"{"type":"select","row":"\#(list[0])"}"#)
        let form = try await reader.next("push")
        #expect((form["html"] as? String)?.contains("<h1 class=\"title\">First</h1>") == true)
        // Another window renames the second task and adds a third.
        try await server.perform(onApp: "tasks") {
          _ = try? store.update(store.allItems[1], values: ["name": .string("Renamed")])
          _ = try? store.insert(.object(ObjectReference(TaskItem(name: "Third"))), at: nil)
        }
        try await outbound.send(#"{"type":"back"}"#)
        let back = try await reader.next()
        #expect(back["type"] as? String == "patch", "the form heard of the list: \(back)")
        #expect(back["pop"] as? Int == 1)
        let ops = back["ops"] as? [[String: Any]] ?? []
        #expect(ops.compactMap { $0["op"] as? String }.sorted() == ["insertRow", "replaceRow"])
        let html = ops.compactMap { $0["html"] as? String }.joined()
        #expect(html.contains(">Renamed<") && html.contains(">Third<"))
      }
    }
  }

  @Test func validationRefusalKeepsTheDraftAndDisablesDone() async throws {
    let server = try WebTestSupport.tasksServer([])
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client)
      try await client.ws(
        WebTestSupport.wsPath(page), configuration: WebTestSupport.wsConfiguration
      ) {
        inbound, outbound, _ in
        var reader = MessageReader(inbound)
        _ = try await reader.next("screen")
        try await outbound.send(#"{"type":"add"}"#)
        let form = try await reader.next("push")
        #expect((form["html"] as? String)?.contains("New Task") == true)
        let name = try #require(WebTestSupport.rowKeys(form).first)
        try await outbound.send(#"{"type":"done"}"#)
        let refused = try await reader.next("patch")
        let bar = refused["bar"] as? String ?? ""
        #expect(bar.contains("class=\"notice\""))
        #expect(!bar.contains("hidden>"))
        #expect(bar.contains("data-ev=\"done\" aria-disabled=\"true\""))
        try await outbound.send(#"{"type":"set","row":"\#(name)","value":"Water the plants"}"#)
        let fixed = try await reader.next("patch")
        #expect((fixed["bar"] as? String)?.contains("aria-disabled") == false)
        try await outbound.send(#"{"type":"done"}"#)
        let list = try await reader.next("patch")
        #expect(list["pop"] as? Int == 1)
        let inserted = (list["ops"] as? [[String: Any]] ?? []).filter {
          $0["op"] as? String == "insertRow" || $0["op"] as? String == "replaceSection"
        }
        #expect(inserted.compactMap { $0["html"] as? String }.joined().contains("Water the plants"))
      }
    }
  }

  @Test func aClosedSessionDropsItsDraftsAndKeepsCommittedData() async throws {
    let definition = try TasksApp.taskDefinition()
    let task = TaskItem(name: "Kept")
    let store = MemoryStore(objects: [task], definition: definition)
    let app = WebApp(id: "tasks", title: "Tasks") {
      Navigator(root: TasksApp.listScreen(store: store, definition: definition))
    }
    let server = try WebServer(apps: [app], configuration: WebTestSupport.configuration())
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client)
      try await client.ws(
        WebTestSupport.wsPath(page), configuration: WebTestSupport.wsConfiguration
      ) {
        inbound, outbound, _ in
        var reader = MessageReader(inbound)
        let list = WebTestSupport.rowKeys(try await reader.next("screen"))
        try await outbound.send(#"{"type":"select","row":"\#(list[0])"}"#)
        let form = WebTestSupport.rowKeys(try await reader.next("push"))
        try await outbound.send(#"{"type":"set","row":"\#(form[0])","value":"Draft only"}"#)
        _ = try await reader.next("patch")
      }
      await server.waitForSessions(app: "tasks", atMost: 0)
      #expect(await server.sessionCount(app: "tasks") == 0)
      let count = try await server.perform(onApp: "tasks") { store.allItems.count }
      #expect(count == 1)
    }
    #expect(task.name == "Kept")
  }
}

@Suite("Session limits", .timeLimit(.minutes(1)))
struct SessionLimitTests {
  @Test func messagesAboveTheRateGetAnErrorAndTheSessionLives() async throws {
    var configuration = WebTestSupport.configuration()
    configuration.rateBurst = 3
    configuration.ratePerSecond = 0.001
    let definition = try TasksApp.taskDefinition()
    let store = MemoryStore(objects: [TaskItem(name: "A")], definition: definition)
    let app = WebApp(id: "tasks", title: "Tasks") {
      Navigator(root: TasksApp.listScreen(store: store, definition: definition))
    }
    let server = try WebServer(apps: [app], configuration: configuration)
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client)
      try await client.ws(
        WebTestSupport.wsPath(page), configuration: WebTestSupport.wsConfiguration
      ) { inbound, outbound, _ in
        var reader = MessageReader(inbound)
        _ = try await reader.next("screen")
        for _ in 0..<3 { try await outbound.send(#"{"type":"edit","on":true}"#) }
        try await outbound.send(#"{"type":"edit","on":false}"#)
        let error = try await reader.next("error")
        #expect((error["message"] as? String)?.contains("too many") == true)
      }
      #expect(await server.sessionCount(app: "tasks") <= 1)
    }
  }
}
