import Foundation
import Logging
import PostgresNIO
import Testing
import Trellis
import TrellisExamples
import TrellisPostgres
import TrellisTesting

/// To-many relationships on PostgreSQL: a task's steps live in a table of their own, are read
/// with their task a page at a time, written in its transaction, deleted with it, and reach
/// other servers as an update of the task.
@Suite("PostgreSQL to-many relationships", .serialized)
struct PostgresRelationshipTests {
  /// Tasks with their steps (ordered, names unique, so that a step can be refused), in fresh
  /// tables.
  static func entity() throws -> PostgresEntity {
    var definition = try DataDefinition(
      for: TaskItem.self, names: "name;taskSteps;completed", make: { TaskItem() })
    definition.name = "Task"
    definition["taskSteps"]?.title = "Steps"
    definition["taskSteps"]?.type = .arrayOfObjects
    definition["taskSteps"]?.attributes = .arrayOfObjects(try TasksApp.stepDefinition())
    let steps = try PostgresEntity(
      table: PostgresTestSupport.freshTable("step"), definition: try TasksApp.stepDefinition(),
      ordered: true, unique: ["name"])
    return try PostgresEntity(
      table: PostgresTestSupport.freshTable("job"), definition: definition, ordered: true,
      transient: ["description", "category", "tags", "dueDate"],
      relationships: [PostgresRelationship("taskSteps", to: steps, foreignKey: "task_id")])
  }

  static func task(_ name: String, steps: [String]) -> Value {
    let task = TaskItem(name: name)
    task.taskSteps = steps.map { TaskStep(name: $0) }
    return .object(ObjectReference(task))
  }

  /// Every task's name and step names, as a fresh store (which has made no object yet) reads
  /// them.
  static func stored(_ url: String, _ entity: PostgresEntity) async throws -> [String] {
    let fresh = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { fresh.shutdown() }
    let page = try await fresh.fetchPage(FetchOptions(), from: nil)
    return page.items.compactMap { $0.objectValue as? TaskItem }.map { task in
      task.name + ": " + task.taskSteps.map(\.name).joined(separator: ", ")
    }
  }

  /// How many rows a table holds.
  static func rows(in table: String, _ store: PostgresStore) async throws -> Int {
    try await store.client.withConnection { connection in
      for try await count in try await connection.query(
        PostgresQuery(unsafeSQL: "SELECT count(*) FROM \"\(table)\""), logger: Logger(label: "test")
      ).decode(Int64.self) {
        return Int(count)
      }
      return -1
    }
  }

  @Test func stepsAreWrittenReadInOrderRewrittenAndDeletedWithTheirTask() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try Self.entity()
    let stepTable = entity.relationships[0].entity.table
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { store.shutdown() }
    try await store.insert(Self.task("Write", steps: ["Outline", "Draft", "Edit"]), at: nil)
    try await store.insert(Self.task("Rest", steps: []), at: nil)
    #expect(try await Self.stored(url, entity) == ["Write: Outline, Draft, Edit", "Rest: "])

    // Reordered, one removed, one added, one renamed: one update of the task.
    let page = try await store.fetchPage(FetchOptions(), from: nil)
    let write = try #require(page.items.first?.objectValue as? TaskItem)
    let steps = write.taskSteps
    steps[0].name = "Plan"
    let added = TaskStep(name: "Publish")
    try await store.update(
      page.items[0],
      values: [
        "taskSteps": .array(
          [steps[2], steps[0], added].map {
            .object(ObjectReference($0))
          })
      ])
    #expect(try await Self.stored(url, entity) == ["Write: Edit, Plan, Publish", "Rest: "])
    #expect(try await Self.rows(in: stepTable, store) == 3, "the removed step's row is gone")

    // The same rows are the same objects when read again.
    let again = try await store.fetchPage(FetchOptions(), from: nil)
    let reread = try #require(again.items.first?.objectValue as? TaskItem)
    #expect(reread === write)
    #expect(reread.taskSteps.first === steps[2] && reread.taskSteps.last === added)

    try await store.delete(page.items[0])
    #expect(try await Self.stored(url, entity) == ["Rest: "])
    #expect(try await Self.rows(in: stepTable, store) == 0, "the steps went with their task")
  }

  /// A page of tasks reads every task's steps, however many tasks the page holds.
  @Test func aPageOfTasksComesWithTheirSteps() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try Self.entity()
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { store.shutdown() }
    for number in 1...25 {
      try await store.insert(
        Self.task("Task \(number)", steps: (1..<(1 + number % 4)).map { "Step \(number).\($0)" }),
        at: nil)
    }
    let fresh = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { fresh.shutdown() }
    let page = try await fresh.fetchPage(FetchOptions(batchSize: 10, offset: 0), from: .offset(10))
    let tasks = page.items.compactMap { $0.objectValue as? TaskItem }
    #expect(tasks.map(\.name) == (11...20).map { "Task \($0)" })
    #expect(
      tasks.map { $0.taskSteps.map(\.name) }
        == (11...20).map { number in (1..<(1 + number % 4)).map { "Step \(number).\($0)" } })
  }

  /// Through the screens: a step edited in its own screen, one added in the list, saved with
  /// the task's Done; a refused step keeps the draft and says why on the Steps row.
  @Test func theDetailScreensEditStepsAndARefusalKeepsTheDraft() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try Self.entity()
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { store.shutdown() }
    try await store.insert(Self.task("Write", steps: ["Outline", "Draft"]), at: nil)
    let section = ArrayOfObjectsSection(store: store, definition: entity.definition)
    let model = TableModel(title: "Tasks")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try await app.settle()
    #expect(app.texts == [["Write"]])

    let task = try #require(section.currentItems.first?.objectValue as? TaskItem)
    try app.tap("Write")
    try app.tap("Steps")
    try app.tap("Draft")
    try app.enter("First draft", at: "Name")
    try app.send(.done)
    #expect(app.texts.joined().contains("First draft"))
    try app.send(.add(section: nil))
    try app.enter("Publish", at: "Name")
    try app.send(.done)
    try app.send(.back)
    try app.send(.done)
    try await app.settle()
    #expect(app.navigator.stack.count == 1, "the task is saved")
    #expect(try await Self.stored(url, entity) == ["Write: Outline, First draft, Publish"])
    #expect(task.taskSteps.map(\.name) == ["Outline", "First draft", "Publish"])

    // A step named like another: the unique constraint refuses it; nothing is written and
    // the form keeps the edit, with the reason on the Steps row.
    try app.tap("Write")
    try app.tap("Steps")
    try app.tap("Outline")
    try app.enter("First draft", at: "Name")
    try app.send(.done)
    try app.send(.back)
    try app.send(.done)
    try await app.settle()
    #expect(app.navigator.stack.count == 2, "the form stays")
    let message = try #require(app.top.draft?.message("taskSteps"))
    #expect(message == "Steps: another one has this name", "\(message)")
    #expect(try await Self.stored(url, entity) == ["Write: Outline, First draft, Publish"])
    #expect(
      task.taskSteps.map(\.name) == ["Outline", "First draft", "Publish"],
      "the objects are as stored")
  }

  /// A change of a task's steps alone, made on one server, reaches a list on another.
  @Test func aStepChangedOnOneServerReachesAnother() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try Self.entity()
    let writer = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    let watcher = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer {
      writer.shutdown()
      watcher.shutdown()
    }
    try await writer.insert(Self.task("Write", steps: ["Outline"]), at: nil)
    let section = ArrayOfObjectsSection(store: watcher, definition: entity.definition)
    let model = TableModel(title: "Tasks")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try await app.settle(until: { watcher.isListening && app.texts == [["Write"]] })
    let watched = try #require(section.currentItems.first?.objectValue as? TaskItem)

    let page = try await writer.fetchPage(FetchOptions(), from: nil)
    let task = try #require(page.items.first?.objectValue as? TaskItem)
    task.taskSteps[0].name = "Plan"
    try await writer.update(page.items[0], values: [:])
    try await app.settle(until: { watched.taskSteps.map(\.name) == ["Plan"] })
    #expect(app.host.violations.isEmpty)
  }
}
