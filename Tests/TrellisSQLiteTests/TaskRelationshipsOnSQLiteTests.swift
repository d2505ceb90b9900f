import Foundation
import GRDB
import Testing
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisTesting

/// The Tasks file written before categories were an entity opens with its categories as rows.
@Suite("Tasks categories on SQLite")
struct TaskCategoriesOnSQLiteTests {
  @Test func textCategoriesOfAnOlderFileBecomeCategoryRows() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tasks.sqlite").path
    // The table as the earlier version wrote it.
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE task (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL DEFAULT '',
            description TEXT NOT NULL DEFAULT '', category TEXT NOT NULL DEFAULT '',
            dueDate REAL DEFAULT NULL, completed INTEGER NOT NULL DEFAULT 0,
            position INTEGER NOT NULL DEFAULT 0);
          INSERT INTO task (name, category, position) VALUES
            ('Report', 'Work', 0), ('Plants', 'Home', 1), ('Taxes', 'Paperwork', 2),
            ('Dentist', 'Work', 3);
          """)
    }
    let store = try TasksApp.sqliteStore(path: path)
    let tasks = try store.fetch(FetchOptions()).compactMap { $0.objectValue as? TaskItem }
    #expect(tasks.map { $0.category?.name } == ["Work", "Home", "Paperwork", "Work"])
    #expect(tasks[0].category === tasks[3].category)
    let categories = try store.store(for: "category").fetch(FetchOptions())
      .compactMap { ($0.objectValue as? TaskCategory)?.name }
    // The file's categories, in the order tasks first used them; the seed's are not added.
    #expect(categories == ["Work", "Home", "Paperwork"])
    let columns = try store.database.read { db in try db.columns(in: "task").map(\.name) }
    #expect(!columns.contains("category"))
    #expect(columns.contains("categoryId"))
  }

  @Test func aNewFileStartsWithTheSeedsCategories() throws {
    let store = try TasksApp.sqliteStore(path: nil)
    let categories = try store.store(for: "category").fetch(FetchOptions())
      .compactMap { ($0.objectValue as? TaskCategory)?.name }
    #expect(categories == TasksApp.categoryNames)
    try TasksApp.insertSampleTasks(into: store)
    let tasks = try store.fetch(FetchOptions()).compactMap { $0.objectValue as? TaskItem }
    #expect(tasks.map { $0.category?.name } == ["Work", "Home", "Other"])
  }
}

/// A category's screen lists its tasks, from the tasks' store, and a task's form chooses its
/// category from the categories' store.
@Suite("Category screens on SQLite")
struct CategoryScreensOnSQLiteTests {
  @Test func aCategorysScreenListsItsTasks() throws {
    let store = try TasksApp.sqliteStore(path: nil)
    try TasksApp.insertSampleTasks(into: store)
    let tasks = try store.fetch(FetchOptions()).compactMap { $0.objectValue as? TaskItem }
    let work = try #require(tasks.first?.category)
    let report = TaskItem(name: "Quarterly numbers", category: work)
    try store.insert(.object(ObjectReference(report)), at: nil)
    let categories = try store.store(for: "category")
    let definition = try #require(categories.itemsDefinition)
    #expect(definition["tasks"]?.attributes.relatedItems != nil)
    let model = TableModel(title: "Categories")
    model.addSection(ArrayOfObjectsSection(store: categories, definition: definition))
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    #expect(app.texts == [TasksApp.categoryNames])
    try app.tap("Work")
    #expect(app.row("Tasks")?.detail == "2")
    try app.tap("Tasks")
    #expect(app.texts == [["Write the report", "Quarterly numbers"]])
    // A task opens from there, and its category row names the category.
    try app.tap("Quarterly numbers")
    #expect(app.row("Category")?.detail == "Work")
  }

  @Test func theCountOfACategorysTasksFollowsTheTasksStore() throws {
    let store = try TasksApp.sqliteStore(path: nil)
    try TasksApp.insertSampleTasks(into: store)
    let categories = try store.store(for: "category")
    let definition = try #require(categories.itemsDefinition)
    let model = TableModel(title: "Categories")
    model.addSection(ArrayOfObjectsSection(store: categories, definition: definition))
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try app.tap("Home")
    #expect(app.row("Tasks")?.detail == "1")
    // Another screen moves a task into Home: the open form's count follows, in a reload.
    let tasks = try store.fetch(FetchOptions()).compactMap { $0.objectValue as? TaskItem }
    let home = try #require(tasks.first { $0.category?.name == "Home" }?.category)
    let report = try #require(tasks.first { $0.name == "Write the report" })
    try store.update(
      .object(ObjectReference(report)), values: ["category": .object(ObjectReference(home))])
    try app.host.check()
    #expect(app.row("Tasks")?.detail == "2")
  }
}

/// Choosing a task's category among the store's, and making a new one in place.
@Suite("Choosing categories on SQLite")
struct ChoosingCategoriesOnSQLiteTests {
  @Test func aNewCategoryIsMadeInPlaceAndChosen() throws {
    let store = try TasksApp.sqliteStore(path: nil)
    let definition = try #require(store.itemsDefinition)
    let app = HeadlessApp(
      navigator: Navigator(root: TasksApp.listScreen(store: store, definition: definition)))
    try app.send(.add(section: nil))
    try app.enter("Plan the trip", at: "Name")
    try app.tap("Category")
    #expect(app.texts == [TasksApp.categoryNames + ["None"]])
    #expect(app.top.barButtons == [BarButton(.add, .right)])
    try app.send(.add(section: nil))
    #expect(app.top.title == "New Category")
    // A category must have a name, and a name no other category has.
    #expect(throws: ScreenError.self) { try app.send(.done) }
    try app.enter("Work", at: "Name")
    #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(app.top.title == "New Category", "the refused form stays, with its name")
    #expect(app.row("Name")?.value == "Work")
    #expect(
      app.row("Name")?.validationMessage
        == "Another category already has this name: Name must be unique.")
    try app.enter("Travel", at: "Name")
    try app.send(.done)
    #expect(app.texts == [TasksApp.categoryNames + ["Travel", "None"]])
    #expect(app.row("Travel")?.accessory == .checkmark)
    try app.send(.back)
    #expect(app.row("Category")?.detail == "Travel")
    try app.send(.done)
    let task = try #require(try store.fetch(FetchOptions()).first?.objectValue as? TaskItem)
    #expect(task.category?.name == "Travel")
    let names = try store.store(for: "category").fetch(FetchOptions())
      .compactMap { ($0.objectValue as? TaskCategory)?.name }
    #expect(names == TasksApp.categoryNames + ["Travel"])
  }

  /// As on iOS, a tap on the checked category keeps it and goes back; None clears it.
  @Test func theCheckedCategoryTappedStaysAndNoneClearsIt() throws {
    let store = try TasksApp.sqliteStore(path: nil)
    let definition = try #require(store.itemsDefinition)
    let app = HeadlessApp(
      navigator: Navigator(root: TasksApp.listScreen(store: store, definition: definition)))
    try app.send(.add(section: nil))
    try app.enter("Plan the trip", at: "Name")
    let first = try #require(TasksApp.categoryNames.first)
    try app.tap("Category")
    try app.tap(first)
    #expect(app.row("Category")?.detail == first)
    try app.tap("Category")
    #expect(app.row(first)?.accessory == .checkmark)
    try app.tap(first)
    #expect(app.top.title == "New Task", "back on the form")
    #expect(app.row("Category")?.detail == first, "still chosen")
    try app.tap("Category")
    try app.tap("None")
    #expect(app.row("Category")?.detail != first)
  }
}

/// A task's tags: chosen several at a time, made in place, kept in the join table.
@Suite("Tags on SQLite")
struct TagsOnSQLiteTests {
  /// The sample tasks' store, with the Tags choice of "Book the dentist" open.
  static func openTags() throws -> (SQLiteStore, HeadlessApp) {
    let store = try TasksApp.sqliteStore(path: nil)
    try TasksApp.insertSampleTasks(into: store)
    let definition = try #require(store.itemsDefinition)
    let app = HeadlessApp(
      navigator: Navigator(root: TasksApp.listScreen(store: store, definition: definition)))
    try app.tap("Book the dentist")
    try app.tap("Tags")
    return (store, app)
  }

  /// The names of the tags "Book the dentist" holds in the join table, in the order added.
  static func heldTags(_ store: SQLiteStore) throws -> [String] {
    try store.database.read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT tag.name FROM task_tags JOIN tag ON tag.id = task_tags.targetId
          JOIN task ON task.id = task_tags.sourceId WHERE task.name = 'Book the dentist'
          ORDER BY task_tags.rowid
          """)
    }
  }

  @Test func tagsAreChosenSeveralAtATimeAndMadeInPlace() throws {
    let (store, app) = try Self.openTags()
    #expect(app.texts == [TasksApp.tagNames])
    try app.tap("Quick")
    try app.tap("Someday")
    #expect(app.top.title == "Tags", "a multiple selection stays open")
    try app.send(.add(section: nil))
    try app.enter("Garden", at: "Name")
    try app.send(.done)
    #expect(app.row("Garden")?.accessory == .checkmark)
    try app.send(.back)
    #expect(app.row("Tags")?.detail == "Quick, Someday, Garden")
    try app.send(.done)
    let joins = try Self.heldTags(store)
    #expect(joins == ["Quick", "Someday", "Garden"])
    // A tag's screen lists the tasks that carry it.
    let tags = try store.store(for: "tags")
    let tagDefinition = try #require(tags.itemsDefinition)
    let model = TableModel(title: "Tags")
    model.addSection(ArrayOfObjectsSection(store: tags, definition: tagDefinition))
    let tagsApp = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try tagsApp.tap("Urgent")
    #expect(tagsApp.row("Tasks")?.detail == "1")
    try tagsApp.tap("Tasks")
    #expect(tagsApp.texts == [["Write the report"]])
  }
}

/// A chooser's rows follow the store's reports, and its checkmarks the draft it chooses for.
@Suite("A chooser open while its items change")
struct ChooserFollowsItsStoreTests {
  @Test func aTagRenamedWhileItsChooserIsOpenShowsItsNewNameAndKeepsItsCheckmark() throws {
    let (store, app) = try TagsOnSQLiteTests.openTags()
    try app.tap("Quick")
    #expect(app.row("Quick")?.accessory == .checkmark)
    // Another screen renames the chosen tag and one not chosen, through the tags' store.
    let tags = try store.store(for: "tags")
    let listed = try tags.fetch(FetchOptions())
    let quick = try #require(listed.first { ($0.objectValue as? TaskTag)?.name == "Quick" })
    let someday = try #require(listed.first { ($0.objectValue as? TaskTag)?.name == "Someday" })
    try tags.update(quick, values: ["name": .string("Fast")])
    try tags.update(someday, values: ["name": .string("Later")])
    app.navigator.processChanges()
    let renamed = TasksApp.tagNames.map { ["Quick": "Fast", "Someday": "Later"][$0] ?? $0 }
    #expect(app.texts == [renamed])
    #expect(app.row("Fast")?.accessory == .checkmark, "the chosen tag stays chosen")
    #expect(app.row("Later")?.accessory == Accessory.none)
    // A tap after the rename chooses by identity, not by name.
    try app.tap("Later")
    #expect(app.row("Later")?.accessory == .checkmark)
    try app.send(.back)
    #expect(app.row("Tags")?.detail == "Fast, Later")
    #expect(app.host.violations.isEmpty)
  }
}

/// Children read when their parent is opened: a fault until then, never lost by a write.
@Suite("Children read when opened")
struct FaultedChildrenTests {
  private func entity() throws -> SQLiteEntity {
    try SQLiteEntity(
      table: "task", definition: try TasksApp.taskDefinition(),
      relationships: [
        SQLiteRelationship(
          "taskSteps", to: try TasksApp.stepEntity(), foreignKey: "taskId", loading: .whenOpened)
      ],
      ordered: true, transient: ["category", "tags"])
  }

  @Test func stepsAreAFaultUntilTheTaskIsOpened() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tasks.sqlite").path
    do {
      let store = try SQLiteStore(path: path, entity: try entity(), watchInterval: nil)
      let task = TaskItem(name: "Move house")
      task.taskSteps = ["Pack", "Hire van", "Clean"].map { TaskStep(name: $0) }
      try store.insert(.object(ObjectReference(task)), at: nil)
    }
    let store = try SQLiteStore(path: path, entity: try entity(), watchInterval: nil)
    let item = try #require(try store.fetch(FetchOptions()).first)
    let task = try #require(item.objectValue as? TaskItem)
    #expect(task.taskSteps.isEmpty, "a fault until opened")
    // A write of the unopened task leaves its steps alone.
    try store.update(item, values: ["name": "Move flat"])
    let kept = try store.database.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM taskStep") ?? -1
    }
    #expect(kept == 3)
    // Opening it reads them, in order; a second time changes nothing.
    let definition = try #require(store.itemsDefinition)
    let app = HeadlessApp(
      navigator: Navigator(root: TasksApp.listScreen(store: store, definition: definition)))
    try app.tap("Move flat")
    #expect(app.row("Steps")?.detail == "3")
    #expect(task.taskSteps.map(\.name) == ["Pack", "Hire van", "Clean"])
    try store.prepareForEditing(item)
    #expect(task.taskSteps.map(\.name) == ["Pack", "Hire van", "Clean"])
    // Once opened, its steps are written with it.
    try app.tap("Steps")
    try app.send(.delete(app.rowID(at: ItemPath(item: 0, section: 0))))
    try app.send(.back)
    try app.send(.done)
    let left = try store.database.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM taskStep ORDER BY position")
    }
    #expect(left == ["Hire van", "Clean"])
  }
  /// A tag chosen on an open form that another window deletes leaves the form's Tags row at
  /// once, as it leaves the chooser; Done stores the tags the form shows.
  @Test func aChosenTagDeletedElsewhereLeavesTheOpenForm() throws {
    let (store, app) = try TagsOnSQLiteTests.openTags()
    try app.tap("Quick")
    try app.tap("Someday")
    try app.send(.back)
    #expect(app.row("Tags")?.detail == "Quick, Someday")
    let tags = try store.store(for: "tags")
    let quick = try #require(
      try tags.fetch(FetchOptions()).first {
        tags.entity.definition.reader(for: $0).value("name") == "Quick"
      })
    try tags.delete(quick)
    try app.host.check()
    #expect(app.row("Tags")?.detail == "Someday")
    try app.send(.done)
    #expect(try TagsOnSQLiteTests.heldTags(store) == ["Someday"])
    #expect(app.host.violations.isEmpty)
  }
}
