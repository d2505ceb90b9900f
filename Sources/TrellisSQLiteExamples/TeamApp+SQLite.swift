import Trellis
import TrellisExamples
import TrellisSQLite

extension TeamApp {
  /// The table of team tasks, derived from ``TeamTask``, ordered, indexed by owner so that
  /// each member's list is a lookup.
  public static func entity() throws(DiagnosticList) -> SQLiteEntity {
    try SQLiteEntity(
      table: "teamTask", definition: try taskDefinition(), ordered: true, indexed: ["owner"])
  }

  /// The team's tasks in the SQLite file at `path` (in memory when `nil`); a new table starts
  /// with the sample tasks.
  public static func sqliteStore(path: String?) throws -> SQLiteStore {
    let entity = try entity()
    let store =
      try path.map { try SQLiteStore(path: $0, entity: entity) }
      ?? SQLiteStore.inMemory(entity: entity)
    if try store.count(FetchOptions()) == 0 {
      try store.insertAll(sampleTasks().map { .object(ObjectReference($0)) })
    }
    return store
  }
}
