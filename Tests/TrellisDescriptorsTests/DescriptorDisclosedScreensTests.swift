import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// A descriptor's `object`, `arrayOfObjects` and `objectSelection` rows push the screens a
/// definition generates for their values, whose edits reach the data; a `selection` over a
/// list chooses several.
@Suite("Descriptor rows that disclose their values")
struct DescriptorDisclosedScreensTests {
  static let text = """
    {"schemaVersion": 1, "title": "Kinds", "sections": [{"rows": [
      {"kind": "object", "text": "Address", "value": "address"},
      {"kind": "arrayOfObjects", "text": "Steps", "value": "steps"},
      {"kind": "objectSelection", "text": "Owner", "value": "owner", "choices": ":people"},
      {"kind": "selection", "text": "Tags", "value": "tags", "choices": ["a", "b", "c"]},
      {"kind": "object", "text": "Name as object", "value": "name"}
    ]}]}
    """

  static func app() throws -> (HeadlessApp, DocumentObject) {
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "K.json")
    let data = DocumentObject([
      "name": "Ann",
      "address": ["street": "Main 1", "city": "Oslo"],
      "steps": [["name": "one", "done": false], ["name": "two", "done": true]],
      "owner": ["name": "Bo"],
      "people": [["name": "Al"], ["name": "Bo"], ["name": "Cy"]],
      "tags": ["a"],
    ])
    let navigator = try DescriptorLibrary().makeNavigator(showing: descriptor, root: data)
    return (HeadlessApp(navigator: navigator), data)
  }

  @Test func anObjectRowOpensItsFormAndDoneWritesIt() throws {
    let (app, data) = try Self.app()
    #expect(app.row("Address")?.detail == "Main 1, Oslo")
    try app.tap("Address")
    #expect(app.top.title == "Address")
    #expect(app.texts == [["Street", "City"]])
    try app.enter("Bergen", at: "City")
    try app.send(.done)
    #expect(app.top.title == "Kinds")
    #expect(try data.value(forKeyPath: "address.city") == "Bergen")
    #expect(try data.value(forKeyPath: "address.street") == "Main 1")
    #expect(app.host.violations.isEmpty)
  }

  @Test func aListRowOpensItsItemsWhichAreAddedAndDeleted() throws {
    let (app, data) = try Self.app()
    #expect(app.row("Steps")?.detail == "2")
    try app.tap("Steps")
    #expect(app.top.title == "Steps")
    #expect(app.texts == [["one", "two"]])
    try app.send(.setEditing(true))
    try app.send(.delete(app.rowID(at: ItemPath(item: 0, section: 0))))
    #expect(try data.value(forKeyPath: "steps").arrayValue?.count == 1)
    try app.send(.back)
    #expect(app.row("Steps")?.detail == "1")
    #expect(app.host.violations.isEmpty)
  }

  @Test func anObjectSelectionChoosesAmongTheObjectsByTheirNames() throws {
    let (app, data) = try Self.app()
    #expect(app.row("Owner")?.detail == "Bo")
    try app.tap("Owner")
    #expect(app.texts == [["Al", "Bo", "Cy"]])
    try app.tap("Cy")
    #expect(app.top.title == "Kinds")
    #expect(try data.value(forKeyPath: "owner.name") == "Cy")
    #expect(app.row("Owner")?.detail == "Cy")
  }

  @Test func aSelectionOverAListChoosesSeveral() throws {
    let (app, data) = try Self.app()
    try app.tap("Tags")
    try app.tap("c")
    #expect(try data.value(forKey: "tags") == ["a", "c"])
    try app.tap("a")
    #expect(try data.value(forKey: "tags") == ["c"])
  }

  @Test func anObjectRowOverTextSaysWhy() throws {
    let (app, _) = try Self.app()
    #expect(throws: ScreenError.notApplicable("Name as object holds text, not an object")) {
      try app.tap("Name as object")
    }
  }
}
