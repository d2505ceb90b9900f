import Foundation
import Observation
import TrellisMacros

/// A task of seed 000's "Exploring Object Binding" app.
@Observable @TableBound
public final class TaskItem: DefaultConstructible {
  public var name = ""
  public var description = ""
  public var category: TaskCategory?
  public var tags: [TaskTag] = []
  public var dueDate: Date?
  public var taskSteps: [TaskStep] = []
  public var completed = false

  /// An empty task.
  public init() {}

  /// A task with a name and category.
  public convenience init(
    name: String, category: TaskCategory? = nil, completed: Bool = false
  ) {
    self.init()
    self.name = name
    self.category = category
    self.completed = completed
  }
}

/// A step towards completing a task.
@Observable @TableBound
public final class TaskStep: DefaultConstructible {
  public var name = ""
  public var description = ""

  /// An empty step.
  public init() {}

  /// A step with a name.
  public convenience init(name: String) {
    self.init()
    self.name = name
  }
}

/// What a task is about (Home, Work, Other): an entity of its own, which tasks point at.
@Observable @TableBound
public final class TaskCategory: DefaultConstructible {
  public var name = ""

  /// An empty category.
  public init() {}

  /// A category with a name.
  public convenience init(name: String) {
    self.init()
    self.name = name
  }
}

/// A label any number of tasks can carry (Urgent, Quick): tasks and tags are many-to-many.
@Observable @TableBound
public final class TaskTag: DefaultConstructible {
  public var name = ""

  /// An empty tag.
  public init() {}

  /// A tag with a name.
  public convenience init(name: String) {
    self.init()
    self.name = name
  }
}
