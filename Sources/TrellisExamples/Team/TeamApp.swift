import Trellis

/// A team's tasks, each someone's: members see and change only their own, leads see and
/// change everyone's, and guests only look. The core enforces it whatever the host.
public enum TeamApp {
  /// The names string of the task form.
  public static let taskNames = "Task:(title,notes,done);Who:(owner,editedBy)"

  /// The definition of a team task: its title is required, and who last changed it is shown,
  /// never typed.
  public static func taskDefinition() throws(DiagnosticList) -> DataDefinition {
    var task = try DataDefinition(for: TeamTask.self, names: taskNames, make: { TeamTask() })
    task.name = "Task"
    task["title"]?.isRequired = true
    task["title"]?.attributes.placeholder = "What needs doing"
    task["owner"]?.title = "Owner"
    task["editedBy"]?.title = "Edited by"
    task["editedBy"]?.enabledWhen = Condition("recorded by the core") { _ in false }
    task.descriptionPropertyNames = ["owner"]
    try task.validate()
    return task
  }

  /// Who may do what: leads everything, members their own tasks only (a task they add is
  /// theirs), guests look at every task and change none.
  public static let policy = AccessPolicy(
    rules: [
      AccessRule(roles: ["lead"], Set(Permission.allCases)),
      AccessRule(
        roles: ["member"], [.view, .add, .edit, .delete, .move], on: ["Task"],
        rows: ownRows),
      AccessRule(roles: ["guest"], [.view], on: ["Task"]),
    ], editorKey: "editedBy", ownerKey: "owner")

  /// The rows a member's rules cover: their own.
  static let ownRows: Predicate = {
    do { return try Predicate("owner == $person") } catch { preconditionFailure("\(error)") }
  }()

  /// The sample tasks: two of Ann's, one of Bob's.
  public static func sampleTasks() -> [TeamTask] {
    [
      TeamTask("Plan the launch", owner: "ann"), TeamTask("Review the budget", owner: "bob"),
      TeamTask("Call the printer", owner: "ann", done: true),
    ]
  }

  /// The list of tasks over `store`: Add on the left, Edit on the right.
  public static func listScreen(store: any DataStore, definition: DataDefinition) -> Screen {
    let model = TableModel(title: "Team Tasks")
    let section = ArrayOfObjectsSection(store: store, definition: definition)
    section.placeholderText = "No tasks yet!"
    model.addSection(section)
    return Screen(model: model, navigationBar: .addLeftEditRight)
  }
}
