import Testing
import Trellis
import TrellisTesting

/// Sections that fold away under their headers, through ordinary changesets.
@Suite("Collapsible sections")
struct CollapsibleSectionTests {
  func app() -> (HeadlessApp, Section) {
    let model = TableModel(title: "Fold")
    let fixed = Section(id: "fixed", header: "Fixed")
    fixed.addRow(Row(id: RowID(.string("f")), kind: .plain, text: "Always"))
    let folding = ContentSection<String>(id: "fold", header: "Fold", content: ["a", "b", "c"]) {
      s, row in
      row.text = s
    }
    folding.isCollapsible = true
    model.addSection(fixed)
    model.addSection(folding)
    return (HeadlessApp(navigator: Navigator(root: Screen(model: model))), folding)
  }

  @Test func aToggleHidesAndShowsTheRows() throws {
    let (app, section) = app()
    #expect(app.texts == [["Always"], ["a", "b", "c"]])
    try app.send(.toggleSection(1))
    #expect(section.isCollapsed)
    #expect(app.texts == [["Always"], []])
    #expect(app.top.snapshot().table.sections[1].model.isCollapsed)
    // Rows of a folded section cannot be reached.
    #expect(throws: ScreenError.self) {
      try app.send(.select(app.rowID(at: ItemPath(item: 0, section: 1))))
    }
    try app.send(.toggleSection(1))
    #expect(app.texts == [["Always"], ["a", "b", "c"]])
    #expect(app.top.model.snapshot == app.top.model.freshSnapshot())
  }

  @Test func onlyCollapsibleSectionsToggle() throws {
    let (app, _) = app()
    #expect(throws: ScreenError.self) { try app.send(.toggleSection(0)) }
    #expect(throws: ScreenError.self) { try app.send(.toggleSection(7)) }
    #expect(app.texts == [["Always"], ["a", "b", "c"]])
  }

  @Test func contentChangesWhileFoldedShowWhenOpened() throws {
    let (app, section) = app()
    try app.send(.toggleSection(1))
    let strings = try #require(section as? ContentSection<String>)
    strings.content.append("d")
    app.navigator.processChanges()
    #expect(app.texts == [["Always"], []])
    try app.send(.toggleSection(1))
    #expect(app.texts[1] == ["a", "b", "c", "d"])
  }
}

/// UITableView's multiple selection: taps mark rows instead of running their action.
@Suite("Multiple selection")
struct MultipleSelectionTests {
  @Test func tapsMarkAndUnmarkRows() throws {
    let model = TableModel(title: "Pick")
    let section = ContentSection<String>(id: "s", content: ["a", "b", "c"]) { s, row in
      row.text = s
      row.action = .push("never")
    }
    model.addSection(section)
    model.allowsMultipleSelection = true
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try app.send(.select(app.rowID(at: ItemPath(item: 0, section: 0))))
    try app.send(.select(app.rowID(at: ItemPath(item: 2, section: 0))))
    try app.send(.select(app.rowID(at: ItemPath(item: 0, section: 0))))
    #expect(app.navigator.stack.count == 1)
    let selected = app.top.snapshot().table.sections[0].items.map(\.isSelected)
    #expect(selected == [false, false, true])
    #expect(model.selectedRowIDs.count == 1)
    #expect(model.snapshot == model.freshSnapshot())
    // In edit mode it follows allowsMultipleSelectionDuringEditing.
    try app.send(.setEditing(true))
    #expect(throws: ScreenError.self) {
      try app.send(.select(app.rowID(at: ItemPath(item: 1, section: 0))))
    }
  }
}
