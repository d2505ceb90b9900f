import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisTesting

@Suite("Tasks app (seed 000, Exploring Object Binding)")
struct TasksAppTests {
  @Test func taskFormHasTheSeedsGroupsAndControls() throws {
    let categories = TasksApp.defaultCategories()
    let store = MemoryStore(objects: categories, definition: try TasksApp.categoryDefinition())
    let tags = MemoryStore(
      objects: TasksApp.defaultTags(), definition: try TasksApp.tagDefinition())
    let definition = try TasksApp.taskDefinition(categories: store, tags: tags)
    let model = TableModel(title: "Task")
    let task = TaskItem(name: "Write docs", category: categories[1])
    try model.generateSections(for: task, definition: definition)
    let host = HeadlessHost(model: model)
    #expect(host.table.visible.map(\.model.header) == ["Task Details", "Task Status"])
    let details = host.rows(inSection: 0)
    #expect(
      details.map(\.text) == ["Name", "Description", "Category", "Tags", "Due Date", "Steps"])
    // The category is an object of the categories' store, chosen from a list (seed 000 picks a
    // string from Home, Work and Other; here they are rows of their own entity).
    #expect(
      details.map(\.kind) == [
        .textField, .textView, .objectSelection, .objectSelection, .date, .arrayOfObjects,
      ])
    #expect(details[0].value == "Write docs")
    #expect(details[2].detail == "Work")
    #expect(details[5].detail == "0")
    #expect(host.rows(inSection: 1).map(\.kind) == [.switch])
    #expect(model.row(forProperty: "completed")?.kind == .switch)
  }

  @Test func listShowsPlaceholderThenTasks() throws {
    let (navigator, _) = try TasksApp.navigator()
    let app = HeadlessApp(navigator: navigator)
    #expect(app.texts == [["No tasks yet!"]])
    #expect(app.host.rows(inSection: 0)[0].kind == .placeholder)
    #expect(app.top.barButtons == [BarButton(.add, .left), BarButton(.edit, .right)])
  }

  @Test func addATaskFillItInAndDone() throws {
    let (navigator, store) = try TasksApp.navigator()
    let app = HeadlessApp(navigator: navigator)
    try app.send(.add(section: nil))
    #expect(navigator.stack.count == 2)
    #expect(app.top.title == "New Task")
    #expect(app.top.barButtons == [BarButton(.cancel, .left), BarButton(.done, .right)])
    // Done is refused while the name is empty, with the message on the row.
    #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(navigator.stack.count == 2)
    #expect(app.row("Name")?.validationMessage == "Name is required")
    #expect(!app.top.isDoneEnabled)
    #expect(store.allItems.isEmpty)
    // Fill it in.
    try app.enter("Buy milk", at: "Name")
    #expect(app.row("Name")?.validationMessage == nil)
    try app.tap("Category")
    #expect(app.texts == [["Home", "Work", "Other", "None"]])
    try app.tap("Work")
    #expect(navigator.stack.count == 2, "a single choice goes back by itself")
    #expect(app.row("Category")?.detail == "Work")
    try app.enter(.bool(true), at: "Completed")
    try app.send(.done)
    #expect(navigator.stack.count == 1)
    #expect(app.texts == [["Buy milk"]])
    let task = try #require(store.allItems.first?.objectValue as? TaskItem)
    #expect(task.name == "Buy milk")
    #expect(task.category?.name == "Work")
    #expect(task.completed)
  }

  @Test func editATaskAndCancelChangesNothing() throws {
    let task = TaskItem(name: "Call Bob", category: TaskCategory(name: "Home"))
    let (navigator, _) = try TasksApp.navigator(tasks: [task])
    let app = HeadlessApp(navigator: navigator)
    try app.tap("Call Bob")
    #expect(app.top.title == "Call Bob")
    try app.enter("Call Alice", at: "Name")
    try app.enter(.bool(true), at: "Completed")
    #expect(task.name == "Call Bob", "edits stay in the draft until Done")
    try app.send(.cancel)
    #expect(navigator.stack.count == 1)
    #expect(task.name == "Call Bob")
    #expect(!task.completed)
    #expect(app.texts == [["Call Bob"]])
    // And Done commits.
    try app.tap("Call Bob")
    try app.enter("Call Alice", at: "Name")
    try app.send(.done)
    #expect(task.name == "Call Alice")
    #expect(app.texts == [["Call Alice"]])
  }

  @Test func deleteAndReorder() throws {
    let tasks = ["A", "B", "C"].map { TaskItem(name: $0) }
    let (navigator, store) = try TasksApp.navigator(tasks: tasks)
    let app = HeadlessApp(navigator: navigator)
    try app.send(.setEditing(true))
    #expect(app.top.isEditing)
    try app.send(
      .move(app.rowID(at: ItemPath(item: 0, section: 0)), to: ItemPath(item: 2, section: 0)))
    #expect(app.texts == [["B", "C", "A"]])
    #expect(store.allItems.compactMap { ($0.objectValue as? TaskItem)?.name } == ["B", "C", "A"])
    try app.send(.delete(app.rowID(at: ItemPath(item: 1, section: 0))))
    #expect(app.texts == [["B", "A"]])
    #expect(store.allItems.count == 2)
    try app.send(.delete(app.rowID(at: ItemPath(item: 0, section: 0))))
    try app.send(.delete(app.rowID(at: ItemPath(item: 0, section: 0))))
    #expect(app.texts == [["No tasks yet!"]])
  }

  @Test func addTwoStepsInsideATaskAndCommitThem() throws {
    let task = TaskItem(name: "Move house")
    let (navigator, _) = try TasksApp.navigator(tasks: [task])
    let app = HeadlessApp(navigator: navigator)
    try app.tap("Move house")
    try app.tap("Steps")
    #expect(app.top.title == "Steps")
    for name in ["Pack boxes", "Hire van"] {
      try app.send(.add(section: nil))
      try app.enter(.string(name), at: "Name")
      try app.send(.done)
    }
    #expect(app.texts == [["Pack boxes", "Hire van"]])
    #expect(task.taskSteps.isEmpty, "steps are committed with their task")
    try app.send(.back)
    #expect(app.row("Steps")?.detail == "2")
    try app.send(.done)
    #expect(task.taskSteps.map(\.name) == ["Pack boxes", "Hire van"])
  }

  @Test func cancellingATaskDropsItsNewSteps() throws {
    let task = TaskItem(name: "Garden")
    let (navigator, _) = try TasksApp.navigator(tasks: [task])
    let app = HeadlessApp(navigator: navigator)
    try app.tap("Garden")
    try app.tap("Steps")
    try app.send(.add(section: nil))
    try app.enter("Mow", at: "Name")
    try app.send(.done)
    try app.send(.back)
    try app.send(.cancel)
    #expect(task.taskSteps.isEmpty)
  }

  @Test func invalidValueStaysInTheDraftWithAMessage() throws {
    let definition = try TasksApp.taskDefinition()
    let task = TaskItem(name: "Keep")
    let model = TableModel()
    let draft = try model.generateSections(for: task, definition: definition)
    let host = HeadlessHost(model: model)
    try model.setValue("", at: ItemPath(item: 0, section: 0))
    try host.check()
    #expect(task.name == "Keep", "an invalid value never reaches the object")
    #expect(draft.message("name") == "Name is required")
    #expect(host.rows(inSection: 0)[0].validationMessage == "Name is required")
    try model.setValue("Kept", at: ItemPath(item: 0, section: 0))
    #expect(task.name == "Kept")
    #expect(draft.message("name") == nil)
  }
}

/// Adding an item in a chooser whose choice is invalid with it.
@Suite("Tasks: a new tag the choice refuses")
struct TasksNewTagRefusedTests {
  /// A task list over memory stores whose tasks hold one tag at most.
  static func app() throws -> HeadlessApp {
    let categories = MemoryStore(
      objects: TasksApp.defaultCategories(), definition: try TasksApp.categoryDefinition())
    let tags = MemoryStore(
      objects: TasksApp.defaultTags(), definition: try TasksApp.tagDefinition())
    var definition = try TasksApp.taskDefinition(categories: categories, tags: tags)
    definition.rowActions.valueIsValid = { value, context in
      context.propertyName == "tags" && (value.arrayValue?.count ?? 0) > 1
        ? "Choose one tag at most" : nil
    }
    let store = MemoryStore(definition: definition)
    return HeadlessApp(
      navigator: Navigator(root: TasksApp.listScreen(store: store, definition: definition)))
  }

  /// A tag added from the chooser is stored by Done, then chosen; a choice that is then
  /// invalid keeps it with why, as a tap does. The tag's form closes all the same, the
  /// chooser says why, and the tag is listed once: a form left open would store the same tag
  /// again on the next Done.
  @Test func isStoredOnceAndTheChooserSaysWhy() throws {
    let app = try Self.app()
    try app.send(.add(section: nil))
    try app.tap("Tags")
    let chooser = app.top
    try app.tap("Urgent")
    let listed = app.texts[0].count
    try app.send(.add(section: nil))
    #expect(app.top.title == "New Tag")
    try app.enter("Errands", at: "Name")
    try app.send(.done)
    #expect(app.top === chooser)
    #expect(chooser.notice == "Choose one tag at most")
    #expect(app.texts[0].count == listed + 1)
    #expect(app.texts[0].filter { $0 == "Errands" }.count == 1)
    try app.host.check()
    #expect(app.host.violations.isEmpty)
  }

  /// A tap the choice refuses leaves the choice as it was and says why on the chooser, in
  /// the rule's words: no section id, and the host gets a refusal it shows as a notice.
  @Test func aRefusedTapSaysWhyOnTheChooser() throws {
    let app = try Self.app()
    try app.send(.add(section: nil))
    try app.tap("Tags")
    let chooser = app.top
    try app.tap("Urgent")
    #expect(throws: ScreenError.store(.refused("Choose one tag at most"))) {
      try app.tap("Quick")
    }
    #expect(app.top === chooser)
    #expect(chooser.notice == "Choose one tag at most")
    #expect(
      chooser.model.processChanges().target.sections.contains { section in
        section.items.contains { $0.text == "Urgent" && $0.accessory == .checkmark }
      })
  }

  /// A page may send any value: the Tags row keeps one no chooser writes, with its message.
  /// The chooser finds nothing chosen in it, and a tap replaces it with a valid choice.
  @Test func aValueNoChooserWritesIsReplacedByTheFirstTap() throws {
    let app = try Self.app()
    try app.send(.add(section: nil))
    let tags = try #require(app.row("Tags"))
    try app.send(.setValue(tags.id, .string("0")))
    #expect(app.row("Tags")?.validationMessage != nil)
    try app.tap("Tags")
    #expect(app.host.rows(inSection: 0).allSatisfy { $0.accessory != .checkmark })
    try app.tap("Urgent")
    try app.send(.back)
    #expect(app.row("Tags")?.validationMessage == nil)
    #expect(app.row("Tags")?.detail == "Urgent")
    #expect(app.host.violations.isEmpty)
  }
}
