import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// The accessory button and the editing controls do what the row says.
@Suite("Accessory and editing-control taps")
struct AccessoryAndEditingActionsTests {
  final class Log: @unchecked Sendable {
    var entries: [String] = []
  }

  func app(_ rows: [Row], log: Log) -> HeadlessApp {
    let model = TableModel(title: "Rows")
    let section = Section(id: "s")
    for row in rows { section.addRow(row) }
    section.rowActions.accessoryTapped = { context in
      log.entries.append("tapped \(context.indexPath.map { "\($0)" } ?? "?")")
    }
    model.addSection(section)
    let navigator = Navigator(root: Screen(model: model))
    navigator.namedActions["info"] = { _ in log.entries.append("info") }
    navigator.namedActions["addOne"] = { _ in log.entries.append("addOne") }
    navigator.screenProvider = { name, _ in
      Screen(model: TableModel(title: name), navigationBar: .none)
    }
    return HeadlessApp(navigator: navigator)
  }

  @Test func theAccessoryButtonRunsItsActionThenFallsBackOnTheRows() throws {
    let log = Log()
    var info = Row(id: RowID(.string("a")), kind: .plain, text: "A")
    info.accessory = .detailDisclosureButton
    info.accessoryAction = .named("info")
    info.action = .push("Never")
    var pushes = Row(id: RowID(.string("b")), kind: .plain, text: "B")
    pushes.accessory = .detailButton
    pushes.action = .push("Detail of B")
    var plain = Row(id: RowID(.string("c")), kind: .plain, text: "C")
    plain.accessory = .disclosureIndicator
    let app = app([info, pushes, plain], log: log)
    try app.send(.accessoryTap(app.rowID(at: ItemPath(item: 0, section: 0))))
    #expect(log.entries == ["tapped [0, 0]", "info"])
    #expect(app.navigator.stack.count == 1)
    try app.send(.accessoryTap(app.rowID(at: ItemPath(item: 1, section: 0))))
    #expect(app.top.title == "Detail of B")
    try app.send(.back)
    // A row without an accessory button has nothing to tap.
    #expect(throws: ScreenError.self) {
      try app.send(.accessoryTap(app.rowID(at: ItemPath(item: 2, section: 0))))
    }
    #expect(throws: ScreenError.self) {
      try app.send(.accessoryTap(app.rowID(at: ItemPath(item: 9, section: 0))))
    }
  }

  @Test func aListRowsActionGetsItsItem() throws {
    let definition = try DataDefinition.dictionary(keys: "name;done")
    let store = MemoryStore(
      items: ["A", "B"].map {
        Value.object(ObjectReference(DocumentObject(["name": .string($0), "done": false])))
      }, definition: definition)
    let model = TableModel(title: "List")
    let section = ArrayOfObjectsSection(store: store, definition: definition)
    section.rowActions.didSelect = { context in
      try? context.object?.setValue(true, forKey: "done")
    }
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try app.send(.select(app.rowID(at: ItemPath(item: 1, section: 0))))
    let items = try store.fetch(FetchOptions())
    #expect(items.map { definition.reader(for: $0).value("done") } == [false, true])
  }

  @Test func inEditModeTheEditingAccessoryCounts() throws {
    let log = Log()
    var row = Row(id: RowID(.string("a")), kind: .plain, text: "A")
    row.accessory = .none
    row.editingAccessory = .detailDisclosureButton
    row.accessoryAction = .named("info")
    row.editingAccessoryAction = .push("Edit A")
    let app = app([row], log: log)
    #expect(throws: ScreenError.self) {
      try app.send(.accessoryTap(app.rowID(at: ItemPath(item: 0, section: 0))))
    }
    try app.send(.setEditing(true))
    try app.send(.accessoryTap(app.rowID(at: ItemPath(item: 0, section: 0))))
    #expect(app.top.title == "Edit A")
  }

  @Test func editingControlsRunTheEditingStyleAction() throws {
    let log = Log()
    var insert = Row(id: RowID(.string("new")), kind: .plain, text: "Add a row")
    insert.editingStyle = .insert
    insert.editingStyleAction = .named("addOne")
    var delete = Row(id: RowID(.string("d")), kind: .plain, text: "Keep me")
    delete.editingStyle = .delete
    delete.isDeletable = true
    delete.editingStyleAction = .named("info")
    let app = app([insert, delete], log: log)
    try app.send(.setEditing(true))
    try app.send(.insert(app.rowID(at: ItemPath(item: 0, section: 0))))
    // The app commits a delete itself when the row has an editing style action.
    try app.send(.delete(app.rowID(at: ItemPath(item: 1, section: 0))))
    #expect(log.entries == ["addOne", "info"])
    #expect(app.texts[0] == ["Add a row", "Keep me"])
    // Insert on a row that deletes is refused.
    #expect(throws: ScreenError.self) {
      try app.send(.insert(app.rowID(at: ItemPath(item: 1, section: 0))))
    }
  }
}

/// A section action can supply a row's detail screen instead of the generated one.
@Suite("Custom detail screens")
struct CustomDetailScreenTests {
  @Test func theSectionsScreenIsPushedWhenItGivesOne() throws {
    let (navigator, _) = try TasksApp.navigator(tasks: [
      TaskItem(name: "Read"), TaskItem(name: "Walk"),
    ])
    let list = try #require(navigator.top.model.sections.first)
    list.actions.detailScreenForRow = { context in
      guard context.indexPath?.item == 0 else { return nil }
      return Screen(model: TableModel(title: "All about reading"), navigationBar: .none)
    }
    let app = HeadlessApp(navigator: navigator)
    try app.send(.select(app.rowID(at: ItemPath(item: 0, section: 0))))
    #expect(app.top.title == "All about reading")
    try app.send(.back)
    try app.send(.select(app.rowID(at: ItemPath(item: 1, section: 0))))
    #expect(app.top.title == "Walk")  // the generated detail
  }
}
