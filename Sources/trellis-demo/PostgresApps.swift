import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisExamples
import TrellisPostgres
import TrellisWeb

/// Tasks and Contacts on PostgreSQL, for `trellis-demo --postgres URL`: several demo servers
/// given the same database share the data, and what a window on one changes, windows on the
/// others show at once (the stores follow each other through `NOTIFY`).
struct PostgresApps {
  let tasks: WebApp
  let contacts: WebApp
  /// Settings that follow `person` to every server on the database (iCloud's key-value
  /// store's job), live.
  let settings: WebApp
  /// The stores, to shut down when the server stops.
  let stores: [PostgresStore]
  /// The synced settings' store, to shut down when the server stops.
  let settingsStore: SyncedSettingsStore

  /// Opens the tables (creating them, and filling empty ones with the sample data, under a
  /// lock so that servers starting together fill them once).
  init(url: String, person: String) async throws {
    let taskStore: PostgresStore
    let contactStore: PostgresStore
    do {
      taskStore = try PostgresStore(url: url, entity: try Self.taskEntity())
      contactStore = try PostgresStore(url: url, entity: try Self.contactEntity())
    } catch {
      throw DemoSetupError("--postgres: \(error)")
    }
    stores = [taskStore, contactStore]
    do {
      settingsStore = try SyncedSettingsStore(
        url: url, person: person, namespace: "trellis-demo.settings")
    } catch {
      throw DemoSetupError("--postgres: \(error)")
    }
    settingsStore.start()
    settings = WebApp(
      id: "settings", title: "Settings",
      subtitle: "Synced on PostgreSQL for \(person), every control",
      sharing: SettingsApp.settings(in: settingsStore)
    ) { settings in
      Navigator(root: try SettingsApp.screen(for: settings))
    }
    do {
      // A first read through the store: an unreachable server fails here, in its words.
      _ = try await taskStore.count(FetchOptions())
      try await Self.fillOnce(taskStore) {
        TasksApp.sampleTasks(categories: TasksApp.defaultCategories())
          .map { .object(ObjectReference($0)) }
      }
      try await Self.fillOnce(contactStore) {
        ContactsApp.people(300).map { .object(ObjectReference($0)) }
      }
    } catch {
      for store in stores { store.shutdown() }
      throw DemoSetupError("--postgres: \(error)")
    }
    tasks = WebApp(
      id: "tasks", title: "Tasks", subtitle: "On PostgreSQL, live across servers"
    ) {
      let model = TableModel(title: "Tasks")
      let section = ArrayOfObjectsSection(
        id: "tasks", store: taskStore, definition: taskStore.entity.definition)
      section.placeholderText = "No tasks yet!"
      section.fetchOptions.batchSize = 50
      model.addSection(section)
      return Navigator(root: Screen(model: model, navigationBar: .addLeftEditRight))
    }
    contacts = WebApp(
      id: "contacts", title: "Contacts", subtitle: "On PostgreSQL: searched in SQL, 30 at a time"
    ) {
      let model = TableModel(title: "Contacts")
      let section = ArrayOfObjectsSection(
        id: "contacts", store: contactStore, definition: contactStore.entity.definition)
      section.fetchOptions.batchSize = 30
      section.fetchOptions.sort = [SortKey("lastName"), SortKey("firstName")]
      section.searchPropertyNames = ["firstName", "lastName"]
      section.placeholderText = "No contacts"
      section.addItemText = "New Contact"
      model.addSection(section)
      return Navigator(root: Screen(model: model, navigationBar: .editRight))
    }
  }

  /// A task as the PostgreSQL tables keep it: its name, notes, due date, whether it is done,
  /// and its steps, in a table of their own, in their order (categories and tags stay with
  /// the SQLite demo).
  static func taskEntity() throws -> PostgresEntity {
    var definition = try DataDefinition(
      for: TaskItem.self, names: "name;description;dueDate;taskSteps;completed",
      make: { TaskItem() })
    definition.name = "Task"
    definition["name"]?.isRequired = true
    definition["name"]?.attributes.placeholder = "Enter task name"
    definition["description"]?.type = .textView
    definition["taskSteps"]?.title = "Steps"
    definition["taskSteps"]?.type = .arrayOfObjects
    definition["taskSteps"]?.attributes = .arrayOfObjects(try TasksApp.stepDefinition())
    let steps = try PostgresEntity(
      table: "demo_task_step", definition: try TasksApp.stepDefinition(), ordered: true)
    return try PostgresEntity(
      table: "demo_task", definition: definition, ordered: true,
      transient: ["category", "tags"],
      relationships: [PostgresRelationship("taskSteps", to: steps, foreignKey: "task_id")])
  }

  /// A contact, with a unique email.
  static func contactEntity() throws -> PostgresEntity {
    try PostgresEntity(table: "demo_contact", definition: try ContactsApp.definition())
  }

  /// Inserts `items()` when the table is empty, holding a lock that other servers filling the
  /// same table wait for.
  static func fillOnce(_ store: PostgresStore, _ items: () -> [Value]) async throws {
    let lockKey = "trellis-demo fill \(store.entity.table)"
    try await store.client.withConnection { connection in
      try await connection.query(
        "SELECT pg_advisory_lock(hashtext(\(lockKey)))", logger: Self.logger)
      do {
        if try await store.count(FetchOptions()) == 0 {
          for item in items() { try await store.insert(item, at: nil) }
        }
      } catch {
        _ = try? await connection.query(
          "SELECT pg_advisory_unlock(hashtext(\(lockKey)))", logger: Self.logger)
        throw error
      }
      try await connection.query(
        "SELECT pg_advisory_unlock(hashtext(\(lockKey)))", logger: Self.logger)
    }
  }

  static let logger = Logger(label: "trellis-demo.postgres")
}
