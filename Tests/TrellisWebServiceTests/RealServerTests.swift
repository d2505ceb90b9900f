import Foundation
import Testing
import Trellis
import TrellisTesting
import TrellisWebService

/// The web-service store against real servers the test command starts (Tests/Services):
/// Django REST framework and Datasette 1.0. Locally, without them, the suite says so and
/// checks nothing; with `TRELLIS_REQUIRE_SERVICES=1` (the test command sets it) their absence
/// fails it.
@Suite("Web services against real Django REST framework and Datasette servers", .serialized)
struct RealServerTests {
  /// An environment variable, or `nil` (a recorded issue when the servers are required).
  static func variable(_ name: String) -> String? {
    let environment = ProcessInfo.processInfo.environment
    if let value = environment[name], !value.isEmpty { return value }
    if environment["TRELLIS_REQUIRE_SERVICES"] == "1" {
      Issue.record("\(name) is not set: start the servers with scripts/services.sh start")
    }
    return nil
  }

  /// The 40 contacts both servers reset to, as the contract's records (rank is position).
  static let seed = (1...40).map {
    StoreContract.Record("Contact \(String(format: "%02d", $0))", $0 - 1)
  }

  /// Puts a server's data back to the seed.
  static func reset(_ address: String) async throws {
    let transport = AsyncHTTPTransport()
    let answer = try await transport.send(
      HTTPRequest(method: "POST", url: address, headers: [("Content-Type", "application/json")]))
    guard answer.status == 200 else {
      throw StoreError.failed("reset \(address) answered \(answer.status)")
    }
  }

  static func drf() -> (WebServiceDefinition, reset: String)? {
    guard let root = variable("TRELLIS_DRF_URL"), let url = URL(string: root),
      let scheme = url.scheme, let host = url.host, let port = url.port
    else { return nil }
    let base = "\(scheme)://\(host):\(port)/"
    var service = WebServiceDefinition.djangoREST(
      baseURL: base, resource: String(root.dropFirst(base.count)) + "contacts/",
      keys: "name;email;city;position")
    service.valueKinds = ["position": .int]
    service.name = "Contact"
    return (service, root + "reset/")
  }

  static func datasette() -> (WebServiceDefinition, reset: String)? {
    guard let base = variable("TRELLIS_DATASETTE_URL"),
      let token = variable("TRELLIS_DATASETTE_TOKEN")
    else { return nil }
    let database = variable("TRELLIS_DATASETTE_DB") ?? "contacts"
    var service = WebServiceDefinition.datasette(
      baseURL: base, database: database, table: "contacts", keys: "name;email;city;position",
      token: token)
    service.valueKinds = ["position": .int]
    service.name = "Contact"
    return (service, base + "-/trellis-reset")
  }

  @Test func djangoRESTFrameworkKeepsTheAsyncContract() async throws {
    try await SharedServerLock.holding("web-services") {
      guard let (service, reset) = Self.drf() else { return }
      let contract = AsyncStoreContract(
        rankKey: "position", refusedValues: (["name": ""], "name"), searches: true,
        seed: Self.seed)
      let failures = await contract.check { _ in
        try await Self.reset(reset)
        return try WebServiceStore(service)
      }
      #expect(failures == [])
      try await Self.reset(reset)
    }
  }

  @Test func datasetteKeepsTheAsyncContract() async throws {
    try await SharedServerLock.holding("web-services") {
      guard let (service, reset) = Self.datasette() else { return }
      let contract = AsyncStoreContract(
        rankKey: "position", refusedValues: (["name": .null], "name"), searches: true,
        seed: Self.seed)
      let failures = await contract.check { _ in
        try await Self.reset(reset)
        return try WebServiceStore(service)
      }
      #expect(failures == [])
      try await Self.reset(reset)
    }
  }

  /// A list in batches of 7 over each server, an edit through a detail screen, and a 400
  /// whose field messages land on the rows they name.
  @Test(arguments: ["drf", "datasette"])
  func aListPagesEditsAndShowsRefusalsOnTheirRows(_ server: String) async throws {
    try await SharedServerLock.holding("web-services") {
      guard let (service, reset) = server == "drf" ? Self.drf() : Self.datasette() else { return }
      try await Self.reset(reset)
      let store = try WebServiceStore(service)
      let section = ArrayOfObjectsSection(
        store: store, definition: try #require(store.itemsDefinition))
      section.fetchOptions.batchSize = 7
      section.addItemText = "New Contact"
      let model = TableModel(title: "Contacts")
      model.addSection(section)
      let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
      try await app.settle()
      let names = Self.seed.map(\.name)
      #expect(app.texts == [Array(names[0..<7]) + ["Load more…", "New Contact"]])
      try app.tap("Load more…")
      try await app.settle()
      #expect(app.texts == [Array(names[0..<14]) + ["Load more…", "New Contact"]])

      // An edit goes through the detail screen's Done, to the server.
      try app.tap("Contact 02")
      try app.enter("Contact Two", at: "Name")
      try app.send(.done)
      try await app.settle()
      #expect(app.navigator.stack.count == 1)
      #expect(app.texts[0][1] == "Contact Two")
      let again = try await store.fetchPage(FetchOptions(batchSize: 7), from: nil)
      #expect(again.items.map { store.itemsDefinition?.title(of: $0) }[1] == "Contact Two")

      // A refused value stays in the form, its message on its row.
      try app.tap("Contact 03")
      try app.enter(server == "drf" ? "not an address" : "", at: server == "drf" ? "Email" : "Name")
      try app.send(.done)
      try await app.settle()
      #expect(app.navigator.stack.count == 2, "the form stays")
      let field = server == "drf" ? "email" : "name"
      let message = try #require(app.top.draft?.message(field))
      #expect(message.contains(server == "drf" ? "valid email" : "name_not_blank"))
      #expect(app.top.snapshot().notice?.isEmpty == false)
      try await Self.reset(reset)
    }
  }

  /// A screen listing `store`'s contacts, its first page shown.
  static func contactsList(_ store: WebServiceStore) async throws -> HeadlessApp {
    let section = ArrayOfObjectsSection(
      store: store, definition: try #require(store.itemsDefinition))
    let model = TableModel(title: "Contacts")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try await app.settle()
    return app
  }

  /// The value of `key` in a service's item (a document object).
  static func value(_ key: String, of item: Value) -> Value {
    (item.objectValue as? DocumentObject)?.root.dictionaryValue?[key] ?? .null
  }

  @Test(arguments: ["drf", "datasette"])
  func aNameChangedMeanwhileIsAConflictOnBothServers(_ server: String) async throws {
    try await SharedServerLock.holding("web-services") {
      guard let (service, reset) = server == "drf" ? Self.drf() : Self.datasette() else { return }
      try await Self.reset(reset)
      let (ann, bob) = (try WebServiceStore(service), try WebServiceStore(service))
      let annsItem = try #require(try await ann.fetchPage(FetchOptions(), from: nil).items.first)
      let bobsItem = try #require(try await bob.fetchPage(FetchOptions(), from: nil).items.first)
      try await bob.update(bobsItem, values: ["name": "Contact One, renamed"])
      await #expect(
        throws: StoreError.conflict([
          FieldConflict(name: "name", theirs: "Contact One, renamed", yours: "Contact Uno")
        ])
      ) {
        try await ann.prepareUpdate(
          annsItem, values: ["name": "Contact Uno"], expecting: ["name": "Contact 01"]
        ).run()
      }
      // Another field merges with Bob's name.
      try await ann.prepareUpdate(
        annsItem, values: ["city": "Oslo"], expecting: ["city": Self.value("city", of: annsItem)]
      ).run()
      let stored = try #require(try await bob.fetchPage(FetchOptions(), from: nil).items.first)
      // Bob's object takes what was read on the domain that shows it.
      bob.applyArrivedValues()
      #expect(Self.value("name", of: stored) == "Contact One, renamed")
      #expect(Self.value("city", of: stored) == "Oslo")
      try await Self.reset(reset)
    }
  }

  /// A number column that no `valueKinds` names keeps the numbers the service sends: its form
  /// edits it as a number, and Done saves it with the other fields.
  @Test(arguments: ["drf", "datasette"])
  func anUndeclaredNumberColumnIsEditedAsANumber(_ server: String) async throws {
    try await SharedServerLock.holding("web-services") {
      guard case (var service, let reset)? = server == "drf" ? Self.drf() : Self.datasette() else {
        return
      }
      service.valueKinds = [:]
      try await Self.reset(reset)
      let store = try WebServiceStore(service)
      let app = try await Self.contactsList(store)
      try app.tap("Contact 02")
      try app.enter("Contact Two", at: "Name")
      try app.enter(7, at: "Position")
      try app.send(.done)
      try await app.settle()
      #expect(app.navigator.stack.count == 1, "Done saved: \(app.top.snapshot().notice ?? "")")
      let page = try await store.fetchPage(FetchOptions(), from: nil)
      store.applyArrivedValues()
      let saved = try #require(page.items.first { Self.value("name", of: $0) == "Contact Two" })
      #expect(Self.value("position", of: saved) == 7)
      try await Self.reset(reset)
    }
  }

  /// A service is polled: it reports no one's deletions. A form open on an item another
  /// client deleted asks the service at the next poll, and says so with Done disabled.
  @Test(arguments: ["drf", "datasette"])
  func aFormOnAnItemAnotherClientDeletedDisablesDone(_ server: String) async throws {
    try await SharedServerLock.holding("web-services") {
      guard case (var service, let reset)? = server == "drf" ? Self.drf() : Self.datasette() else {
        return
      }
      service.pollInterval = .milliseconds(200)
      try await Self.reset(reset)
      let store = try WebServiceStore(service)
      let app = try await Self.contactsList(store)
      try app.tap("Contact 03")
      try app.enter("Contact Three", at: "Name")
      let form = app.top
      #expect(form.snapshot().isDoneEnabled)
      // Another client, with a store of its own, deletes the contact.
      let other = try WebServiceStore(service)
      let page = try await other.fetchPage(FetchOptions(), from: nil)
      let item = try #require(page.items.first { Self.value("name", of: $0) == "Contact 03" })
      try await other.delete(item)
      try await app.settle(until: { form.itemGone != nil })
      #expect(!form.snapshot().isDoneEnabled)
      #expect(
        form.itemGone?.contains("Someone else deleted this") == true, "\(form.itemGone ?? "")")
      // The person's values stay until Cancel.
      #expect(app.row("Name")?.value == "Contact Three")
      try await Self.reset(reset)
    }
  }
}
