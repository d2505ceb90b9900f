import Trellis
import TrellisExamples
import TrellisSQLite

extension ContactsApp {
  /// The contacts table, derived from ``Contact``, indexed by last then first name for
  /// sorted, searched batches.
  public static func entity() throws(DiagnosticList) -> SQLiteEntity {
    var entity = try SQLiteEntity(table: "contact", definition: try definition())
    entity.indexes = [["lastName", "firstName"]]
    return entity
  }

  /// An SQLite store of contacts in the file at `path` (in memory when `nil`), filled with
  /// `count` generated people when it holds none.
  public static func sqliteStore(path: String? = nil, people count: Int) throws -> SQLiteStore {
    let entity = try entity()
    let store =
      try path.map { try SQLiteStore(path: $0, entity: entity) }
      ?? SQLiteStore.inMemory(entity: entity)
    if try store.count(FetchOptions()) == 0 {
      try store.insertAll(people(count).map { .object(ObjectReference($0)) })
    }
    return store
  }
}
