import Trellis

/// How a relational store shows its relationships in the screens it generates: the part every
/// such store shares, whatever its database.
extension DataDefinition {
  /// Makes the relationship property `name` an object selection among the objects of
  /// `target`'s entity, "none" allowed, several at once when `multiple` (a many-to-many), unless
  /// the app chose another row kind for it.
  ///
  /// `attachStore` gives the row the store it lists its choices from; it runs only when the app
  /// chose no store itself. Nothing changes when the definition has no property `name`.
  package mutating func makeObjectSelection(
    _ name: String, among target: DataDefinition, multiple: Bool,
    attachStore: (inout PropertyAttributes) -> Void
  ) {
    guard var property = self[name],
      property.type == nil || property.type == .objectSelection
    else { return }
    property.type = .objectSelection
    if property.attributes.itemsStore == nil && property.attributes.asyncItemsStore == nil {
      attachStore(&property.attributes)
    }
    if property.attributes.nestedDefinition == nil {
      property.attributes.nestedDefinition = target
    }
    property.attributes.allowsNoSelection = true
    property.attributes.allowsMultipleSelection = multiple
    self[name] = property
  }

  /// Adds the row `name` listing the objects that point at this one through their to-one
  /// (a category's tasks), each shown with `items`, unless the definition already has a
  /// property `name` (the app's own wins).
  package mutating func addInverseList(
    _ name: String, items: DataDefinition, related: RelatedItems
  ) {
    guard self[name] == nil else { return }
    var property = PropertyDefinition(name: name, type: .arrayOfObjects, isCustom: true)
    property.attributes.nestedDefinition = items
    property.attributes.relatedItems = related
    addProperty(property)
  }
}
