import Foundation
import GRDB
import Testing
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisTesting

@Suite("Tasks app on SQLite")
struct TasksOnSQLiteTests {
  enum Backing: String, CaseIterable, CustomTestStringConvertible {
    case memory, sqlite
    var testDescription: String { rawValue }
  }

  static func makeStore(_ backing: Backing) throws -> any DataStore {
    switch backing {
    case .memory: try TasksApp.navigator().1
    case .sqlite: try TasksApp.sqliteStore(path: nil)
    }
  }

  static func names(_ store: any DataStore) throws -> [String] {
    try store.fetch(FetchOptions()).compactMap { ($0.objectValue as? TaskItem)?.name }
  }

  @Test(arguments: Backing.allCases)
  func theSameScreensWorkOnEveryStore(_ backing: Backing) throws {
    let store = try Self.makeStore(backing)
    let app = HeadlessApp(navigator: try TasksApp.navigator(store: store))
    #expect(app.texts == [["No tasks yet!"]])
    for name in ["Write", "Read", "Sleep"] {
      try app.send(.add(section: nil))
      try app.enter(.string(name), at: "Name")
      try app.send(.done)
    }
    #expect(app.texts == [["Write", "Read", "Sleep"]])
    try app.send(.setEditing(true))
    try app.send(
      .move(app.rowID(at: ItemPath(item: 2, section: 0)), to: ItemPath(item: 0, section: 0)))
    #expect(app.texts == [["Sleep", "Write", "Read"]])
    try app.send(.delete(app.rowID(at: ItemPath(item: 1, section: 0))))
    try app.send(.setEditing(false))
    try app.tap("Read")
    try app.enter("Read a book", at: "Name")
    try app.send(.done)
    #expect(app.texts == [["Sleep", "Read a book"]])
    #expect(try Self.names(store) == ["Sleep", "Read a book"])
  }

  @Test func aTaskWithTwoStepsSurvivesReopeningTheFile() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tasks.sqlite").path
    do {
      let store = try TasksApp.sqliteStore(path: path)
      let app = HeadlessApp(navigator: try TasksApp.navigator(store: store))
      try app.send(.add(section: nil))
      try app.enter("Move house", at: "Name")
      try app.tap("Category")
      try app.tap("Work")
      try app.tap("Steps")
      for name in ["Pack boxes", "Hire van"] {
        try app.send(.add(section: nil))
        try app.enter(.string(name), at: "Name")
        try app.send(.done)
      }
      try app.send(.back)
      #expect(app.row("Steps")?.detail == "2")
      try app.send(.done)
      #expect(app.texts == [["Move house"]])
    }
    let reopened = try TasksApp.sqliteStore(path: path)
    let item = try require(try reopened.fetch(FetchOptions()).first)
    let task = try require(item.objectValue as? TaskItem)
    #expect(task.name == "Move house")
    // The steps are read when the task is opened.
    try reopened.prepareForEditing(item)
    #expect(task.taskSteps.map(\.name) == ["Pack boxes", "Hire van"])
    let app = HeadlessApp(navigator: try TasksApp.navigator(store: reopened))
    #expect(app.texts == [["Move house"]])
    try app.tap("Move house")
    #expect(app.row("Steps")?.detail == "2")
    // Edit a step and reorder them; reopen again.
    try app.tap("Steps")
    try app.send(.setEditing(true))
    try app.send(
      .move(app.rowID(at: ItemPath(item: 1, section: 0)), to: ItemPath(item: 0, section: 0)))
    try app.send(.back)
    try app.send(.done)
    let third = try TasksApp.sqliteStore(path: path)
    let againItem = try require(try third.fetch(FetchOptions()).first)
    try third.prepareForEditing(againItem)
    let again = try require(againItem.objectValue as? TaskItem)
    #expect(again.taskSteps.map(\.name) == ["Hire van", "Pack boxes"])
    let rows = try third.database.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM taskStep") ?? -1
    }
    #expect(rows == 2, "reordering keeps the same step rows")
    try third.delete(.object(ObjectReference(again)))
    let left = try third.database.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM taskStep") ?? -1
    }
    #expect(left == 0, "a task's steps go with it")
  }

  @Test func anotherConnectionsInsertAppearsAsABatchUpdate() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tasks.sqlite").path
    let entity = try TasksApp.taskEntity()
    let store = try SQLiteStore(path: path, entity: entity, watchInterval: nil)
    let first = TaskItem(name: "First")
    try store.insert(.object(ObjectReference(first)), at: nil)
    let app = HeadlessApp(navigator: try TasksApp.navigator(store: store))
    #expect(app.texts == [["First"]])
    #expect(!store.checkForExternalChanges(), "nothing changed elsewhere yet")

    // A second connection (another window or process) inserts a task.
    let other = try SQLiteStore(path: path, entity: entity, watchInterval: nil)
    try other.insert(
      .object(ObjectReference(TaskItem(name: "From elsewhere"))), at: nil)
    #expect(app.texts == [["First"]], "not seen before the store looks")
    #expect(store.checkForExternalChanges())
    let before = app.host.changesets.count
    try app.host.check()
    #expect(app.texts == [["First", "From elsewhere"]])
    #expect(app.host.changesets.count == before + 1)
    let totals = try require(app.host.changesets.last).totals
    #expect(totals.itemInserts == 1)
    #expect(totals.itemDeletes == 0)

    // A raw SQL update through a plain GRDB connection reloads just that row.
    let raw = try DatabaseQueue(path: path)
    try raw.write { db in
      try db.execute(sql: "UPDATE task SET name = 'Renamed' WHERE name = 'First'")
    }
    #expect(store.checkForExternalChanges())
    try app.host.check()
    #expect(app.texts == [["Renamed", "From elsewhere"]])
    #expect(first.name == "Renamed", "the row's object is brought up to date")
    #expect(app.host.violations.isEmpty)
  }

  @Test func rawWritesOnTheStoresConnectionAreReported() throws {
    let store = try TasksApp.sqliteStore(path: nil)
    let app = HeadlessApp(navigator: try TasksApp.navigator(store: store))
    try store.database.write { db in
      try db.execute(sql: "INSERT INTO task (name, position) VALUES ('Raw', 0)")
    }
    try app.host.check()
    #expect(app.texts == [["Raw"]], "GRDB's region observation reloads the open list")
    #expect(app.host.violations.isEmpty)
  }

  @Test func aFailedCommitWritesNothing() throws {
    let store = try TasksApp.sqliteStore(path: nil)
    let task = TaskItem(name: "Keep")
    try store.insert(.object(ObjectReference(task)), at: nil)
    try store.database.write { db in
      try db.execute(
        sql: """
          CREATE TRIGGER refuse BEFORE INSERT ON taskStep WHEN NEW.name = 'boom'
          BEGIN SELECT RAISE(ABORT, 'no boom'); END
          """)
    }
    let steps = ["fine", "boom"].map { TaskStep(name: $0) }
    let values: [String: Value] = [
      "name": "Changed", "taskSteps": .array(steps.map { .object(ObjectReference($0)) }),
    ]
    #expect(throws: StoreError.self) {
      try store.update(.object(ObjectReference(task)), values: values)
    }
    #expect(task.name == "Keep")
    #expect(task.taskSteps.isEmpty)
    let counts = try store.database.read { db in
      (
        try String.fetchOne(db, sql: "SELECT name FROM task"),
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM taskStep")
      )
    }
    #expect(counts.0 == "Keep")
    #expect(counts.1 == 0)
  }

  @Test func addingAColumnMigratesAnExistingFile() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("entries.sqlite").path
    let version1 = SQLiteEntity(
      table: "entry", definition: try DataDefinition.dictionary(keys: "name;rank"),
      columns: [.text("name"), .integer("rank")], ordered: true)
    _ = try SQLiteTestSupport.store([("a", 1), ("b", 2)], entity: version1, path: path)
    let version2 = SQLiteEntity(
      table: "entry", definition: try DataDefinition.dictionary(keys: "name;rank;note"),
      columns: [.text("name"), .integer("rank"), .text("note", nullable: true)], ordered: true)
    let store = try SQLiteStore(path: path, entity: version2, watchInterval: nil)
    let items = try store.fetch(FetchOptions())
    let reader = { (item: Value) in version2.definition.reader(for: item) }
    #expect(items.map { reader($0).value("name") } == ["a", "b"])
    #expect(items.map { reader($0).value("note") } == [.null, .null])
    let migrations = try store.database.read { db in
      try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
    }
    #expect(migrations.contains("trellis: add entry.note"))
    try store.update(items[0], values: ["note": "hello"])
    #expect(try store.count(FetchOptions(filter: ItemFilter(try Predicate("note != nil")))) == 1)
  }
}
