extension MemoryStore {
  /// Updates a document item (a ``DocumentObject``) all or nothing, then reports the change:
  /// what the stores over documents and user defaults do for ``DataStore/update(_:values:)``.
  package func updateDocument(_ item: Value, values: [String: Value]) throws(StoreError) {
    guard let document = item.objectValue as? DocumentObject, allItems.contains(item) else {
      throw .notFound(item.displayText)
    }
    do { try document.setValues(values) } catch {
      throw .invalidItem(error.description)
    }
    try update(item, values: [:])
  }
}
