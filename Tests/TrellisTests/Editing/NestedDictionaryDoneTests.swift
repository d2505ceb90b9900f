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

  @Test func aKeyBothChangedIsAConflictShownToEnterAgain() throws {
    let document = DocumentObject(["address": ["street": "Main Street", "city": "Berlin"]])
    let (dan, eve) = (try Self.window(over: document), try Self.window(over: document))
    try dan.enter("Oslo", at: "City")
    try dan.send(.done)
    try eve.enter("Rome", at: "City")
    try eve.enter("Eve Street", at: "Street")
    #expect(throws: ScreenError.self) { try eve.send(.done) }
    #expect(Self.address(document) == ["street": "Main Street", "city": "Oslo"])
    #expect(eve.top.snapshot().notice?.contains("Someone else changed") == true)
    #expect(eve.row("City")?.fieldText == "Oslo")
    // Entered again, it replaces theirs; the street entered before goes with it.
    try eve.enter("Rome", at: "City")
    try eve.send(.done)
    #expect(Self.address(document) == ["street": "Eve Street", "city": "Rome"])
  }
}
