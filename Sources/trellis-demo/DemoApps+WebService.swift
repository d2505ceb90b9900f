import Foundation
import Trellis
import TrellisExamples
import TrellisWeb
import TrellisWebService

extension DemoApps {
  // MARK: Web service (seed 000's web-service tutorials)

  /// The keys the demo's own contacts API answers with.
  static let contactKeys = "Name:(firstName,lastName);Reach:(email,phone)"

  /// Contacts read from a REST API, seven at a time by its next-page link, as seed 000's
  /// search service is: by default the demo's own API over its Contacts table, over HTTP like
  /// any client; `service` points it at another API of the same shape (Django REST
  /// framework's pagination), whose objects have `keys`.
  static func webServiceApp(service: String?, keys: String?) -> WebApp {
    let shared = Locked<(WebServiceStore, DataDefinition)?>(nil)
    return WebApp(
      id: "service", title: "Web Service",
      subtitle: "Contacts over a REST API, 7 at a time; add, edit, delete"
    ) {
      let (store, definition) = try shared.withLock { made in
        if let made { return made }
        let store = try Self.serviceStore(address: service, keys: keys)
        guard var definition = store.itemsDefinition else {
          throw DemoSetupError("the web service has no definition of its objects")
        }
        definition.name = "Contact"
        if keys == nil { definition.titlePropertyNames = ["firstName", "lastName"] }
        if definition["email"] != nil { EmailAddress.check("email", of: &definition) }
        made = (store, definition)
        return (store, definition)
      }
      let section = ArrayOfObjectsSection(store: store, definition: definition)
      section.fetchOptions.batchSize = 7
      // Pages of a long list cost their contacts' identities; a row is drawn when shown.
      section.rendersRowsOnDemand = true
      section.placeholderText = "No contacts"
      section.addItemText = "New Contact"
      let model = TableModel(title: "Web Service")
      model.addSection(section)
      return Navigator(root: Screen(model: model, navigationBar: .editRight))
    }
  }

  /// The store of the API at `address` (the demo's own when `nil`).
  static func serviceStore(address: String?, keys: String?) throws -> WebServiceStore {
    guard let list = address ?? DemoAPI.contactsURL,
      let url = URLComponents(string: list), let scheme = url.scheme, let host = url.host
    else {
      // The demo's own API is served with the web apps only: the terminal has none.
      throw DemoSetupError(
        "the demo's own API runs only when the demo serves its apps; "
          + "start with --service URL to point it at a REST API")
    }
    let port = url.port.map { ":\($0)" } ?? ""
    let name = host.contains(":") ? "[\(host)]" : host
    let resource = String(url.path.drop { $0 == "/" })
    var definition = WebServiceDefinition.djangoREST(
      baseURL: "\(scheme)://\(name)\(port)/", resource: resource, keys: keys ?? contactKeys)
    definition.name = "Contact"
    definition.timeout = .seconds(15)
    // The demo's own API asks who reads it when people sign in.
    if address == nil { definition.bearerToken = DemoAPI.serviceToken }
    do { return try WebServiceStore(definition) } catch {
      throw DemoSetupError("--service: \(error.description)")
    }
  }
}

/// A problem with the demo's options, said in a sentence.
struct DemoSetupError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
