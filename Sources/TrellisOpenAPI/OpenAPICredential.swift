import OpenAPIKit
import Trellis

/// How an API's requests carry a secret, from the document's security schemes: a bearer
/// token, or an API key in a header or the query. The secret itself is never in a descriptor:
/// a `credential` setting names the environment variable it is read from.
package struct OpenAPICredential: Hashable, Sendable {
  /// The environment variable holding the token or key.
  package static let variable = "TRELLIS_TOKEN"

  /// Where the secret goes.
  package enum Placement: Hashable, Sendable {
    case bearer
    case header(String)
    case query(String)
  }

  package var placement: Placement
  /// The scheme's name in the document, for the home screen's note.
  package var schemeName: String

  /// The `credential` setting of a `webService` source.
  package var setting: Value {
    var entries: ValueDictionary = ["variable": .string(Self.variable)]
    switch placement {
    case .bearer: entries["scheme"] = "bearer"
    case .header(let name): entries["header"] = .string(name)
    case .query(let name): entries["query"] = .string(name)
    }
    return .dictionary(entries)
  }

  /// The first scheme the document's operations (or the document) require that is a bearer
  /// token or an API key; OAuth 2 and OpenID Connect tokens are sent as bearer tokens.
  package static func required(by routes: OpenAPIRoutes) -> OpenAPICredential? {
    let requirements = routes.security + routes.operationSecurity
    for requirement in requirements {
      for (name, scoped) in requirement.schemes.sorted(by: { $0.key < $1.key }) {
        switch scoped.securityScheme.type {
        case .http(let scheme, _) where scheme.lowercased() == "bearer":
          return OpenAPICredential(placement: .bearer, schemeName: name)
        case .apiKey(let key, .header):
          return OpenAPICredential(placement: .header(key), schemeName: name)
        case .apiKey(let key, .query):
          return OpenAPICredential(placement: .query(key), schemeName: name)
        case .oauth2, .openIdConnect:
          return OpenAPICredential(placement: .bearer, schemeName: name)
        default: continue
        }
      }
    }
    return nil
  }
}
