import Trellis
import TrellisExamples
import TrellisSQLite

extension TasksApp {
  /// The table of steps: name and description, ordered within their task.
  public static func stepEntity() throws(DiagnosticList) -> SQLiteEntity {
    SQLiteEntity(
      table: "taskStep", definition: try stepDefinition(),
      columns: [.text("name"), .text("description")], ordered: true)
  }

  /// The table of tasks, ordered, with their steps in a one-to-many relationship (the seed's
  /// Core Data model).
  public static func taskEntity() throws(DiagnosticList) -> SQLiteEntity {
    SQLiteEntity(
      table: "task", definition: try taskDefinition(),
      columns: [
        .text("name", indexed: true), .text("description"), .text("category"),
        .date("dueDate", nullable: true), .bool("completed"),
      ],
      relationships: [SQLiteRelationship("taskSteps", to: try stepEntity(), foreignKey: "taskId")],
      ordered: true)
  }

  /// The tasks in an SQLite file at `path` (created when missing), or in memory when `nil`.
  public static func sqliteStore(path: String?) throws -> SQLiteStore {
    let entity = try taskEntity()
    guard let path else { return try SQLiteStore.inMemory(entity: entity) }
    return try SQLiteStore(path: path, entity: entity)
  }
}
