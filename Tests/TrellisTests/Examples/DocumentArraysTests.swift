import Testing
import Trellis
import TrellisTesting

/// Lists in a document: plain values and dictionaries edited as lists, added to and deleted.
@Suite("Document lists")
struct DocumentArraysTests {
  func app() throws -> (HeadlessApp, DocumentObject) {
    let object = DocumentObject([
      "title": "Book", "tags": ["fiction", "old"], "authors": [["name": "Ada", "born": 1815]],
      "mixed": [1, "two"],
    ])
    let definition = DataDefinition.document(object.root, name: "book.json")
    let model = TableModel(title: "book")
    let draft = try model.generateSections(for: object, definition: definition, mode: .deferred)
    let screen = Screen(model: model, navigationBar: .doneRightCancelLeft, draft: draft)
    return (HeadlessApp(navigator: Navigator(root: screen)), object)
  }

  func open(_ label: String, in app: HeadlessApp) throws {
    let items = app.top.snapshot().table.sections.flatMap(\.items)
    let index = try #require(items.firstIndex { $0.text == label })
    try app.send(.select(app.rowID(at: ItemPath(item: index, section: 0))))
  }

  @Test func aListOfStringsIsEditedAndCommitted() throws {
    let (app, object) = try app()
    try open("Tags", in: app)
    #expect(app.texts.flatMap { $0 }.prefix(2) == ["fiction", "old"])
    try app.send(.add(section: nil))
    let field = try #require(app.top.snapshot().table.sections.first?.items.first)
    try app.send(
      .setValue(
        app.rowID(at: ItemPath(item: 0, section: 0)), try field.value(for: .text("classic"))))
    try app.send(.done)  // the new tag
    try app.send(.setEditing(true))
    try app.send(.delete(app.rowID(at: ItemPath(item: 0, section: 0))))  // fiction
    try app.send(.back)
    try app.send(.done)  // the document
    #expect(object.root.dictionaryValue?["tags"] == ["old", "classic"])
  }

  @Test func anItemIsAddedToAListOfDictionaries() throws {
    let (app, object) = try app()
    try open("Authors", in: app)
    try app.send(.add(section: nil))
    // An item of the list "authors" is an author.
    #expect(app.top.snapshot().title == "New Author")
    let name = try #require(app.top.snapshot().table.sections.first?.items.first)
    #expect(name.text == "Name")
    try app.send(.setValue(app.rowID(at: ItemPath(item: 0, section: 0)), "Grace"))
    try app.send(.done)
    try app.send(.back)
    try app.send(.done)
    let authors = object.root.dictionaryValue?["authors"]?.arrayValue ?? []
    #expect(authors.count == 2)
    #expect(authors.last?.dictionaryValue?["name"] == "Grace")
    // A mixed list is shown, not edited.
    let mixed = app.top.snapshot().table.sections.flatMap(\.items).first { $0.text == "Mixed" }
    #expect(mixed != nil)
    #expect(object.root.dictionaryValue?["mixed"] == [1, "two"])
  }

  @Test func aNestedDictionaryIsNamedAsAnObjectIs() throws {
    let object = DocumentObject([
      "publisher": ["name": "Trellis Press", "city": "London"],
      "series": ["title": "Tables", "name": "ignored"], "place": ["city": "Paris"],
      "edition": ["name": 2], "blank": ["name": "", "city": "Rome"],
    ])
    let model = TableModel(title: "book")
    _ = try model.generateSections(
      for: object, definition: .document(object.root, name: "book.json"), mode: .deferred)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    let rows = app.top.snapshot().table.sections.flatMap(\.items)
    let details = Dictionary(uniqueKeysWithValues: rows.map { ($0.text ?? "", $0.detail) })
    // By its title, else its name, as an object is; a dictionary with neither by its values.
    #expect(details["Publisher"] == "Trellis Press")
    #expect(details["Series"] == "Tables")
    #expect(details["Edition"] == "2")
    #expect(details["Place"] == "Paris")
    #expect(details["Blank"] == "Rome")
  }

  @Test func aNullIsEditedAsText() throws {
    let object = DocumentObject(["title": "Book", "subtitle": .null])
    let definition = DataDefinition.document(object.root, name: "book.json")
    let model = TableModel(title: "book")
    let draft = try model.generateSections(for: object, definition: definition, mode: .deferred)
    let screen = Screen(model: model, navigationBar: .doneRightCancelLeft, draft: draft)
    let app = HeadlessApp(navigator: Navigator(root: screen))
    let items = app.top.snapshot().table.sections.flatMap(\.items)
    let index = try #require(items.firstIndex { $0.text == "Subtitle" })
    try app.send(.setValue(app.rowID(at: ItemPath(item: index, section: 0)), "A Tale"))
    try app.send(.done)
    #expect(object.root.dictionaryValue?["subtitle"] == "A Tale")
  }

  @Test(arguments: [Draft.Mode.live, .deferred])
  func emptyTextOverANullLeavesItNull(mode: Draft.Mode) throws {
    var saves = 0
    let object = DocumentObject(["title": "Book", "subtitle": .null])
    object.onChange = { _ in saves += 1 }
    let definition = DataDefinition.document(object.root, name: "book.json")
    let model = TableModel(title: "book")
    let draft = try model.generateSections(for: object, definition: definition, mode: mode)
    let screen = Screen(model: model, navigationBar: .doneRightCancelLeft, draft: draft)
    let app = HeadlessApp(navigator: Navigator(root: screen))
    let items = app.top.snapshot().table.sections.flatMap(\.items)
    let index = try #require(items.firstIndex { $0.text == "Subtitle" })
    let subtitle = app.rowID(at: ItemPath(item: index, section: 0))
    // Left empty (on a form that keeps entries until Done, typed and cleared again):
    // nothing was entered.
    if mode == .deferred { try app.send(.setValue(subtitle, "A")) }
    try app.send(.setValue(subtitle, ""))
    #expect(draft.hasChanges == false)
    if mode == .deferred { try app.send(.done) }
    #expect(object.root.dictionaryValue?["subtitle"] == .null, "nothing entered, nothing written")
    #expect(saves == 0)
    try app.send(.setValue(subtitle, "A Tale"))
    if mode == .deferred { try app.send(.done) }
    #expect(object.root.dictionaryValue?["subtitle"] == "A Tale")
    // Text that was there and is cleared is empty text, as the person left it.
    try app.send(.setValue(subtitle, ""))
    if mode == .deferred { try app.send(.done) }
    #expect(object.root.dictionaryValue?["subtitle"] == "")
  }
}
