import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisPostgres
import TrellisTesting

/// A task's category (to-one) and tags (many-to-many) on PostgreSQL, through the screens: the
/// form's rows push a choice among the related store's objects, loaded in batches; a new tag
/// is made in place and chosen; Done writes it all; a deny rule refuses a delete.
@Suite("PostgreSQL object selections", .serialized)
struct PostgresSelectionTests {
  /// Tasks whose category is denied deletion while a task points at it, and whose tags go out
  /// of the lists when deleted, in fresh tables.
  static func entity() throws -> PostgresEntity {
    var definition = try DataDefinition(
      for: TaskItem.self, names: "name;category;tags", make: { TaskItem() })
    definition.name = "Task"
    let categories = try PostgresEntity(
      table: PostgresTestSupport.freshTable("category"),
      definition: try TasksApp.categoryDefinition(), ordered: true, unique: ["name"])
    let tags = try PostgresEntity(
      table: PostgresTestSupport.freshTable("tag"), definition: try TasksApp.tagDefinition(),
      unique: ["name"])
    return try PostgresEntity(
      table: PostgresTestSupport.freshTable("task"), definition: definition, ordered: true,
      transient: ["description", "taskSteps", "completed", "dueDate"],
      relationships: [
        .toOne("category", to: categories, inverse: "tasks", deleteRule: .deny),
        .manyToMany("tags", to: tags, inverse: "tasks"),
      ])
  }

  @Test func aTaskChoosesItsCategoryAndMakesATagInPlace() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try Self.entity()
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { store.shutdown() }
    let categories = try store.relatedStore(for: "category")
    for name in ["Home", "Work"] {
      try await categories.insert(.object(ObjectReference(TaskCategory(name: name))), at: nil)
    }
    try await store.insert(.object(ObjectReference(TaskItem(name: "Write"))), at: nil)
    let definition = try #require(store.itemsDefinition)
    #expect(definition["category"]?.type == .objectSelection)
    #expect(definition["tags"]?.attributes.allowsMultipleSelection == true)
    let section = ArrayOfObjectsSection(store: store, definition: definition)
    let model = TableModel(title: "Tasks")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try await app.settle()
    let task = try #require(section.currentItems.first?.objectValue as? TaskItem)

    try app.tap("Write")
    try app.tap("Category")
    try await app.settle(until: { app.texts.joined().contains("Work") })
    try app.tap("Work")
    #expect(app.navigator.stack.count == 2, "a single choice goes back to the form")
    try app.tap("Tags")
    try await app.settle()
    try app.send(.add(section: nil))
    try app.enter("Urgent", at: "Name")
    try app.send(.done)
    try await app.settle(until: { app.navigator.stack.count == 3 })
    try await app.settle(until: {
      app.top.model.snapshot.sections.flatMap(\.items).contains {
        $0.text == "Urgent" && $0.accessory == .checkmark
      }
    })
    try app.send(.back)
    try app.send(.done)
    try await app.settle(until: { app.navigator.stack.count == 1 })
    #expect(task.category?.name == "Work")
    #expect(task.tags.map(\.name) == ["Urgent"])
    #expect(app.host.violations.isEmpty)

    // A fresh store reads what the screens wrote.
    let fresh = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { fresh.shutdown() }
    let read = try await fresh.fetchPage(FetchOptions(), from: nil).items
      .compactMap { $0.objectValue as? TaskItem }
    #expect(read.map(\.name) == ["Write"])
    #expect(read.first?.category?.name == "Work")
    #expect(read.first?.tags.map(\.name) == ["Urgent"])
    let tags = try await fresh.relatedStore(for: "tags").fetchPage(FetchOptions(), from: nil)
    #expect(tags.items.compactMap { ($0.objectValue as? TaskTag)?.name } == ["Urgent"])

    // The category a task points at cannot go (deny), and says so.
    let work = try #require(task.category)
    await #expect(throws: StoreError.self) {
      try await categories.delete(.object(ObjectReference(work)))
    }
    do {
      try await categories.delete(.object(ObjectReference(work)))
    } catch {
      #expect(error.description.contains("deny"), "\(error)")
      #expect(error.description.contains("1 task points at it"), "\(error)")
    }
    #expect(try await categories.count(FetchOptions()) == 2)
  }

  /// A category made in place whose name another has: refused on the Category row, nothing
  /// written, the task as it was.
  @Test func aCategoryMadeInPlaceThatBreaksUniquenessIsRefusedOnItsRow() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try Self.entity()
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { store.shutdown() }
    let categories = try store.relatedStore(for: "category")
    try await categories.insert(.object(ObjectReference(TaskCategory(name: "Home"))), at: nil)
    let task = TaskItem(name: "Sweep")
    task.category = TaskCategory(name: "Home")
    do {
      try await store.insert(.object(ObjectReference(task)), at: nil)
      Issue.record("the insert was not refused")
    } catch {
      #expect(
        error == .refusedValue(property: "category", message: "Category: another one has this name")
      )
    }
    #expect(try await store.count(FetchOptions()) == 0)
    #expect(try await categories.count(FetchOptions()) == 1)
  }

  /// A category's form lists its tasks, read from the tasks' table in SQL, filtered by the
  /// category's key.
  @Test func aCategorysFormListsItsTasks() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try Self.entity()
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { store.shutdown() }
    let categories = try #require(try store.relatedStore(for: "category") as? PostgresStore)
    let home = TaskCategory(name: "Home")
    let work = TaskCategory(name: "Work")
    for category in [home, work] {
      try await categories.insert(.object(ObjectReference(category)), at: nil)
    }
    for (name, category) in [("Sweep", home), ("Write", work), ("Cook", home)] {
      try await store.insert(
        .object(ObjectReference(TaskItem(name: name, category: category))), at: nil)
    }
    let filter = try #require(
      try store.filter(relationship: "category", pointingAt: .object(ObjectReference(home))))
    #expect(store.translates(filter), "the filter runs in SQL")
    let definition = try #require(categories.itemsDefinition)
    #expect(definition["tasks"]?.attributes.relatedItems != nil)
    let section = ArrayOfObjectsSection(store: categories, definition: definition)
    let model = TableModel(title: "Categories")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try await app.settle(until: { app.texts == [["Home", "Work"]] })
    try app.tap("Home")
    try app.tap("Tasks")
    try await app.settle(until: { app.texts == [["Sweep", "Cook"]] })
    // Cook moves to Work through the store: it leaves Home's list, which the store filters.
    let cook = try #require(
      try await store.fetchPage(FetchOptions(), from: nil).items.first {
        ($0.objectValue as? TaskItem)?.name == "Cook"
      })
    try await store.update(cook, values: ["category": .object(ObjectReference(work))])
    try await app.settle(until: { app.texts == [["Sweep"]] })
    #expect(app.host.violations.isEmpty)
  }

  /// A tag's form lists the tasks that hold it, read in SQL through the join table; a task
  /// that gains the tag joins the list, one that drops it leaves it.
  @Test func aTagsFormListsTheTasksHoldingIt() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try Self.entity()
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { store.shutdown() }
    let tags = try #require(try store.relatedStore(for: "tags") as? PostgresStore)
    let urgent = TaskTag(name: "Urgent")
    let later = TaskTag(name: "Later")
    for tag in [urgent, later] { try await tags.insert(.object(ObjectReference(tag)), at: nil) }
    var tasks: [TaskItem] = []
    for (name, held) in [("Sweep", [urgent]), ("Write", [later]), ("Cook", [later, urgent])] {
      let task = TaskItem(name: name)
      task.tags = held
      try await store.insert(.object(ObjectReference(task)), at: nil)
      tasks.append(task)
    }
    let filter = try #require(
      try store.filter(relationship: "tags", pointingAt: .object(ObjectReference(urgent))))
    #expect(store.translates(filter), "the filter runs in SQL")
    let held = try await store.fetchPage(FetchOptions(filter: filter), from: nil).items
    #expect(held.compactMap { ($0.objectValue as? TaskItem)?.name } == ["Sweep", "Cook"])

    let definition = try #require(tags.itemsDefinition)
    #expect(definition["tasks"]?.attributes.relatedItems != nil)
    let section = ArrayOfObjectsSection(store: tags, definition: definition)
    let model = TableModel(title: "Tags")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try await app.settle(until: { app.texts == [["Urgent", "Later"]] })
    try app.tap("Urgent")
    try app.tap("Tasks")
    try await app.settle(until: { app.texts == [["Sweep", "Cook"]] })

    // Write gains the tag and Sweep drops it, through the store: the list follows.
    let both: Value = .array([.object(ObjectReference(later)), .object(ObjectReference(urgent))])
    try await store.update(.object(ObjectReference(tasks[1])), values: ["tags": both])
    try await store.update(.object(ObjectReference(tasks[0])), values: ["tags": .array([])])
    #expect(tasks[1].tags.map(\.name) == ["Later", "Urgent"])
    try await app.settle(until: { app.texts == [["Write", "Cook"]] })
    #expect(app.host.violations.isEmpty)
  }
}
