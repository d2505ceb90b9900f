import Trellis

extension WebServiceDefinition {
  /// A store that fits the definition: a ``WebServiceStore`` of the service's objects — a web
  /// service's answer to ``DataDefinition/generateCompatibleDataStore(items:)``.
  ///
  /// - Throws: the definition's problems, located (see ``WebServiceStore/init(_:transport:)``).
  public func generateCompatibleDataStore(
    transport: any HTTPTransport = AsyncHTTPTransport()
  ) throws(DiagnosticList) -> WebServiceStore {
    try WebServiceStore(self, transport: transport)
  }
}

extension ArrayOfObjectsSection {
  /// Creates a section over the objects of a web service, through the store its definition
  /// generates: pages load in the background, with loading and error rows meanwhile.
  ///
  /// - Throws: the definition's problems, located.
  public convenience init(
    id: String? = nil, header: String? = nil, footer: String? = nil,
    webService: WebServiceDefinition, transport: any HTTPTransport = AsyncHTTPTransport()
  ) throws(DiagnosticList) {
    let store = try webService.generateCompatibleDataStore(transport: transport)
    guard let items = store.itemsDefinition else {
      throw DiagnosticList([Diagnostic("the web service's definition has no keys to show")])
    }
    self.init(id: id, header: header, footer: footer, store: store, definition: items)
  }
}
