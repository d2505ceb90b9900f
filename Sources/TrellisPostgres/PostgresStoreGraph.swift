import Trellis
import TrellisSQL

/// The stores over one database's related entities: the store an app made, and the stores of
/// the entities its to-one and many-to-many relationships reach, which share its connection
/// pool, its objects and its name as a writer.
///
/// The stores are held weakly here; the root store keeps the related ones alive.
final class PostgresStoreGraph: Sendable {
  /// Every entity the stores hold, the root's first.
  var entities: [PostgresEntity] { indexed.all }
  /// The entities by table, with the relationships pointing at each.
  let indexed: RelationalEntities<PostgresEntity>
  private let stores = Locked([String: WeakStore]())
  /// Whether every table of the graph has been created and given every column.
  let schemaReady = Locked(false)

  private struct WeakStore {
    weak var store: PostgresStore?
  }

  init(root: PostgresEntity) {
    indexed = RelationalEntities(root.sharingGraph)
  }

  /// The graph of `entities`, each with every entity it reaches, `root` first: the tables of a
  /// database made elsewhere, which nothing creates or alters.
  init(root: PostgresEntity, with entities: [PostgresEntity]) {
    // The entities given first: a relationship's target is a copy that may lack relationships
    // of its own.
    var all: [PostgresEntity] = []
    var seen = Set<String>()
    for entity in [root] + entities where seen.insert(entity.table).inserted {
      all.append(entity)
    }
    for entity in [root] + entities {
      for reached in entity.sharingGraph where seen.insert(reached.table).inserted {
        all.append(reached)
      }
    }
    indexed = RelationalEntities(all)
    schemaReady.withLock { $0 = all.allSatisfy(\.isExisting) }
  }

  /// Adds `store` as the store of its entity's table.
  func register(_ store: PostgresStore) {
    stores.withLock { $0[store.entity.table] = WeakStore(store: store) }
  }

  /// The store of `table`, while it lives.
  func store(for table: String) -> PostgresStore? {
    stores.withLock { $0[table]?.store }
  }

  /// Every store of the graph that lives.
  var all: [PostgresStore] {
    stores.withLock { $0.values.compactMap(\.store) }
  }

  /// The store of the root entity, while it lives.
  var root: PostgresStore? { entities.first.flatMap { store(for: $0.table) } }

  /// The entity of `table`, if the graph holds it.
  func entity(_ table: String) -> PostgresEntity? { indexed.entity(table) }

  /// Every to-one and many-to-many relationship in the graph that points at `table`, with the
  /// entity that has it.
  func references(to table: String) -> [(source: PostgresEntity, PostgresRelationship)] {
    indexed.relationships(pointingAt: table).map { ($0.source, $0.relationship) }
  }
}
