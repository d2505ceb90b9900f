import Trellis

/// Seed 000's Tasks app: a list of tasks, each with a generated form, steps, categories,
/// validation, add, edit, delete and reorder — and no table code.
public enum TasksApp {
  /// The names string of the task form.
  public static let taskNames =
    "Task Details:(name,description,category,tags,dueDate,taskSteps);Task Status:(completed)"

  /// The definition of a step: a name, which it must have, and a description as a text view.
  public static func stepDefinition() throws(DiagnosticList) -> DataDefinition {
    var step = try DataDefinition(for: TaskStep.self, make: { TaskStep() })
    step["name"]?.isRequired = true
    step["description"]?.type = .textView
    step.descriptionPropertyNames = ["description"]
    return step
  }

  /// The definition of a category: its name, which it must have.
  public static func categoryDefinition() throws(DiagnosticList) -> DataDefinition {
    var category = try DataDefinition(for: TaskCategory.self, make: { TaskCategory() })
    category.name = "Category"
    category["name"]?.isRequired = true
    category.titlePropertyNames = ["name"]
    return category
  }

  /// The definition of a tag: its name, which it must have.
  public static func tagDefinition() throws(DiagnosticList) -> DataDefinition {
    var tag = try DataDefinition(for: TaskTag.self, make: { TaskTag() })
    tag.name = "Tag"
    tag["name"]?.isRequired = true
    tag.titlePropertyNames = ["name"]
    return tag
  }

  /// The tags a new file starts with.
  public static let tagNames = ["Urgent", "Quick", "Someday"]

  /// New objects for the starting tags.
  public static func defaultTags() -> [TaskTag] { tagNames.map { TaskTag(name: $0) } }

  /// The seed's categories, in its order.
  public static let categoryNames = ["Home", "Work", "Other"]

  /// New objects for the seed's categories.
  public static func defaultCategories() -> [TaskCategory] {
    categoryNames.map { TaskCategory(name: $0) }
  }

  /// The demo's first tasks: one with steps at work, one plain at home, one done in another
  /// category; their categories are those of `categories` with the seed's names, and the
  /// report is tagged Urgent and the plants Quick when `tags` has them.
  public static func sampleTasks(categories: [TaskCategory], tags: [TaskTag] = []) -> [TaskItem] {
    func named(_ name: String) -> TaskCategory? { categories.first { $0.name == name } }
    let report = TaskItem(name: "Write the report", category: named("Work"))
    report.taskSteps = [TaskStep(name: "Outline"), TaskStep(name: "First draft")]
    report.tags = tags.filter { $0.name == "Urgent" }
    let plants = TaskItem(name: "Water the plants", category: named("Home"))
    plants.tags = tags.filter { $0.name == "Quick" }
    return [
      report, plants,
      TaskItem(name: "Book the dentist", category: named("Other"), completed: true),
    ]
  }

  /// A navigator over the sample tasks in memory, with the seed's categories.
  public static func sampleNavigator() throws(DiagnosticList) -> (Navigator, MemoryStore) {
    let categories = defaultCategories()
    let tags = defaultTags()
    return try navigator(
      tasks: sampleTasks(categories: categories, tags: tags), categories: categories, tags: tags)
  }

  /// The definition of a task, as the seed builds it; its category is chosen among the
  /// objects of `categories`, and its tags among those of `tags` (an SQLite store's
  /// definition picks its own stores when `nil`).
  public static func taskDefinition(
    categories: (any DataStore)? = nil, tags: (any DataStore)? = nil
  ) throws(DiagnosticList) -> DataDefinition {
    var task = try DataDefinition(for: TaskItem.self, names: taskNames, make: { TaskItem() })
    task.name = "Task"  // titles read "New Task", not the Swift type's name
    task["name"]?.isRequired = true
    task["name"]?.attributes.placeholder = "Enter task name"
    task["name"]?.attributes.becomesFirstResponder = true  // type the name at once
    task["description"]?.type = .textView
    task["category"]?.attributes.nestedDefinition = try categoryDefinition()
    if let categories {
      task["category"]?.type = .objectSelection
      task["category"]?.attributes.itemsStore = categories
    }
    // Tags are chosen, several at a time, among the tags' store.
    task["tags"]?.attributes.nestedDefinition = try tagDefinition()
    if let tags {
      task["tags"]?.type = .objectSelection
      task["tags"]?.attributes.itemsStore = tags
      task["tags"]?.attributes.allowsMultipleSelection = true
      task["tags"]?.attributes.allowsNoSelection = true
    }
    task["taskSteps"]?.title = "Steps"
    task["taskSteps"]?.type = .arrayOfObjects
    task["taskSteps"]?.attributes = .arrayOfObjects(try stepDefinition())
    task.descriptionPropertyNames = ["category.name"]
    try task.validate()
    return task
  }

  /// The task list screen over `store`: Add on the left, Edit on the right, and a placeholder
  /// while there is no task.
  public static func listScreen(store: any DataStore, definition: DataDefinition) -> Screen {
    let model = TableModel(title: "Tasks")
    let section = ArrayOfObjectsSection(id: "tasks", store: store, definition: definition)
    section.placeholderText = "No tasks yet!"
    model.addSection(section)
    return Screen(model: model, navigationBar: .addLeftEditRight)
  }

  /// A navigator showing the task list over an in-memory store holding `tasks`, whose
  /// categories are chosen among `categories` (the seed's when `nil`) and tags among `tags`.
  public static func navigator(
    tasks: [TaskItem] = [], categories: [TaskCategory]? = nil, tags: [TaskTag]? = nil
  ) throws(DiagnosticList) -> (Navigator, MemoryStore) {
    let known = categories ?? defaultCategories()
    let categoryStore = MemoryStore(objects: known, definition: try categoryDefinition())
    let tagStore = MemoryStore(objects: tags ?? defaultTags(), definition: try tagDefinition())
    let definition = try taskDefinition(categories: categoryStore, tags: tagStore)
    let store = MemoryStore(objects: tasks, definition: definition)
    return (Navigator(root: listScreen(store: store, definition: definition)), store)
  }
}
