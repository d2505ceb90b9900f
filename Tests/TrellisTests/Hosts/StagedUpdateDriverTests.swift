import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// The part of a UIKit host that is not UIKit: the data swapped stage by stage inside each
/// batch update, full reloads, and a dragged row rebased instead of moved twice. Played here
/// on the headless table view, which checks every batch the way UITableView does.
@Suite("Staged updates, as a UITableView host applies them")
struct StagedUpdateDriverTests {
  private struct Item: Identifiable, Hashable {
    var id: Int
    var text: String
  }

  private func makeModel(_ items: [Item], movable: Bool = true) -> (
    TableModel, ContentSection<Item>
  ) {
    let model = TableModel()
    let section = ContentSection<Item>(id: "items", header: "Items", content: items) {
      item, row in row.text = item.text
    }
    section.rowDefaults = RowDefaults(isMovable: movable, isDeletable: true)
    model.addSection(section)
    return (model, section)
  }

  @Test func eachStageSwapsTheDataInsideItsBatch() throws {
    let (model, section) = makeModel((0..<6).map { Item(id: $0, text: "Item \($0)") })
    let shown = model.shown
    let driver = StagedUpdateDriver(showing: shown)
    var table = HeadlessTableView(showing: shown)
    var changesets: [TableChangeset] = []
    let token = model.observe { changesets.append($0) }
    // An item that changes and moves needs two stages.
    var content = section.content
    content[1].text = "Changed"
    content.swapAt(1, 4)
    content.remove(at: 0)
    section.content = content
    model.processChanges()
    token.cancel()
    let changeset = try #require(changesets.first)
    #expect(changeset.stages.count == 2)
    var batches = 0
    try driver.apply(changeset, reloadData: { Issue.record("reloaded") }) {
      stage, index, commit throws(ContractViolation) in
      #expect(driver.shown.sections == table.visible, "before the swap, the old data")
      commit()
      #expect(driver.shown == stage.data)
      try table.performBatchUpdates(stage, stage: index)
      batches += 1
    }
    #expect(batches == 2)
    #expect(driver.shown == model.freshSnapshot())
    try table.verifyShows(model.freshSnapshot())
  }

  @Test func aFullReloadSwapsToTheTarget() throws {
    let (model, section) = makeModel((0..<5).map { Item(id: $0, text: "\($0)") })
    model.diffOptions.maxChangeCount = 1
    let driver = StagedUpdateDriver(showing: model.shown)
    var changesets: [TableChangeset] = []
    let token = model.observe { changesets.append($0) }
    section.content = (10..<15).map { Item(id: $0, text: "\($0)") }
    model.processChanges()
    token.cancel()
    let changeset = try #require(changesets.first)
    #expect(changeset.fullReload != nil)
    var reloads = 0
    driver.apply(changeset, reloadData: { reloads += 1 }) { _, _, _ in
      Issue.record("a batch update for a full reload")
    }
    #expect(reloads == 1)
    #expect(driver.shown == model.freshSnapshot())
  }

  @Test func aDraggedRowIsNotMovedTwice() throws {
    let (navigator, store) = try TasksApp.navigator(
      tasks: ["A", "B", "C", "D"].map { TaskItem(name: $0) })
    let app = HeadlessApp(navigator: navigator)
    try app.send(.setEditing(true))
    try app.drag(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0))
    #expect(app.texts == [["B", "C", "A", "D"]])
    #expect(
      store.allItems.compactMap { ($0.objectValue as? TaskItem)?.name } == ["B", "C", "A", "D"])
    #expect(!app.host.driver.isAhead)
    try app.drag(from: ItemPath(item: 3, section: 0), to: ItemPath(item: 0, section: 0))
    #expect(app.texts == [["D", "B", "C", "A"]])
  }

  @Test func aRefusedDragPutsTheRowBack() throws {
    let (model, _) = makeModel((0..<4).map { Item(id: $0, text: "\($0)") }, movable: false)
    let navigator = Navigator(root: Screen(model: model))
    let app = HeadlessApp(navigator: navigator)
    #expect(throws: ScreenError.self) {
      try app.drag(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 3, section: 0))
    }
    #expect(app.texts == [["0", "1", "2", "3"]])
    #expect(app.host.table.visible == model.freshSnapshot().sections)
    #expect(app.host.violations.isEmpty)
  }

  @Test func aDragOutsideTheTableIsAnErrorAndChangesNothing() throws {
    let (model, _) = makeModel((0..<2).map { Item(id: $0, text: "\($0)") })
    let host = HeadlessHost(model: model)
    #expect(throws: ContractViolation.self) {
      try host.drag(from: ItemPath(item: 5, section: 0), to: ItemPath(item: 0, section: 0)) { _ in
        Issue.record("an event for a drag that does not fit")
      }
    }
    #expect(host.texts == [["0", "1"]])
    #expect(!host.driver.isAhead)
  }
}
