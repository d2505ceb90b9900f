import Trellis

extension SQLiteStore {
  /// `definition` with its to-one properties made object selections over their targets'
  /// stores, unless the app chose another row kind or store for them.
  func definitionWithSelections(_ definition: DataDefinition) -> DataDefinition {
    var definition = definition
    for relationship in entity.toOneRelationships {
      guard var property = definition[relationship.name] else { continue }
      guard property.type == nil || property.type == .objectSelection else { continue }
      property.type = .objectSelection
      if property.attributes.itemsStore == nil {
        property.attributes.itemsStore = SQLiteStore(related: relationship.entity, of: self)
      }
      if property.attributes.nestedDefinition == nil {
        property.attributes.nestedDefinition = relationship.entity.definition
      }
      property.attributes.allowsNoSelection = true
      definition[relationship.name] = property
    }
    return definition
  }
}
