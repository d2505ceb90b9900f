extension DataDefinition {
  /// This definition, with each new object it makes passed to `prepare` before anyone sees
  /// it: a key the database does not make, filled with a new UUID, say.
  package func preparingNewObjects(_ prepare: @escaping @Sendable (AnyObject) -> Void)
    -> DataDefinition
  {
    guard let factory else { return self }
    var prepared = self
    prepared.factory = {
      let object = factory()
      prepare(object)
      return object
    }
    return prepared
  }
}
