import Trellis
import TrellisExamples
import TrellisSQLite

extension TasksApp {
  /// The table of steps, derived from ``TaskStep``: name and description, ordered within
  /// their task.
  public static func stepEntity() throws(DiagnosticList) -> SQLiteEntity {
    try SQLiteEntity(table: "taskStep", definition: try stepDefinition(), ordered: true)
  }

  /// The table of categories, derived from ``TaskCategory``: ordered, with unique names.
  public static func categoryEntity() throws(DiagnosticList) -> SQLiteEntity {
    try SQLiteEntity(
      table: "category", definition: try categoryDefinition(), ordered: true, unique: ["name"])
  }

  /// The table of tags, derived from ``TaskTag``: ordered, with unique names.
  public static func tagEntity() throws(DiagnosticList) -> SQLiteEntity {
    try SQLiteEntity(table: "tag", definition: try tagDefinition(), ordered: true, unique: ["name"])
  }

  /// The table of tasks, derived from ``TaskItem``, ordered, with their steps in a
  /// one-to-many relationship and their category a to-one whose inverse is the category's
  /// `tasks` (the seed's Core Data model, with categories as an entity).
  ///
  /// - Parameters:
  ///   - categoryDeleteRule: What deleting a category does to its tasks.
  ///   - tagDeleteRule: What deleting a tag does to the tasks that carry it.
  public static func taskEntity(
    categoryDeleteRule: RelationshipDeleteRule = .nullify,
    tagDeleteRule: RelationshipDeleteRule = .nullify
  ) throws(DiagnosticList) -> SQLiteEntity {
    var entity = try SQLiteEntity(
      table: "task", definition: try taskDefinition(),
      relationships: [
        // A task's steps are read when it is opened, not with every batch of the list.
        SQLiteRelationship(
          "taskSteps", to: try stepEntity(), foreignKey: "taskId", loading: .whenOpened),
        .toOne(
          "category", to: try categoryEntity(), inverse: "tasks",
          deleteRule: categoryDeleteRule),
        .manyToMany("tags", to: try tagEntity(), inverse: "tasks", deleteRule: tagDeleteRule),
      ],
      ordered: true, indexed: ["name"])
    entity.migrations = [categoriesBecomeRows]
    return entity
  }

  /// Files written before categories were an entity kept each task's category as text: each
  /// distinct text becomes a category row, and the tasks point at it.
  static let categoriesBecomeRows = SQLiteMigration(
    "categories become rows", dropping: ["category"]
  ) { db in
    try db.execute(
      sql: """
        INSERT OR IGNORE INTO category (name, position)
        SELECT category, (SELECT COUNT(*) FROM category) + ROW_NUMBER() OVER (ORDER BY MIN(id)) - 1
        FROM task WHERE category IS NOT NULL AND category != '' GROUP BY category
        """)
    try db.execute(
      sql: "UPDATE task SET categoryId = (SELECT id FROM category WHERE name = task.category)")
  }

  /// The tasks in an SQLite file at `path` (created when missing), or in memory when `nil`;
  /// a new file starts with the seed's categories and a few tags.
  public static func sqliteStore(
    path: String?, categoryDeleteRule: RelationshipDeleteRule = .nullify,
    tagDeleteRule: RelationshipDeleteRule = .nullify
  ) throws -> SQLiteStore {
    let entity = try taskEntity(
      categoryDeleteRule: categoryDeleteRule, tagDeleteRule: tagDeleteRule)
    let store =
      try path.map { try SQLiteStore(path: $0, entity: entity) }
      ?? SQLiteStore.inMemory(entity: entity)
    let categories = try store.store(for: "category")
    if try categories.count(FetchOptions()) == 0 {
      try categories.insertAll(defaultCategories().map { .object(ObjectReference($0)) })
    }
    let tags = try store.store(for: "tags")
    if try tags.count(FetchOptions()) == 0 {
      try tags.insertAll(defaultTags().map { .object(ObjectReference($0)) })
    }
    return store
  }

  /// Adds the sample tasks to `store`, in the categories it holds.
  public static func insertSampleTasks(into store: SQLiteStore) throws {
    let categories = try store.store(for: "category").fetch(FetchOptions())
      .compactMap { $0.objectValue as? TaskCategory }
    let tags = try store.store(for: "tags").fetch(FetchOptions()).compactMap {
      $0.objectValue as? TaskTag
    }
    try store.insertAll(
      sampleTasks(categories: categories, tags: tags).map { .object(ObjectReference($0)) })
  }

  /// The categories and tags screen over the tasks' `store`: each category's and tag's form
  /// lists its tasks, and each section's footer says what deleting one does under its rule.
  public static func categoriesScreen(
    store: SQLiteStore, categoryDeleteRule: RelationshipDeleteRule,
    tagDeleteRule: RelationshipDeleteRule
  ) throws -> Screen {
    let model = TableModel(title: "Categories and Tags")
    for (name, id, rule) in [
      ("category", "categories", categoryDeleteRule), ("tags", "tags", tagDeleteRule),
    ] {
      let related = try store.store(for: name)
      let definition = related.itemsDefinition ?? related.entity.definition
      let section = ArrayOfObjectsSection(
        id: id, header: id.capitalized, store: related, definition: definition)
      section.placeholderText = "No \(id) yet!"
      section.addItemText = "Add \(definition.name)"
      section.footerTitle = deleteRuleText(rule, for: definition.name.lowercased())
      model.addSection(section)
    }
    return Screen(model: model, navigationBar: .editRight)
  }

  /// What deleting a category or a tag does to its tasks, in words.
  public static func deleteRuleText(_ rule: RelationshipDeleteRule, for what: String) -> String {
    switch rule {
    case .nullify: "Deleting a \(what) takes it off its tasks."
    case .cascade: "Deleting a \(what) deletes its tasks too."
    case .deny: "A \(what) that tasks have cannot be deleted."
    case .noAction: "Deleting a \(what) leaves its tasks as they are."
    }
  }
}
