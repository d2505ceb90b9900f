import GRDB
import Testing
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisTesting

/// A write the database itself refuses (a trigger that raises) keeps the draft, every typed
/// value and the object as it was, and shows the database's message; once the database
/// accepts, the same Done commits.
@Suite("A failed SQLite write loses nothing")
struct FailedWriteOnSQLiteTests {
  @Test func aTriggerRefusesTheEditThenAccepts() throws {
    let store = try TasksApp.sqliteStore(path: nil)
    let task = TaskItem(name: "Write")
    task.taskSteps = [TaskStep(name: "Outline")]
    try store.insert(.object(ObjectReference(task)), at: nil)
    try store.insert(.object(ObjectReference(TaskItem(name: "Read"))), at: nil)
    try store.database.write { db in
      try db.execute(
        sql: """
          CREATE TRIGGER no_secrets BEFORE UPDATE ON task WHEN NEW.name LIKE '%secret%'
          BEGIN SELECT RAISE(ABORT, 'names may not hold secrets'); END
          """)
    }
    let app = HeadlessApp(navigator: try TasksApp.navigator(store: store))
    #expect(app.texts == [["Write", "Read"]])
    try app.tap("Write")
    try app.enter("Write secret docs", at: "Name")
    try app.enter(.bool(true), at: "Completed")
    try app.tap("Steps")
    try app.tap("Outline")
    try app.enter("Outline it", at: "Name")
    try app.send(.done)
    try app.send(.back)
    let draft = try #require(app.top.draft)

    #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(app.navigator.stack.count == 2)
    #expect(draft.hasChanges)
    #expect(app.row("Name")?.value == "Write secret docs")
    #expect(draft.value("completed") == .bool(true))
    #expect(task.name == "Write", "the object is as it was")
    #expect(!task.completed)
    #expect(task.taskSteps.map(\.name) == ["Outline"])
    let notice = try #require(app.top.snapshot().notice)
    #expect(notice.contains("names may not hold secrets"))
    let stored = try store.database.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM task ORDER BY position")
    }
    #expect(stored == ["Write", "Read"])

    // The database accepts the write once the trigger is gone.
    try store.database.write { db in try db.execute(sql: "DROP TRIGGER no_secrets") }
    let list = app.navigator.stack[0].model
    // Dropping the trigger changed the schema, which the store reports as a reload.
    try app.host(for: app.navigator.stack[0]).check()
    let listChanges = app.host(for: app.navigator.stack[0]).changesets.count
    let fetches = list.statistics.fetches
    try app.send(.done)
    #expect(app.navigator.stack.count == 1)
    #expect(!draft.hasChanges)
    #expect(app.texts == [["Write secret docs", "Read"]])
    #expect(task.name == "Write secret docs")
    #expect(task.completed)
    #expect(task.taskSteps.map(\.name) == ["Outline it"])
    let steps = try store.database.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM taskStep")
    }
    #expect(steps == ["Outline it"])
    // The list applies the store's precise change: one row reloaded, nothing fetched.
    let listHost = app.host(for: app.navigator.stack[0])
    #expect(listHost.changesets.count == listChanges + 1)
    #expect(listHost.changesets.last?.totals.itemReloads == 1)
    #expect(list.statistics.fetches == fetches)
    #expect(app.host.violations.isEmpty)
  }
}
