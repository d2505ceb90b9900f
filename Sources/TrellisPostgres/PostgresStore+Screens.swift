import Trellis
import TrellisSQL

extension PostgresStore {
  /// The entity's definition as the store's screens use it: each to-one an object selection
  /// among its target store's objects (none allowed), each many-to-many a multiple selection,
  /// both loaded in batches, with new objects made in place, unless the app chose another row
  /// kind or store for them; and each to-one or many-to-many of another entity that points here
  /// and names its inverse, a row listing the objects that point at this one (a category's
  /// tasks, a tag's tasks).
  public var itemsDefinition: DataDefinition? {
    var definition = definitionWithSelections()
    for (source, relationship) in graph.references(to: entity.table) {
      guard let inverse = relationship.inverse, definition[inverse] == nil,
        let sources = try? store(for: source.table)
      else { continue }
      let items = sources.definitionWithSelections()
      let name = relationship.name
      let related = RelatedItems(asyncStore: sources, definition: items) { target in
        (try? sources.filter(relationship: name, pointingAt: target)) ?? nil
      }
      definition.addInverseList(inverse, items: items, related: related)
    }
    return definition
  }

  /// The filter keeping the objects whose to-one `relationship` points at `target`, or whose
  /// many-to-many holds it, an object of its target's store; `nil` for an object no store
  /// holds yet.
  public func filter(relationship: String, pointingAt target: Value) throws(StoreError)
    -> ItemFilter?
  {
    let found = try entity.reference(named: relationship)
    guard case .object(let ref) = target,
      let key = try store(for: found.entity.table).key(of: ref.identity)
    else { return nil }
    // A to-one's key is a column; a many-to-many's pairs are in its join table, asked in SQL.
    return entity.filter(found, toOneKeyPath: found.foreignKey, pointingAt: .int(Int(key)))
  }

  /// The entity's definition with its to-one and many-to-many properties made object
  /// selections over their targets' stores.
  func definitionWithSelections() -> DataDefinition {
    var definition = entity.definition
    for relationship in entity.references {
      guard let store = try? store(for: relationship.entity.table) else { continue }
      definition.makeObjectSelection(
        relationship.name, among: relationship.entity.definition,
        multiple: relationship.kind == .manyToMany
      ) { $0.asyncItemsStore = store }
    }
    return definition
  }
}
