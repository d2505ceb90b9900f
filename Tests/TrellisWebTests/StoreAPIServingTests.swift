import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import Testing
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import WSClient

@testable import TrellisWeb

/// The store API under hostile requests, and mounted on the web server beside its apps.
@Suite("Store API serving", .timeLimit(.minutes(3)))
struct StoreAPIServingTests {
  /// The statuses the API answers with; never a 5xx.
  static let statuses: Set<Int> = [200, 201, 204, 400, 404, 405, 409, 413, 415]

  @Test func randomRequestsNeverCrashTheServer() async throws {
    let store = try StoreAPISupport.contacts(people: 30)
    let api = try StoreAPI(store: store, path: "/api/contacts/", maxBodyBytes: 4096)
    try await StoreAPISupport.live(api) { client in
      var random = SeededRandom(seed: 2026)
      var seen: [Int: Int] = [:]
      for round in 0..<400 {
        let request = RandomAPIRequest(&random)
        let reply = try await client.call(
          request.method, request.uri, bytes: request.body, contentType: request.contentType)
        let label = "round \(round): \(request.method) \(request.uri)"
        #expect(Self.statuses.contains(reply.status.code), "\(label) → \(reply.status)")
        seen[reply.status.code, default: 0] += 1
        guard request.isAPIRoute else { continue }
        #expect(reply.contentType == "application/json", "\(label)")
        if reply.status != .noContent {
          #expect(
            (try? JSONSerialization.jsonObject(with: Data(reply.text.utf8))) != nil,
            "\(label): \(reply.text)")
        }
      }
      // The requests reached every kind of answer.
      #expect(Set(seen.keys).isSuperset(of: [200, 201, 204, 400, 404, 405, 415]), "\(seen)")
      // Still serving, and what it says agrees with the store.
      let list = try await client.call(.get, "/api/contacts/?page_size=1000")
      #expect(list.status == .ok)
      #expect(list.object?["count"] as? Int == (try store.count(FetchOptions())))
    }
  }

  @Test func oversizedAndDeeplyNestedBodiesAreRefusedCleanly() async throws {
    let store = try StoreAPISupport.contacts(people: 2)
    let api = try StoreAPI(store: store, path: "/api/contacts/", maxBodyBytes: 1024)
    try await StoreAPISupport.live(api) { client in
      let large = #"{"firstName": ""# + String(repeating: "a", count: 5000) + #""}"#
      let tooLarge = try await client.call(.post, "/api/contacts/", json: large)
      #expect(tooLarge.status == .contentTooLarge)
      #expect(tooLarge.string("detail")?.contains("1024 bytes") == true)
      let deep = try await client.call(
        .post, "/api/contacts/", json: #"{"firstName": "# + String(repeating: "[", count: 900))
      #expect(deep.status == .badRequest)
      #expect(deep.string("detail")?.hasPrefix("JSON parse error - ") == true)
      #expect(try store.count(FetchOptions()) == 2)
    }
  }

  /// By default the API reads no more than a page may send in one message.
  @Test func theDefaultBodyLimitIsAPagesMessageLimit() async throws {
    let store = try StoreAPISupport.contacts(people: 1)
    let api = try StoreAPISupport.api(store)
    #expect(api.maxBodyBytes == WebConfiguration().maxMessageBytes)
    try await StoreAPISupport.live(api) { client in
      let large = #"{"firstName": ""# + String(repeating: "a", count: 300_000) + #""}"#
      let refused = try await client.call(.post, "/api/contacts/", json: large)
      #expect(refused.status == .contentTooLarge)
      #expect(refused.string("detail")?.contains("262144 bytes") == true)
    }
  }

  @Test func headAnswersAsGetWithoutABody() async throws {
    let store = try StoreAPISupport.contacts(people: 3)
    let api = try StoreAPISupport.api(store)
    try await StoreAPISupport.live(api) { client in
      for path in ["/api/contacts/", "/api/contacts/1", "/api/contacts/?search=zzz"] {
        let get = try await client.call(.get, path)
        let head = try await client.call(.head, path)
        #expect(get.status == .ok && head.status == .ok, "\(path)")
        #expect(head.text.isEmpty, "\(path)")
        #expect(head.contentType == get.contentType, "\(path)")
      }
      #expect(try await client.call(.head, "/api/contacts/999").status == .notFound)
    }
  }

  @Test func anAppsAPIIsServedOnTheWebServersPortAndItsSessionsSeeTheChange() async throws {
    let store = try StoreAPISupport.contacts(people: 3)
    var app = WebApp(id: "contacts", title: "Contacts") {
      let list = try ContactsApp.model(store: store)
      return Navigator(root: Screen(arrayOfObjects: list, navigationBar: .editRight))
    }
    app.apis = [try StoreAPISupport.api(store)]
    let server = try WebServer(apps: [app], configuration: WebTestSupport.configuration())
    let inserted = Locked(0)
    let token = store.observe { change in
      if case .inserted = change { inserted.withLock { $0 += 1 } }
    }
    try await server.application().test(.live) { client in
      let page = try await WebTestSupport.openPage(client, app: "contacts")
      #expect(!page.html.contains("Zelda"))
      try await client.ws(
        WebTestSupport.wsPath(app: "contacts", page), configuration: WebTestSupport.wsConfiguration
      ) { inbound, _, _ in
        var reader = MessageReader(inbound)
        _ = try await reader.next("screen")
        let created = try await client.call(
          .post, "/api/contacts/", json: #"{"firstName": "Zelda", "lastName": "Quux"}"#)
        #expect(created.status == .created)
        #expect(created.object?["id"] as? Int == 4)
        // The open window gets the new row at once.
        let patch = try await reader.next("patch")
        #expect("\(patch)".contains("Zelda"))
      }
      #expect(try await client.call(.get, "/api/contacts/").ids == [1, 2, 3, 4])
      let after = try await WebTestSupport.openPage(client, app: "contacts")
      #expect(after.html.contains("Zelda"))
      // The server's own routes are as they were.
      #expect(try await client.call(.get, "/assets/trellis.js").status == .ok)
    }
    withExtendedLifetime(token) {}
    #expect(inserted.withLock { $0 } == 1)
  }

  @Test func apiPathsMayNotTakeTheServersRoutesOrEachOthers() throws {
    let store = try StoreAPISupport.contacts(people: 1)
    func server(_ paths: [[String]]) throws -> WebServer {
      let apps = try paths.enumerated().map { index, paths in
        var app = WebApp(id: "app\(index)", title: "App") {
          Navigator(root: Screen(model: TableModel()))
        }
        app.apis = try paths.map { try StoreAPI(store: store, path: $0) }
        return app
      }
      return try WebServer(apps: apps, configuration: WebTestSupport.configuration())
    }
    #expect(throws: WebHostError.apiPathTaken("/apps/contacts/")) {
      try server([["/apps/contacts"]])
    }
    #expect(throws: WebHostError.apiPathTaken("/api/contacts/")) {
      try server([["/api/contacts/"], ["/api/contacts"]])
    }
    #expect(throws: Never.self) { try server([["/api/contacts/", "/api/people/"]]) }
  }
}

/// A request made of random parts: mostly the API's routes, with odd methods, ids, queries,
/// content types and bodies (random bytes, broken UTF-8, JSON of every shape).
struct RandomAPIRequest {
  var method: HTTPRequest.Method
  var uri: String
  var body: [UInt8]?
  var contentType: String?
  var isAPIRoute = true

  init(_ random: inout SeededRandom) {
    let methods: [HTTPRequest.Method] = [.get, .get, .post, .post, .patch, .put, .delete, .options]
    method = methods.randomElement(using: &random)!
    let ids = [
      "1", "2", "\(Int.random(in: -5...40, using: &random))", "x", "%FF", "1e3",
      "99999999999999999999999999", "0x10", "%00",
    ]
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<5: uri = "/api/contacts/"
    case 5..<9: uri = "/api/contacts/\(ids.randomElement(using: &random)!)/"
    default:
      uri = "/api/contacts/1/deeper/"
      isAPIRoute = false
    }
    let queries = [
      "page=\(Int.random(in: -2...8, using: &random))", "page=last", "page=%FF",
      "page_size=\(Int.random(in: -2...2000, using: &random))", "page_size=1e9", "page_size=",
      "search=\(Self.encoded(Self.text(&random)))", "search=%E2%82", "ordering=-lastName,id",
      "ordering=\(Self.encoded(Self.text(&random)))", "&&==&", "page=1&page=2", "search=a+b",
    ]
    let chosen = (0..<Int.random(in: 0...3, using: &random)).map { _ in
      queries.randomElement(using: &random)!
    }
    if !chosen.isEmpty { uri += "?" + chosen.joined(separator: "&") }
    contentType =
      [
        "application/json", "application/json; charset=utf-8", "text/plain", nil,
        "APPLICATION/JSON",
      ]
      .randomElement(using: &random)!
    switch Int.random(in: 0..<6, using: &random) {
    case 0: body = nil
    case 1:
      body = (0..<Int.random(in: 0...300, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
    case 2: body = Array(#"{"firstName": ""#.utf8) + [0xFF, 0xFE, 0x22, 0x7D]
    default: body = Array(Self.json(&random).utf8)
    }
  }

  /// A JSON object over the contact's fields and others, with values of every kind.
  static func json(_ random: inout SeededRandom) -> String {
    let keys = ["firstName", "lastName", "email", "phone", "id", "nope", ""]
    let values = [
      "\"\(text(&random))\"", "\"\"", "null", "true", "0", "-1", "1e400", "3.5", "[]", "[1, \"a\"]",
      "{\"a\": {\"b\": []}}", String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
      "\"\\ud800\"", "\"\\u0000\"",
    ]
    var pairs = (0..<Int.random(in: 0...5, using: &random)).map { _ in
      "\"\(keys.randomElement(using: &random)!)\": \(values.randomElement(using: &random)!)"
    }
    // Half the objects start with a good name, so that some are valid.
    if Bool.random(using: &random) { pairs.insert("\"firstName\": \"Rand\"", at: 0) }
    let object = "{" + pairs.joined(separator: ", ") + "}"
    // Now and then cut short or wrapped in an array.
    switch Int.random(in: 0..<8, using: &random) {
    case 0: return String(object.prefix(Int.random(in: 0...object.count, using: &random)))
    case 1: return "[" + object + "]"
    default: return object
    }
  }

  /// `text` percent-encoded for a query, so that the request line stays valid.
  static func encoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
  }

  /// Short text of letters, spaces and a few characters that need escaping.
  static func text(_ random: inout SeededRandom) -> String {
    let characters = Array("aAzZ Ø,-+%\"\\éü🐛\u{7}")
    return String(
      (0..<Int.random(in: 0...8, using: &random)).map { _ in
        characters.randomElement(using: &random)!
      })
  }
}
