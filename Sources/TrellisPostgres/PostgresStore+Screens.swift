import Trellis

extension PostgresStore {
  /// The entity's definition as the store's screens use it: each to-one an object selection
  /// among its target store's objects (none allowed), each many-to-many a multiple selection,
  /// both loaded in batches, with new objects made in place, unless the app chose another row
  /// kind or store for them.
  public var itemsDefinition: DataDefinition? {
    var definition = entity.definition
    for relationship in entity.references {
      guard var property = definition[relationship.name],
        property.type == nil || property.type == .objectSelection,
        let store = try? store(for: relationship.entity.table)
      else { continue }
      property.type = .objectSelection
      if property.attributes.itemsStore == nil && property.attributes.asyncItemsStore == nil {
        property.attributes.asyncItemsStore = store
      }
      if property.attributes.nestedDefinition == nil {
        property.attributes.nestedDefinition = relationship.entity.definition
      }
      property.attributes.allowsNoSelection = true
      property.attributes.allowsMultipleSelection = relationship.kind == .manyToMany
      definition[relationship.name] = property
    }
    return definition
  }
}
