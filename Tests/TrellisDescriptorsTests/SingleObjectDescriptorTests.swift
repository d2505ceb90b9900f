import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// A descriptor's `singleObject`: the form of a source's first object, or of a new one that
/// the first Done inserts, pushed like any descriptor, and every mistake located.
@Suite("Descriptor sources: a single object")
struct SingleObjectDescriptorTests {
  /// A descriptor showing the first account of `accounts.json` (holding `accounts`).
  static func account(_ accounts: String, extra: String = "") throws -> (TableDescriptor, URL) {
    try DocumentSourceTests.descriptor(
      #"""
      {"schemaVersion": 1, "title": "Account", \#(extra)
       "singleObject": {"document": {"file": "accounts.json", "keyPath": "accounts",
         "keys": "Account:(name,email);Address:(city)", "name": "Account"}}}
      """#, files: ["accounts.json": #"{"accounts": \#(accounts)}"#])
  }

  @Test func theKeyIsReadWithWhereItIsWritten() throws {
    let (descriptor, folder) = try Self.account("[]")
    defer { try? FileManager.default.removeItem(at: folder) }
    let single = try #require(descriptor.singleObject)
    #expect(
      single.source
        == .document(
          file: "accounts.json", keyPath: "accounts", keys: "Account:(name,email);Address:(city)",
          name: "Account"))
    #expect(single.location?.line == 2)
    #expect(single.settingLocations["keyPath"]?.line == 2)
    #expect(descriptor.sections.isEmpty)
  }

  @Test func theFirstObjectIsShownAndDoneUpdatesIt() throws {
    let (descriptor, folder) = try Self.account(
      #"[{"name": "Ada", "email": "ada@example.com", "city": "London"}, {"name": "Bob"}]"#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = DescriptorLibrary()
    let app = HeadlessApp(
      navigator: try library.makeNavigator(showing: descriptor, root: DocumentObject([:])))
    #expect(app.top.title == "Account")
    #expect(app.texts == [["Name", "Email"], ["City"]])
    #expect(app.row("Name")?.value == "Ada")
    #expect(app.top.barButtons.map(\.role) == [.cancel, .done])
    try app.enter("Paris", at: "City")
    try app.send(.done)
    #expect(app.row("City")?.value == "Paris")
    // The second account is not touched, and no third is added.
    #expect(try OpenedStores.accounts(library) == ["Ada Paris", "Bob -"])
  }

  @Test func anEmptyListGetsItsObjectOnTheFirstDone() throws {
    let (descriptor, folder) = try Self.account("[]")
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = DescriptorLibrary()
    let app = HeadlessApp(
      navigator: try library.makeNavigator(showing: descriptor, root: DocumentObject([:])))
    #expect(app.row("Name")?.value == nil || app.row("Name")?.value == .null)
    try app.enter("Grace", at: "Name")
    try app.send(.done)
    try app.enter("New York", at: "City")
    try app.send(.done)
    #expect(try OpenedStores.accounts(library) == ["Grace New York"])
  }

  @Test func aRowPushesTheForm() throws {
    let (account, folder) = try Self.account(#"[{"name": "Ada", "city": "London"}]"#)
    defer { try? FileManager.default.removeItem(at: folder) }
    var library = DescriptorLibrary()
    library.descriptors["Account"] = account
    let home = try TableDescriptor(
      data: Data(
        #"""
        {"schemaVersion": 1, "title": "Home", "sections": [
          {"rows": [{"text": "Account", "push": "Account", "accessory": "disclosureIndicator"}]}]}
        """#.utf8), file: "Home.json")
    let app = HeadlessApp(
      navigator: try library.makeNavigator(showing: home, root: DocumentObject([:])))
    try app.tap("Account")
    #expect(app.top.title == "Account")
    #expect(app.row("City")?.value == "London")
    try app.enter("Oslo", at: "City")
    try app.send(.done)
    #expect(app.top.title == "Home")
    try app.tap("Account")
    #expect(app.row("City")?.value == "Oslo")
  }

  @Test func theScreenKeysApply() throws {
    let (descriptor, folder) = try Self.account(
      #"[{"name": "Ada"}]"#, extra: #""style": "plain", "navigationBar": "doneRight","#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let screen = try descriptor.makeScreen(root: DocumentObject([:]))
    #expect(screen.model.style == .plain)
    #expect(screen.barButtons.map(\.role) == [.done])
  }

  @Test func mistakesAreLocated() throws {
    #expect(
      DescriptorTestSupport.problems(
        #"""
        {"schemaVersion": 1, "singleObject": {"sqlit": {"file": "a.sqlite"}},
         "sections": [], "editable": true}
        """#)
        == [
          "T.json:2:2: error: a descriptor with 'singleObject' shows that object's form: it "
            + "has no 'sections'",
          "T.json:2:18: error: a descriptor with 'singleObject' shows that object's form: it "
            + "has no 'editable'",
          "T.json:1:39: error: unknown key 'sqlit' in 'singleObject' (did you mean 'sqlite'?)",
        ])
    #expect(
      DescriptorTestSupport.problems(
        #"{"schemaVersion": 1, "singleObject": {"sqlite": {"file": "a.sqlite"}}}"#)
        == ["T.json:1:49: error: missing required key 'table' in an SQLite source"])
    let (descriptor, folder) = try DocumentSourceTests.descriptor(
      #"""
      {"schemaVersion": 1,
       "singleObject": {"document": {"file": "missing.json"}}}
      """#)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      DocumentSourceTests.problems(descriptor, in: folder)
        == ["T.json:2:40: error: no document 'missing.json' at missing.json"])
  }
}

/// What the stores a library opened hold.
private enum OpenedStores {
  /// Each stored account as "name city", `-` for a value missing.
  static func accounts(_ library: DescriptorLibrary) throws -> [String] {
    let opened = library.openedSources.withLock { Array($0.values) }
    guard case .store(let store, let definition)? = opened.first, opened.count == 1 else {
      Issue.record("expected one store, found \(opened.count)")
      return []
    }
    return try store.fetch(FetchOptions()).map { item in
      let reader = definition.reader(for: item)
      return ["name", "city"].map { key in
        reader.value(key).flatMap { $0 == .null ? nil : $0.stringValue } ?? "-"
      }.joined(separator: " ")
    }
  }
}
