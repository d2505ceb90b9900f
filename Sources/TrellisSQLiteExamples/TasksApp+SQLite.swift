import Trellis
import TrellisExamples
import TrellisSQLite

extension TasksApp {
  /// The table of steps, derived from ``TaskStep``: name and description, ordered within
  /// their task.
  public static func stepEntity() throws(DiagnosticList) -> SQLiteEntity {
    try SQLiteEntity(table: "taskStep", definition: try stepDefinition(), ordered: true)
  }

  /// The table of tasks, derived from ``TaskItem``, ordered, with their steps in a
  /// one-to-many relationship (the seed's Core Data model).
  public static func taskEntity() throws(DiagnosticList) -> SQLiteEntity {
    try SQLiteEntity(
      table: "task", definition: try taskDefinition(),
      relationships: [SQLiteRelationship("taskSteps", to: try stepEntity(), foreignKey: "taskId")],
      ordered: true, indexed: ["name"])
  }

  /// The tasks in an SQLite file at `path` (created when missing), or in memory when `nil`.
  public static func sqliteStore(path: String?) throws -> SQLiteStore {
    let entity = try taskEntity()
    guard let path else { return try SQLiteStore.inMemory(entity: entity) }
    return try SQLiteStore(path: path, entity: entity)
  }
}
