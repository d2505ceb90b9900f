import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisExamples
import TrellisPostgres
import TrellisWeb

/// Tasks (with their categories and tags) and Contacts on PostgreSQL, for `trellis-demo
/// --postgres URL`: several demo servers given the same database share the data, and what a
/// window on one changes, windows on the others show at once (the stores follow each other
/// through `NOTIFY`).
struct PostgresApps {
  let tasks: WebApp
  /// The categories and tags tasks point at, deleted by the demo's delete rules.
  let categories: WebApp
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
  init(
    url: String, person: String, categoryDeleteRule: RelationshipDeleteRule = .nullify,
    tagDeleteRule: RelationshipDeleteRule = .nullify
  ) async throws {
    let taskStore: PostgresStore
    let contactStore: PostgresStore
    do {
      taskStore = try PostgresStore(
        url: url,
        entity: try Self.taskEntity(
          categoryDeleteRule: categoryDeleteRule, tagDeleteRule: tagDeleteRule))
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
      try await Self.fillOnce(taskStore) { try await Self.fillTasks(taskStore) }
      try await Self.fillOnce(contactStore) {
        if try await contactStore.count(FetchOptions()) == 0 {
          for person in ContactsApp.people(300) {
            try await contactStore.insert(.object(ObjectReference(person)), at: nil)
          }
        }
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
        id: "tasks", store: taskStore,
        definition: taskStore.itemsDefinition ?? taskStore.entity.definition)
      section.placeholderText = "No tasks yet!"
      section.fetchOptions.batchSize = 50
      model.addSection(section)
      return Navigator(root: Screen(model: model, navigationBar: .addLeftEditRight))
    }
    let categoryStore = try taskStore.relatedStore(for: "category")
    let tagStore = try taskStore.relatedStore(for: "tags")
    categories = WebApp(
      id: "categories", title: "Categories and Tags",
      subtitle: "On PostgreSQL: tasks point at them; delete rules"
    ) {
      let model = TableModel(title: "Categories and Tags")
      for (id, store, rule) in [
        ("categories", categoryStore, categoryDeleteRule), ("tags", tagStore, tagDeleteRule),
      ] {
        let definition = try store.itemsDefinition ?? TasksApp.categoryDefinition()
        let section = ArrayOfObjectsSection(
          id: id, header: id.capitalized, store: store, definition: definition)
        section.placeholderText = "No \(id) yet!"
        section.addItemText = "Add \(definition.name)"
        section.footerTitle = TasksApp.deleteRuleText(rule, for: definition.name.lowercased())
        section.fetchOptions.batchSize = 50
        model.addSection(section)
      }
      return Navigator(root: Screen(model: model, navigationBar: .editRight))
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
  /// its steps (in a table of their own, in their order), its category (a to-one) and its
  /// tags (a many-to-many), each in a table of its own and deleted by its rule.
  static func taskEntity(
    categoryDeleteRule: RelationshipDeleteRule = .nullify,
    tagDeleteRule: RelationshipDeleteRule = .nullify
  ) throws -> PostgresEntity {
    var definition = try DataDefinition(
      for: TaskItem.self, names: "name;description;category;tags;dueDate;taskSteps;completed",
      make: { TaskItem() })
    definition.name = "Task"
    definition["name"]?.isRequired = true
    definition["name"]?.attributes.placeholder = "Enter task name"
    definition["description"]?.type = .textView
    definition["taskSteps"]?.title = "Steps"
    definition["taskSteps"]?.type = .arrayOfObjects
    definition["taskSteps"]?.attributes = .arrayOfObjects(try TasksApp.stepDefinition())
    definition.descriptionPropertyNames = ["category.name"]
    let steps = try PostgresEntity(
      table: "demo_task_step", definition: try TasksApp.stepDefinition(), ordered: true)
    let categories = try PostgresEntity(
      table: "demo_category", definition: try TasksApp.categoryDefinition(), ordered: true,
      unique: ["name"])
    let tags = try PostgresEntity(
      table: "demo_tag", definition: try TasksApp.tagDefinition(), ordered: true,
      unique: ["name"])
    return try PostgresEntity(
      table: "demo_task", definition: definition, ordered: true,
      relationships: [
        PostgresRelationship("taskSteps", to: steps, foreignKey: "task_id"),
        .toOne("category", to: categories, inverse: "tasks", deleteRule: categoryDeleteRule),
        .manyToMany("tags", to: tags, inverse: "tasks", deleteRule: tagDeleteRule),
      ])
  }

  /// Fills empty tables: the seed's categories, a few tags, then the sample tasks in them.
  static func fillTasks(_ store: PostgresStore) async throws {
    let categories = try store.relatedStore(for: "category")
    let tags = try store.relatedStore(for: "tags")
    if try await categories.count(FetchOptions()) == 0 {
      for category in TasksApp.defaultCategories() {
        try await categories.insert(.object(ObjectReference(category)), at: nil)
      }
    }
    if try await tags.count(FetchOptions()) == 0 {
      for tag in TasksApp.defaultTags() {
        try await tags.insert(.object(ObjectReference(tag)), at: nil)
      }
    }
    guard try await store.count(FetchOptions()) == 0 else { return }
    let stored = (
      try await categories.fetchPage(FetchOptions(), from: nil).items.compactMap {
        $0.objectValue as? TaskCategory
      },
      try await tags.fetchPage(FetchOptions(), from: nil).items.compactMap {
        $0.objectValue as? TaskTag
      }
    )
    for task in TasksApp.sampleTasks(categories: stored.0, tags: stored.1) {
      try await store.insert(.object(ObjectReference(task)), at: nil)
    }
  }

  /// A contact, with a unique email.
  static func contactEntity() throws -> PostgresEntity {
    try PostgresEntity(table: "demo_contact", definition: try ContactsApp.definition())
  }

  /// Runs `fill` (which fills the store's tables when they are empty) holding a lock that
  /// other servers filling the same tables wait for.
  static func fillOnce(_ store: PostgresStore, _ fill: () async throws -> Void) async throws {
    let lockKey = "trellis-demo fill \(store.entity.table)"
    try await store.client.withConnection { connection in
      try await connection.query(
        "SELECT pg_advisory_lock(hashtext(\(lockKey)))", logger: Self.logger)
      do {
        try await fill()
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
