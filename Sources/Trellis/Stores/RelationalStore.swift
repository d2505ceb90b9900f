/// A store whose objects point at objects of other entities in the same database (a task's
/// category), as Core Data's to-one relationships do.
///
/// The store of the objects a to-one points at shares the objects: the same row is the same
/// object in both stores, so a selection row compares them by identity.
public protocol RelationalStore: DataStore {
  /// The store of the objects the to-one relationship `name` points at.
  func relatedStore(for name: String) throws(StoreError) -> any DataStore
}

/// What deleting an object does to the objects whose to-one points at it (Core Data's delete
/// rule of the inverse relationship: a category's `tasks`).
public enum RelationshipDeleteRule: String, Hashable, Sendable, CaseIterable {
  /// Their reference becomes none.
  case nullify
  /// They are deleted too (and what points at them, by their own rules).
  case cascade
  /// The delete is refused while any object points at it.
  case deny
  /// Nothing: their reference is left pointing at a row that is gone, and reads as none.
  case noAction
}
