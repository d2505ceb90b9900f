import Foundation
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisOpenAPI
import TrellisTesting

extension FuzzCatalog {
  /// The OpenAPI fixtures (`Tests/Fixtures/AnyData/OpenAPI`) whose documents infer lists: all
  /// but the one that does not read and the Swagger 2.0 one, which are refused.
  static let openAPIFixtures = [
    "drf-contacts.json", "petstore-expanded.yaml", "types.yaml", "validation.yaml",
    "paging.yaml", "read-only.yaml", "security-apikey.yaml", "security-bearer.yaml",
    "no-server.yaml",
  ]

  /// The screens inferred from each OpenAPI fixture, over a service on loopback that answers
  /// as the document says (``OpenAPIFixtureService``), started over with its first objects
  /// for every run: the home screen, each resource's paged and searched list, its forms, their
  /// rules, and the API's refusals.
  package static func anyDataOpenAPI() -> [FuzzTarget] {
    openAPIFixtures.map { file in
      FuzzTarget("any-data/openapi/\(file)", settleTimeout: .seconds(1)) { _ in
        let document = try OpenAPIDocumentReader.read(
          try TestFixtures.data("AnyData/OpenAPI/\(file)"), file: file)
        func infer(_ baseURL: String) throws -> InferredDescriptors {
          try OpenAPIDescriptors.make(
            document, file: file, title: file, baseURL: baseURL, documentURL: nil,
            readOnly: false)
        }
        // The lists' settings say how the service answers; their address is the service's,
        // known once it listens.
        let lists = try infer("http://127.0.0.1/").tables.compactMap(webServiceSettings)
        let service = try OpenAPIFixtureService.shared(file, lists: lists)
        try service.restart()
        let (home, library, found) = try infer(service.baseURL).library()
        if let error = found.first(where: { $0.severity == .error }) { throw error }
        guard let home else { throw StoreError.notFound("no home screen") }
        return try library.makeNavigator(showing: home, root: DocumentObject([:]))
      }
    }
  }

  /// The `webService` settings of an inferred list's one section.
  private static func webServiceSettings(_ list: InferredDescriptors.Named) -> ValueDictionary? {
    list.document.dictionaryValue?["sections"]?.arrayValue?.first?.dictionaryValue?["source"]?
      .dictionaryValue?["webService"]?.dictionaryValue
  }
}
