import Trellis
import TrellisSQL

extension SQLiteStore {
  /// `definition` as the store's screens use it: each to-one an object selection over its
  /// target's store, and, when `inverses`, each to-one of another entity that points here and
  /// names its inverse a row listing the objects that point at this one (a category's tasks).
  func definitionForScreens(_ definition: DataDefinition, inverses: Bool) -> DataDefinition {
    var definition = definitionWithSelections(definition)
    guard inverses else { return definition }
    for (source, relationship) in shared.indexed.relationships(pointingAt: entity.table) {
      guard let inverse = relationship.inverse, definition[inverse] == nil else { continue }
      let sources = SQLiteStore(related: source, of: self)
      let name = relationship.name
      let items = sources.definitionForScreens(source.definition, inverses: false)
      let related = RelatedItems(store: sources, definition: items) { target in
        try? sources.filter(relationship: name, pointingAt: target)
      }
      definition.addInverseList(inverse, items: items, related: related)
    }
    return definition
  }

  /// `definition` with its to-one and many-to-many properties made object selections over
  /// their targets' stores, unless the app chose another row kind or store for them.
  private func definitionWithSelections(_ definition: DataDefinition) -> DataDefinition {
    var definition = definition
    for relationship in entity.references {
      // A many-to-many is a multiple selection: a task's tags.
      definition.makeObjectSelection(
        relationship.name, among: relationship.entity.definition,
        multiple: relationship.kind == .manyToMany
      ) { $0.itemsStore = SQLiteStore(related: relationship.entity, of: self) }
    }
    return definition
  }
}
