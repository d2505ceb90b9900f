import Trellis

/// Seed 000's Tasks app: a list of tasks, each with a generated form, steps, categories,
/// validation, add, edit, delete and reorder — and no table code.
public enum TasksApp {
  /// The names string of the task form.
  public static let taskNames =
    "Task Details:(name,description,category,dueDate,taskSteps);Task Status:(completed)"

  /// The definition of a step: name, and a description as a text view.
  public static func stepDefinition() throws(DiagnosticList) -> DataDefinition {
    var step = try DataDefinition(for: TaskStep.self, make: { TaskStep() })
    step["description"]?.type = .textView
    step.descriptionPropertyNames = ["description"]
    return step
  }

  /// The definition of a task, as the seed builds it.
  public static func taskDefinition() throws(DiagnosticList) -> DataDefinition {
    var task = try DataDefinition(for: TaskItem.self, names: taskNames, make: { TaskItem() })
    task.name = "Task"  // titles read "New Task", not the Swift type's name
    task["name"]?.isRequired = true
    task["name"]?.attributes.placeholder = "Enter task name"
    task["name"]?.attributes.becomesFirstResponder = true  // type the name at once
    task["description"]?.type = .textView
    task["category"]?.type = .selection
    task["category"]?.attributes = .selection(["Home", "Work", "Other"])
    task["taskSteps"]?.title = "Steps"
    task["taskSteps"]?.type = .arrayOfObjects
    task["taskSteps"]?.attributes = .arrayOfObjects(try stepDefinition())
    task.descriptionPropertyNames = ["category"]
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

  /// A navigator showing the task list over an in-memory store holding `tasks`.
  public static func navigator(tasks: [TaskItem] = []) throws(DiagnosticList) -> (
    Navigator, MemoryStore
  ) {
    let definition = try taskDefinition()
    let store = MemoryStore(objects: tasks, definition: definition)
    return (Navigator(root: listScreen(store: store, definition: definition)), store)
  }
}
