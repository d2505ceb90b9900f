import Trellis
import TrellisSQL

/// What every store over one database shares: one object per row across all its tables, and
/// the observers of each table, so that a write through one store reaches the lists of
/// another (the tasks of a category deleted through the categories' store).
final class SQLiteShared: Sendable {
  /// The objects by table and key, and what the stores keep between calls.
  // Sound: the store makes one object per row and hands it to the domain that shows it; the
  // map only finds that object, and writes its values on the domain that asked.
  let state = UncheckedLocked(SQLiteStore.State())
  /// Every entity of the database, from the entity the database was opened with.
  var entities: [SQLiteEntity] { indexed.all }
  /// The entities by table, with the relationships pointing at each.
  let indexed: RelationalEntities<SQLiteEntity>
  private let observers: [String: ObserverList<StoreChange>]
  private let fallback = ObserverList<StoreChange>()
  /// The one path every change of the database's tables takes to their lists.
  let changes: SQLiteChanges

  /// Shares the database of `root` and every entity it relates to.
  init(root: SQLiteEntity) {
    var observers: [String: ObserverList<StoreChange>] = [:]
    for (entity, _) in root.graph { observers[entity.table] = ObserverList() }
    self.observers = observers
    self.indexed = RelationalEntities(root.graph.map(\.entity))
    changes = SQLiteChanges(tables: observers)
  }

  /// Shares a database of `entities`, each with its relationships: the tables of a file
  /// already made, whose relationships were read from its schema.
  init(entities: [SQLiteEntity]) {
    var observers: [String: ObserverList<StoreChange>] = [:]
    for entity in entities { observers[entity.table] = ObserverList() }
    self.observers = observers
    self.indexed = RelationalEntities(entities)
    changes = SQLiteChanges(tables: observers)
  }

  /// The observers of `table`'s store or stores.
  func observers(of table: String) -> ObserverList<StoreChange> {
    observers[table] ?? fallback
  }
}
