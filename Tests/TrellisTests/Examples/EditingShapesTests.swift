import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// The editing-shapes app: each screen edits what it shows, through the headless host.
@Suite("Editing shapes")
struct EditingShapesTests {
  func open(_ name: String) throws -> (HeadlessApp, EditingShapes.State) {
    let state = try EditingShapes.State()
    let app = HeadlessApp(navigator: EditingShapes.navigator(state: state))
    let index = try #require(EditingShapes.screens.firstIndex(of: name))
    try app.send(.select(app.rowID(at: ItemPath(item: index, section: 0))))
    #expect(app.top.title == name)
    return (app, state)
  }

  @Test func rowsMoveBetweenTheTwoLists() throws {
    let (app, state) = try open("Two lists")
    try app.send(.setEditing(true))
    try app.send(
      .move(app.rowID(at: ItemPath(item: 1, section: 0)), to: ItemPath(item: 0, section: 1)))
    #expect(state.today == ["Shop", "Write"])
    #expect(state.later == ["Cook", "Paint", "Travel"])
    #expect(app.texts == [["Shop", "Write"], ["Cook", "Paint", "Travel"]])
    try app.send(.add(section: 1))
    #expect(state.later.last == "New item")
  }

  /// Two windows over one state: a move, a delete and a choice in one show in the other, as a
  /// fresh window would show them.
  @Test func aChangeInOneWindowShowsInTheOther() async throws {
    let (first, state) = try open("Two lists")
    let second = HeadlessApp(navigator: EditingShapes.navigator(state: state))
    try second.tap("Two lists")
    try first.send(.setEditing(true))
    try first.send(
      .move(first.rowID(at: ItemPath(item: 1, section: 0)), to: ItemPath(item: 0, section: 1)))
    try first.send(.delete(first.rowID(at: ItemPath(item: 0, section: 0))))
    try await second.settle()
    #expect(second.texts == [["Write"], ["Cook", "Paint", "Travel"]])
    try second.host.check()
    try first.send(.back)
    try first.tap("Choices")
    try second.send(.back)
    try second.tap("Choices")
    try first.tap("Chili")
    try first.tap("Large")
    try await second.settle()
    let checked = second.top.snapshot().table.sections.map { section in
      section.items.filter { $0.accessory == .checkmark }.compactMap(\.text)
    }
    #expect(checked == [["Cheese", "Chili"], ["Large"]])
  }

  @Test func checkboxesAndRadioButtons() throws {
    let (app, state) = try open("Choices")
    try app.send(.select(app.rowID(at: ItemPath(item: 1, section: 0))))  // Olives
    try app.send(.select(app.rowID(at: ItemPath(item: 0, section: 0))))  // Cheese off
    #expect(state.toppings == ["Olives"])
    try app.send(.select(app.rowID(at: ItemPath(item: 2, section: 1))))  // Large
    #expect(state.size == "Large")
    #expect(app.top.title == "Choices")  // radio buttons stay on the screen
    let checked = app.top.snapshot().table.sections.map { section in
      section.items.filter { $0.accessory == .checkmark }.compactMap(\.text)
    }
    #expect(checked == [["Olives"], ["Large"]])
  }

  @Test func anAddRowAndBatches() throws {
    let (app, _) = try open("Add and load more")
    #expect(app.texts[0].count == 22)  // 20 chores, load more, add a chore
    #expect(app.texts[0].suffix(2) == ["Load more…", "Add a chore"])
    try app.send(.loadMore(section: 0))
    #expect(app.texts[0].count == 42)
    try app.send(.select(app.rowID(at: ItemPath(item: 41, section: 0))))
    #expect(app.top.title == "New Chore")
  }

  @Test func aPredicateFiltersTheList() throws {
    let (app, state) = try open("Filtered")
    #expect(app.texts[0].count == 40)
    let first = try #require(state.chores.fetch(FetchOptions()).first?.objectValue as? Chore)
    try state.chores.update(.object(ObjectReference(first)), values: ["isDone": true])
    app.navigator.processChanges()
    #expect(app.texts[0].count == 39)
    #expect(!app.texts[0].contains("Chore 1"))
  }
}

/// The custom row's controls bind by tag and edit the post like any other row.
@Suite("Custom rows bound by tag")
struct CustomRowTests {
  @Test func aTaggedValueReachesItsKeyAndTheOtherRows() throws {
    let state = try EditingShapes.State()
    let app = HeadlessApp(navigator: EditingShapes.navigator(state: state))
    try app.send(.select(app.rowID(at: ItemPath(item: 4, section: 0))))
    #expect(app.top.title == "Custom row")
    let card = try #require(app.top.snapshot().table.sections.first?.items.first)
    #expect(card.kind == .custom)
    #expect(
      card.value == .dictionary(["1": "Ada", "2": "Tables as data, at last.", "3": "avatar_ada"]))
    try app.send(
      .setValue(app.rowID(at: ItemPath(item: 0, section: 0)), .dictionary(["1": "Grace"])))
    #expect(state.post.author == "Grace")
    #expect(app.texts[1].first == "Author")
    let author = try #require(app.top.snapshot().table.sections[1].items.first)
    #expect(author.value == "Grace")
    // Converted and checked like any value of its property: the author is required.
    try app.send(.setValue(app.rowID(at: ItemPath(item: 0, section: 0)), .dictionary(["1": ""])))
    #expect(state.post.author == "Grace")
    #expect(app.top.snapshot().table.sections[1].items.first?.validationMessage != nil)
    #expect(throws: ScreenError.self) {
      try app.send(.setValue(app.rowID(at: ItemPath(item: 0, section: 0)), .dictionary(["9": "x"])))
    }
  }
}

/// Detail and add screens presented as modal sheets.
@Suite("Modal presentation")
struct ModalPresentationTests {
  @Test func addAndDetailScreensOfTheSectionAreModal() throws {
    let state = try EditingShapes.State()
    let app = HeadlessApp(navigator: EditingShapes.navigator(state: state))
    try app.send(.select(app.rowID(at: ItemPath(item: 2, section: 0))))  // Add and load more
    try app.send(.add(section: 0))
    #expect(app.top.title == "New Chore")
    #expect(app.top.presentation == .modal)
    #expect(app.top.snapshot().isModal)
    try app.send(.cancel)
    try app.send(.select(app.rowID(at: ItemPath(item: 0, section: 0))))
    #expect(app.top.snapshot().isModal)
    try app.send(.cancel)
    #expect(app.top.title == "Add and load more")
    #expect(!app.top.snapshot().isModal)
  }
}
