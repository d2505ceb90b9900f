import Trellis

extension RelationalEntity {
  /// The to-one or many-to-many relationship held in `name`.
  ///
  /// - Throws: ``StoreError/notFound(_:)`` when the entity has none of that name.
  package func reference(named name: String) throws(StoreError) -> SQLRelationship<Self> {
    guard let found = relationship(named: name), found.kind != .toMany else {
      throw .notFound("no to-one or many-to-many relationship '\(name)' in '\(table)'")
    }
    return found
  }

  /// The filter keeping the objects whose to-one `relationship` points at `target`, or whose
  /// many-to-many holds it: a category's tasks, a tag's tasks, read in batches in SQL.
  ///
  /// A to-one is compared by `toOneKeyPath` (its name, or its key column), `target` by what
  /// the store's queries compare it with (the object, or its key).
  package func filter(
    _ relationship: SQLRelationship<Self>, toOneKeyPath: String, pointingAt target: Value
  ) -> ItemFilter {
    // A many-to-many holds the target among its objects; a to-one points at it.
    let predicate =
      relationship.kind == .manyToMany
      ? Predicate.keyPath(relationship.name, equals: "target", anyElement: true)
      : Predicate.keyPath(toOneKeyPath, equals: "target")
    return ItemFilter(predicate, variables: ["target": target])
  }
}
