extension DataDefinition {
  /// A store that fits the definition: a ``MemoryStore`` of its objects, which makes new ones
  /// the definition's way (Sensible TableView's `generateCompatibleDataStore`).
  ///
  /// A class's, a dictionary's and a document's definitions keep their objects in memory;
  /// other kinds of definition give their own stores (a web service's, an SQLite entity's,
  /// user defaults').
  ///
  /// - Parameter items: what the store starts with; empty by default.
  public func generateCompatibleDataStore(items: [Value] = []) -> MemoryStore {
    MemoryStore(items: items, definition: self)
  }
}
