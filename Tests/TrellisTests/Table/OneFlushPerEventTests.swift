import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// Changes are processed once per event, by the host loop; reading a snapshot does no work.
@Suite("One flush per event")
struct OneFlushPerEventTests {
  @Test func oneEditProcessesChangesOnceAndBuildsTheRowOnce() throws {
    let task = TaskItem(name: "Write")
    let (navigator, _) = try TasksApp.navigator(tasks: [task, TaskItem(name: "Read")])
    let app = HeadlessApp(navigator: navigator)
    try app.tap("Write")
    let model = app.top.model
    let list = navigator.stack[0].model
    let name = app.rowID(at: try #require(app.path(of: "Name")))
    let before = (model.statistics, list.statistics)
    try navigator.handle(.setValue(name, "Write docs"))
    let after = (model.statistics, list.statistics)
    #expect(after.0.processChangesRuns - before.0.processChangesRuns == 1)
    #expect(after.0.processChangesCalls - before.0.processChangesCalls == 1)
    #expect(after.0.rowBuilds - before.0.rowBuilds == 1)
    #expect(after.1.processChangesRuns == before.1.processChangesRuns, "the list did not change")
    #expect(after.1.fetches == before.1.fetches)
    try app.host.check()
    #expect(app.row("Name")?.value == "Write docs")
    let changeset = try #require(app.host.changesets.last)
    #expect(changeset.totals.itemReloads == 1)
    #expect(app.host.violations.isEmpty)
  }

  @Test func doneProcessesEachScreenOnceAndFetchesTheListOnce() throws {
    let task = TaskItem(name: "Write")
    let (navigator, _) = try TasksApp.navigator(tasks: [task, TaskItem(name: "Read")])
    let app = HeadlessApp(navigator: navigator)
    try app.tap("Write")
    try app.enter("Write docs", at: "Name")
    let list = navigator.stack[0].model
    let before = list.statistics
    try navigator.handle(.done)
    #expect(list.statistics.processChangesRuns - before.processChangesRuns == 1)
    #expect(list.statistics.fetches - before.fetches <= 1)
    try app.host.check()
    #expect(app.texts == [["Write docs", "Read"]])
    #expect(app.host.violations.isEmpty)
  }

  @Test func readingTheSnapshotOrIdentitiesDoesNoWork() throws {
    let definition = try TasksApp.taskDefinition()
    let store = MemoryStore(objects: [TaskItem(name: "Write")], definition: definition)
    let model = TableModel(title: "Tasks")
    let section = ArrayOfObjectsSection(store: store, definition: definition)
    model.addSection(section)
    let host = HeadlessHost(model: model)
    #expect(host.texts == [["Write"]])
    try store.insert(.object(ObjectReference(TaskItem(name: "Read"))), at: nil)
    let statistics = model.statistics
    _ = model.snapshot
    _ = model.screenSnapshot()
    _ = section.elementIDs()
    _ = section.elementCount
    #expect(model.statistics == statistics, "reading does not process or fetch")
    #expect(model.hasPendingChanges)
    #expect(model.snapshot.sections[0].items.count == 1, "the snapshot is what hosts show")
    try host.check()
    #expect(host.texts == [["Write", "Read"]])
    #expect(model.statistics.processChangesRuns == statistics.processChangesRuns + 1)
  }

  @Test func wakesAreCoalescedUntilTheOwnerProcesses() throws {
    let definition = try TasksApp.taskDefinition()
    let store = MemoryStore(objects: [TaskItem(name: "Write")], definition: definition)
    let model = TableModel()
    model.addSection(ArrayOfObjectsSection(store: store, definition: definition))
    let host = HeadlessHost(model: model)
    let wakes = WakeCounter()
    model.setWakeHandler { wakes.increment() }
    for name in ["A", "B", "C"] {
      try store.insert(.object(ObjectReference(TaskItem(name: name))), at: nil)
    }
    #expect(wakes.count == 1)
    try host.check()
    try store.delete(store.allItems[0])
    #expect(wakes.count == 2)
    try host.check()
    #expect(host.texts == [["A", "B", "C"]])
  }
}
