/// An async store whose objects point at objects of other entities in the same database (a
/// task's category, its tags), as ``RelationalStore`` is for stores that answer at once.
///
/// The store of the objects a relationship points at shares the objects: the same row is the
/// same object in both stores, so a selection compares them by identity.
public protocol AsyncRelationalStore: AsyncDataStore {
  /// The store of the objects the to-one or many-to-many relationship `name` points at.
  func relatedStore(for name: String) throws(StoreError) -> any AsyncDataStore
}
