import Testing
import Trellis
import TrellisWebService

/// A web service's definition generates the store that fits it, and a list made from the
/// definition alone reads through it.
@Suite("Web-service compatible stores")
struct WebServiceCompatibleStoreTests {
  @Test func theDefinitionGeneratesAWebServiceStore() throws {
    let service = WebServiceDefinition.djangoREST(
      baseURL: "http://127.0.0.1:9/", resource: "api/contacts/", keys: "name;email")
    let store = try service.generateCompatibleDataStore()
    #expect(store.itemsDefinition?.properties.map(\.name) == ["name", "email"])
    let section = try ArrayOfObjectsSection(webService: service)
    #expect(section.definition.properties.map(\.name) == ["name", "email"])
  }

  @Test func aBadDefinitionIsLocatedNotTrapped() {
    let service = WebServiceDefinition.djangoREST(
      baseURL: "ftp://example.com/", resource: "api/", keys: "name")
    #expect(throws: DiagnosticList.self) { try service.generateCompatibleDataStore() }
    #expect(throws: DiagnosticList.self) { try ArrayOfObjectsSection(webService: service) }
  }
}
