/// Which side of a relationship holds what, as Core Data models it.
public enum RelationshipKind: String, Hashable, Sendable {
  /// An array of owned child objects in the child table, with a foreign key to the parent.
  case toMany
  /// A reference to another entity's object, by a foreign key in this entity's table.
  case toOne
  /// Any number of another entity's objects, each held by any number of this entity's
  /// objects, through a join table the store manages.
  case manyToMany
}

/// When a to-many relationship's children are read.
public enum RelationshipLoading: Hashable, Sendable {
  /// With their parent, in the same batch: the property always holds them.
  case withParent
  /// When the parent is opened for editing (a detail screen asks the store to prepare it):
  /// until then the property is a fault, empty, and a write of the parent leaves the children
  /// as they are. For parents with long lists of children.
  case whenOpened
}
