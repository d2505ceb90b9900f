import TrellisDescriptors

extension DescriptorLibrary {
  /// Registers the resolvers of SQLite, PostgreSQL and web-service sources, beside the document one every
  /// library has: descriptors bound with this library can list any kind of source.
  ///
  /// ```swift
  /// var library = DescriptorLibrary()
  /// library.registerStoreSources()
  /// let navigator = try library.makeNavigator(showing: descriptor, root: DocumentObject([:]))
  /// ```
  public mutating func registerStoreSources() {
    sources[.sqlite] = ListSourceResolvers.sqlite
    sources[.webService] = ListSourceResolvers.webService
    sources[.postgres] = ListSourceResolvers.postgres
  }
}
