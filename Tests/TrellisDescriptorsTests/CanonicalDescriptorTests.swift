import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// Trellis's own descriptor schema, read and bound.
@Suite("Canonical descriptors")
struct CanonicalDescriptorTests {
  func goFish() throws -> (TableDescriptor, DocumentObject, HeadlessApp) {
    let descriptor = try DescriptorTestSupport.descriptor("GoFish.json")
    let data = try DescriptorTestSupport.data("gofish-data.json")
    let navigator = try DescriptorLibrary().makeNavigator(showing: descriptor, root: data)
    return (descriptor, data, HeadlessApp(navigator: navigator))
  }

  @Test func readsEveryPart() throws {
    let descriptor = try DescriptorTestSupport.descriptor("GoFish.json")
    #expect(descriptor.format == .canonical)
    #expect(descriptor.schemaVersion == 1)
    #expect(
      descriptor.title
        == .keyPath("game.name", at: SourceLocation(file: "GoFish.json", line: 3, column: 24)))
    #expect(descriptor.sections.map(\.name) == ["cards", "books", "opponents", "settings"])
    #expect(
      descriptor.sections[2].list
        == .keyPath("opponents", at: SourceLocation(file: "GoFish.json", line: 24, column: 15)))
    let speed = descriptor.sections[3].rows[0]
    #expect(speed.kind == .selection)
    #expect(
      speed.choices
        == .object(.named("speeds", at: SourceLocation(file: "GoFish.json", line: 36, column: 101)))
    )
  }

  @Test func repeatsSectionsAndRowsPerListElement() throws {
    let (_, _, app) = try goFish()
    let snapshot = app.top.drawn()
    #expect(snapshot.title == "Go Fish")
    #expect(
      snapshot.table.sections.map(\.model.header) == [
        "Cards", "Books", "Opponents", "Opponents", "Settings",
      ])
    #expect(
      app.texts == [
        ["4 of Diamonds", "6 of Spades", "King of Hearts"], ["8s"],
        ["Barney", "Muted"], ["Wilma", "Muted", "Has a book"], ["Speed", "Nickname", "Rules"],
      ])
    #expect(snapshot.table.sections[0].items.map(\.imageName) == ["4D", "6S", "KH"])
    #expect(snapshot.table.sections[2].items[0].detail == "5")
    #expect(snapshot.table.sections[3].items[1].value == .bool(true))
    #expect(snapshot.table.sections[4].model.footer == "Changes apply at once.")
    #expect(snapshot.table.sections[4].items[1].attributes.placeholder == "Your name")
  }

  @Test func visibilityFollowsTheData() throws {
    let (_, data, app) = try goFish()
    try data.setValue(.array([]), forKeyPath: "player.books")
    app.top.model.processChanges()
    try app.host.check()
    #expect(
      app.top.drawn().table.sections.map(\.model.header) == [
        "Cards", "Opponents", "Opponents", "Settings",
      ])
    try data.setValue(.array(["Kings"]), forKeyPath: "opponents.0.books")
    app.top.model.processChanges()
    try app.host.check()
    #expect(app.texts[1] == ["Barney", "Muted", "Has a book"])
  }

  @Test func titleAndHeadersFollowTheData() throws {
    let text = """
      {"schemaVersion": 1, "title": {"keyPath": "game.name"},
       "sections": [{"list": "teams", "header": {"keyPath": "name"}, "footer": {"keyPath": "motto"},
                     "rows": [{"text": "Members"}]}]}
      """
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "H.json")
    let data = DocumentObject([
      "game": ["name": "Cup"],
      "teams": [["name": "Reds", "motto": "Go"], ["name": "Blues", "motto": .null]],
    ])
    let app = HeadlessApp(
      navigator: try DescriptorLibrary().makeNavigator(showing: descriptor, root: data))
    #expect(app.top.drawn().title == "Cup")
    #expect(app.top.drawn().table.sections.map(\.model.header) == ["Reds", "Blues"])
    try data.setValue(.string("Final"), forKeyPath: "game.name")
    try data.setValue(.string("Greens"), forKeyPath: "teams.1.name")
    try data.setValue(.string("Win"), forKeyPath: "teams.0.motto")
    app.top.model.processChanges()
    try app.host.check()
    let snapshot = app.top.drawn()
    #expect(snapshot.title == "Final")
    #expect(snapshot.table.sections.map(\.model.header) == ["Reds", "Greens"])
    #expect(snapshot.table.sections.map(\.model.footer) == ["Win", nil])
  }

  @Test func bindsBothWaysThroughListElements() throws {
    let (_, data, app) = try goFish()
    let path = try #require(
      app.top.drawn().table.sections[2].items.firstIndex { $0.text == "Muted" })
    try app.send(.setValue(app.rowID(at: ItemPath(item: path, section: 2)), .bool(true)))
    #expect(try data.value(forKeyPath: "opponents.0.muted") == .bool(true))
    #expect(app.top.drawn().table.sections[2].items[1].value == .bool(true))
    try app.enter(.string("Kenny"), at: "Nickname")
    #expect(try data.value(forKeyPath: "player.name") == .string("Kenny"))
  }

  @Test func enabledPredicateAndNamedChoices() throws {
    let (_, data, app) = try goFish()
    #expect(app.row("Nickname")?.isEnabled == true)
    try data.setValue(.bool(true), forKeyPath: "settings.locked")
    app.top.model.processChanges()
    #expect(app.row("Nickname")?.isEnabled == false)
    try app.tap("Speed")
    #expect(app.texts == [["Slow", "Normal", "Fast"]])
    try app.tap("Fast")
    #expect(try data.value(forKeyPath: "settings.speed") == .string("Fast"))
    // Tapping the chosen speed again keeps it: a document's value is not one that may be
    // left empty unless its descriptor says so.
    if app.row("Fast") == nil { try app.tap("Speed") }
    try app.tap("Fast")
    #expect(try data.value(forKeyPath: "settings.speed") == .string("Fast"))
  }

  @Test func buildsFromARootValue() throws {
    let descriptor = try DescriptorTestSupport.descriptor("GoFish.json")
    let root = try LocatedDocument(
      data: DescriptorTestSupport.fixtureData("gofish-data.json"), file: "gofish-data.json"
    ).root
    let (screen, data) = try descriptor.makeScreen(rootValue: root)
    #expect(screen.drawn().title == "Go Fish")
    try screen.model.setValue(.string("Kenny"), at: ItemPath(item: 1, section: 4))
    #expect(try data.value(forKeyPath: "player.name") == .string("Kenny"))
  }

  @Test func libraryObjectsComeBeforeRootProperties() throws {
    let (descriptor, data, _) = try goFish()
    let library = DescriptorLibrary(objects: ["speeds": ["Turtle", "Hare"]])
    let screen = try descriptor.makeScreen(root: data, library: library)
    let speed = screen.drawn().table.sections.last?.items.first
    #expect(speed?.attributes.choices == ["Turtle", "Hare"])
  }

  @Test func namedActionsRunFromSwift() throws {
    let text = """
      {"schemaVersion": 1, "sections": [{"rows": [
        {"text": "Sign out", "kind": "button", "action": "signOut"}]}]}
      """
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "A.json")
    let calls = DescriptorActionCounter()
    let library = DescriptorLibrary(actions: ["signOut": { _ in calls.increment() }])
    let app = HeadlessApp(
      navigator: try library.makeNavigator(showing: descriptor, root: DocumentObject([:])))
    try app.tap("Sign out")
    try app.tap("Sign out")
    #expect(calls.value == 2)
  }

  @Test func anActionGetsTheObjectItsRowShows() throws {
    let text = """
      {"schemaVersion": 1, "sections": [
        {"rows": [{"text": "Archive all", "kind": "button", "action": "archive"}]},
        {"rows": [{"list": "items", "text": {"keyPath": "title"}, "action": "archive"}]}]}
      """
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "A.json")
    let root = DocumentObject([
      "items": [["title": "A", "archived": false], ["title": "B", "archived": false]],
      "title": "Inbox", "archived": false,
    ])
    let archived = DescriptorActionLog()
    let library = DescriptorLibrary(actions: [
      "archive": { context in
        // The row's own object, readable through the context's values and writable.
        archived.append(context.values.value("title")?.stringValue ?? "?")
        try? context.object?.setValue(true, forKey: "archived")
      }
    ])
    let app = HeadlessApp(navigator: try library.makeNavigator(showing: descriptor, root: root))
    try app.tap("B")
    try app.tap("Archive all")
    #expect(archived.names == ["B", "Inbox"])
    let items = root.root.dictionaryValue?["items"]?.arrayValue ?? []
    #expect(items.map { $0.dictionaryValue?["archived"] } == [false, true])
    #expect(root.root.dictionaryValue?["archived"] == true)
  }

  @Test func editableScreensShowEditAndEditingActions() throws {
    let text = """
      {"schemaVersion": 1, "editable": true, "navigationBar": "editRight",
       "sections": [{"rows": [
        {"text": "Item", "editingStyle": "delete", "editingAccessory": "detailButton",
         "push": "Other", "editingPush": "Editor"}]}]}
      """
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "E.json")
    let other = try TableDescriptor(
      data: Data(#"{"schemaVersion": 1, "title": "Other", "sections": []}"#.utf8))
    let editor = try TableDescriptor(
      data: Data(#"{"schemaVersion": 1, "title": "Editor", "sections": []}"#.utf8))
    let library = DescriptorLibrary(descriptors: ["Other": other, "Editor": editor])
    let app = HeadlessApp(
      navigator: try library.makeNavigator(showing: descriptor, root: DocumentObject([:])))
    #expect(app.top.drawn().barButtons == [BarButton(.edit, .right)])
    try app.send(.setEditing(true))
    #expect(app.row("Item")?.editingStyle == .delete)
    try app.tap("Item")
    #expect(app.top.title == "Editor")
    try app.send(.back)
    try app.send(.setEditing(false))
    try app.tap("Item")
    #expect(app.top.title == "Other")
  }
}

/// A thread-safe counter for actions.
final class DescriptorActionCounter: @unchecked Sendable {
  private var count = 0
  private let lock = NSLock()
  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
