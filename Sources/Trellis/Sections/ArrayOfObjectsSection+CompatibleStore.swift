extension ArrayOfObjectsSection {
  /// Creates a section over a new, empty store that fits `definition`
  /// (``DataDefinition/generateCompatibleDataStore(items:)``), which Add fills.
  public convenience init(
    id: String? = nil, header: String? = nil, footer: String? = nil, definition: DataDefinition
  ) {
    self.init(
      id: id, header: header, footer: footer, store: definition.generateCompatibleDataStore(),
      definition: definition)
  }
}
