import Testing
import TrellisTesting

@testable import Trellis

/// Windows over one document each open a nested dictionary's form, as every window of
/// `trellis serve data.json` does: Done writes only what its person entered, into the
/// dictionary as it is now, so that nobody's saved change is undone by another window's Done.
@Suite("Done on a nested dictionary's form")
struct NestedDictionaryDoneTests {
  static func window(over document: DocumentObject) throws -> HeadlessApp {
    let definition = DataDefinition.document(document.root, name: "doc.json")
    let model = TableModel(title: "doc.json")
    let draft = try model.generateSections(for: document, definition: definition, mode: .live)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model, draft: draft)))
    try app.tap("Address")
    return app
  }

  static func address(_ document: DocumentObject) -> Value? {
    document.root.dictionaryValue?["address"]
  }

  @Test func eachWindowWritesOnlyWhatItsPersonEntered() throws {
    let document = DocumentObject([
      "name": "Ann", "address": ["street": "Main Street", "city": "Berlin"],
    ])
    let (ann, bob, cy) = (
      try Self.window(over: document), try Self.window(over: document),
      try Self.window(over: document)
    )
    try ann.enter("Lisbon", at: "City")
    try ann.send(.done)
    #expect(Self.address(document) == ["street": "Main Street", "city": "Lisbon"])
    // Bob's form still showed Berlin: his Done keeps Ann's Lisbon.
    try bob.enter("Side Street", at: "Street")
    try bob.send(.done)
    #expect(Self.address(document) == ["street": "Side Street", "city": "Lisbon"])
    // A form nobody edited writes nothing.
    try cy.send(.done)
    #expect(Self.address(document) == ["street": "Side Street", "city": "Lisbon"])
  }

  /// Dan saves Oslo and a new zip; Eve, whose form still shows Berlin, enters Rome and a
  /// street and presses Done.
  static func conflict() throws -> (document: DocumentObject, eve: HeadlessApp) {
    let document = DocumentObject([
      "address": ["street": "Main Street", "city": "Berlin", "zip": "10115"]
    ])
    let (dan, eve) = (try Self.window(over: document), try Self.window(over: document))
    try dan.enter("Oslo", at: "City")
    try dan.enter("0150", at: "Zip")
    try dan.send(.done)
    try eve.enter("Rome", at: "City")
    try eve.enter("Eve Street", at: "Street")
    #expect(throws: ScreenError.self) { try eve.send(.done) }
    #expect(Self.address(document) == ["street": "Main Street", "city": "Oslo", "zip": "0150"])
    return (document, eve)
  }

  @Test func aKeyBothChangedIsAConflictThatKeepsTheirValueNamedAndYoursOnTheRow() throws {
    let (document, eve) = try Self.conflict()
    let snapshot = eve.top.snapshot()
    #expect(snapshot.notice?.contains("Someone else changed City to “Oslo”") == true)
    // Eve's value stays on her row, and the bar offers to keep theirs instead.
    #expect(eve.row("City")?.fieldText == "Rome")
    #expect(snapshot.barButtons.contains { $0.role == .takeTheirs })
    // The key she left alone shows what Dan saved.
    #expect(eve.row("Zip")?.fieldText == "0150")
    // Done again saves hers over his, with the street she entered.
    try eve.send(.done)
    #expect(Self.address(document) == ["street": "Eve Street", "city": "Rome", "zip": "0150"])
  }

  @Test func takeTheirsKeepsTheirValueAndSavesTheRest() throws {
    let (document, eve) = try Self.conflict()
    try eve.send(.takeTheirs)
    #expect(Self.address(document) == ["street": "Eve Street", "city": "Oslo", "zip": "0150"])
  }
}
