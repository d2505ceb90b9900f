import Testing
import Trellis
import TrellisExamples
import TrellisTerminal
import TrellisTesting

/// A detail screen's draft commits through the store and is cleared only when the store
/// succeeds: a refused write keeps every typed value and shows the store's error.
@Suite("A failed store write loses nothing")
struct FailedWriteTests {
  static func app(_ tasks: [TaskItem]) throws -> (HeadlessApp, FailingStore) {
    let definition = try TasksApp.taskDefinition()
    let store = FailingStore(MemoryStore(objects: tasks, definition: definition))
    return (HeadlessApp(navigator: try TasksApp.navigator(store: store)), store)
  }

  @Test func aRefusedEditKeepsTheDraftAndShowsTheError() throws {
    let task = TaskItem(name: "Write")
    let (app, store) = try Self.app([task, TaskItem(name: "Read")])
    #expect(app.texts == [["Write", "Read"]])
    try app.tap("Write")
    try app.enter("Write docs", at: "Name")
    try app.enter(.bool(true), at: "Completed")
    let draft = try #require(app.top.draft)

    store.failNextWrites(1, with: .failed("the disk is full"))
    #expect(throws: ScreenError.store(.failed("the disk is full"))) { try app.send(.done) }
    #expect(store.refusedWrites == 1)
    #expect(app.navigator.stack.count == 2, "the detail screen stays")
    #expect(draft.hasChanges, "the draft keeps the edit")
    #expect(draft.value("name") == "Write docs")
    #expect(draft.value("completed") == .bool(true))
    #expect(app.row("Name")?.value == "Write docs")
    #expect(task.name == "Write", "the object is untouched")
    #expect(!task.completed)
    let snapshot = app.top.snapshot()
    #expect(snapshot.notice == "the disk is full")
    #expect(TextRenderer(width: 40).render(snapshot).contains("! the disk is full"))
    #expect(app.host(for: app.navigator.stack[0]).texts == [["Write", "Read"]])

    // The store recovers: the same Done commits everything typed.
    try app.send(.done)
    #expect(app.navigator.stack.count == 1)
    #expect(!draft.hasChanges)
    #expect(task.name == "Write docs")
    #expect(task.completed)
    #expect(app.texts == [["Write docs", "Read"]])
    #expect(app.top.snapshot().notice == nil)
    #expect(app.host.violations.isEmpty)
  }

  @Test func aRefusedNewItemStaysOnItsScreen() throws {
    let (app, store) = try Self.app([])
    try app.send(.add(section: nil))
    try app.enter("Buy milk", at: "Name")
    store.failNextWrites(1, with: .invalidItem("no room"))
    #expect(throws: ScreenError.store(.invalidItem("no room"))) { try app.send(.done) }
    #expect(app.navigator.stack.count == 2)
    #expect(app.row("Name")?.value == "Buy milk")
    #expect(app.top.snapshot().notice == "invalid item: no room")
    #expect(try store.fetch(FetchOptions()).isEmpty)
    try app.send(.done)
    #expect(app.texts == [["Buy milk"]])
    #expect(try store.fetch(FetchOptions()).count == 1)
  }

  @Test func aRefusedEditOfAStepKeepsTheStepsEdit() throws {
    let task = TaskItem(name: "Move")
    task.taskSteps = [TaskStep(name: "Pack")]
    let (app, store) = try Self.app([task])
    try app.tap("Move")
    try app.tap("Steps")
    try app.tap("Pack")
    try app.enter("Pack boxes", at: "Name")
    try app.send(.done)
    try app.send(.back)
    store.failNextWrites(1, with: .failed("offline"))
    #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(task.taskSteps.map(\.name) == ["Pack"], "the step is untouched")
    try app.tap("Steps")
    #expect(app.texts == [["Pack boxes"]], "the step's edit is still in the draft")
    try app.send(.back)
    try app.send(.done)
    #expect(task.taskSteps.map(\.name) == ["Pack boxes"])
    #expect(app.host.violations.isEmpty)
  }
}
