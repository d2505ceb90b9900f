import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// A section's row defaults act: the detail accessory and adding.
@Suite("Row defaults")
struct RowDefaultsTests {
  @Test func detailRowsTakeTheSectionsDetailAccessory() throws {
    let (navigator, _) = try TasksApp.navigator(tasks: [TaskItem(name: "Read")])
    let list = try #require(navigator.top.model.sections.first)
    let app = HeadlessApp(navigator: navigator)
    #expect(app.top.snapshot().table.sections[0].items[0].accessory == .disclosureIndicator)
    list.rowDefaults.detailAccessory = .detailDisclosureButton
    navigator.processChanges()
    #expect(app.top.snapshot().table.sections[0].items[0].accessory == .detailDisclosureButton)
    // A form's rows that push (the category's choices) follow their section's too.
    try app.send(.select(app.rowID(at: ItemPath(item: 0, section: 0))))
    let form = app.top.model
    for section in form.sections { section.rowDefaults.detailAccessory = .none }
    navigator.processChanges()
    let pushing = app.top.snapshot().table.sections.flatMap(\.items).filter {
      $0.text == "Category"
    }
    #expect(!pushing.isEmpty && pushing.allSatisfy { $0.accessory == Accessory.none })
  }

  @Test func addAppendsANewElementWhereTheSectionIsAddable() throws {
    let (model, section) = StringsExample.model()
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try app.send(.add(section: 0))
    #expect(section.content == ["One", "Two", "Three!", "New string"])
    #expect(app.texts[0].last == "New string")
    // Without isAddable (or without a maker), Add is refused and nothing changes.
    section.rowDefaults.isAddable = false
    #expect(throws: ScreenError.self) { try app.send(.add(section: 0)) }
    #expect(section.content.count == 4)
  }
}
