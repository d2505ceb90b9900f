import Foundation
import OpenAPIKit
import Trellis
import TrellisDescriptors
import TrellisListSources

/// The canonical descriptors of the screens inferred from an OpenAPI document: a home screen
/// listing its resources, and a list per resource over a `webService` source whose settings
/// (paths, paging, value kinds, rules, credential) come from the document.
///
/// They are data, like ``InferredDescriptors`` of a database, so `trellis describe` prints
/// what `trellis serve spec.yaml` shows, and serving the printed files shows it again.
package enum OpenAPIDescriptors {
  /// How many objects a list asks for at first, and how many more each "Load more" brings.
  package static let batchSize = 20
  /// How often, in seconds, a list over a resource reads the service again for others'
  /// changes (a source's `pollInterval`).
  package static let pollSeconds = 3

  /// Why the document's references do not resolve, naming the reference.
  static func unresolved(_ error: any Error) -> String {
    if let cycle = error as? OpenAPI.Components.ReferenceCycleError {
      return "the schema \(cycle.ref) refers to itself, directly or through other schemas (a "
        + "tree, say): Trellis cannot show it yet; leave that property out of the schema"
    }
    if let missing = error as? OpenAPI.Components.ReferenceError,
      case .missingOnLookup(let name, let key) = missing
    {
      return "a reference names '\(name)', which is not one of the document's \(key)"
    }
    return "a reference in the OpenAPI document does not resolve: \(OpenAPI.Error(from: error))"
  }

  /// The descriptors of `document`.
  ///
  /// - Parameters:
  ///   - baseURL: the address the paths are relative to: `--base-url`, else the document's
  ///     first server (relative to `documentURL`, for a document fetched from one).
  ///   - title: the home screen's title (the file's name).
  ///   - readOnly: whether every list and form only shows.
  /// - Throws: an error naming the file when the document has no server address to use.
  package static func make(
    _ document: OpenAPI.Document, file: String, title: String, baseURL: String?,
    documentURL: URL?, readOnly: Bool
  ) throws(DiagnosticList) -> InferredDescriptors {
    if let problem = OpenAPIReferenceChain.problem(in: document) {
      throw DiagnosticList([Diagnostic(problem, file: file)])
    }
    let routes: OpenAPIRoutes
    do { routes = try OpenAPIRoutes(document) } catch {
      throw DiagnosticList([Diagnostic(Self.unresolved(error), file: file)])
    }
    guard let base = baseURL.map(Self.withSlash) ?? server(of: document, documentURL: documentURL)
    else {
      throw DiagnosticList([
        Diagnostic(
          "the OpenAPI document names no server address (an absolute 'servers' URL); give one "
            + "with --base-url", file: file)
      ])
    }
    let credential = OpenAPICredential.required(by: routes)
    let resources = OpenAPIResource.resources(in: routes)
    var used: Set<String> = []
    var screens: [String: String] = [:]
    var lists: [InferredDescriptors.Named] = []
    for resource in resources where resource.canList && !resource.fields.isEmpty {
      var name = InferredDescriptors.screenName(resource.name)
      while !used.insert(name).inserted { name += "_" }
      screens[resource.collectionPath] = name
      lists.append(
        .init(
          name: name,
          document: list(resource, baseURL: base, credential: credential, readOnly: readOnly)))
    }
    let home = InferredDescriptors.Named(
      name: InferredDescriptors.homeName(title, besides: used),
      document: self.home(
        document, resources: resources, screens: screens, title: title, credential: credential,
        readOnly: readOnly))
    return InferredDescriptors(home: home, tables: lists)
  }

  /// `http://host/api` → `http://host/api/`: the paths are joined to it.
  static func withSlash(_ address: String) -> String {
    address.hasSuffix("/") ? address : address + "/"
  }

  /// The first server's address with its variables' defaults, made absolute against the
  /// document's own address; `nil` when there is none, or only a relative one for a file.
  static func server(of document: OpenAPI.Document, documentURL: URL?) -> String? {
    guard let server = document.servers.first else {
      // No servers: the document's own origin, as OpenAPI says.
      guard let documentURL, let scheme = documentURL.scheme, let host = documentURL.host
      else { return nil }
      let port = documentURL.port.map { ":\($0)" } ?? ""
      return "\(scheme)://\(host)\(port)/"
    }
    var address = server.urlTemplate.rawValue
    for (name, variable) in server.variables {
      address = address.replacingOccurrences(of: "{\(name)}", with: variable.default)
    }
    if address.hasPrefix("http://") || address.hasPrefix("https://") {
      return withSlash(address)
    }
    guard let documentURL, let resolved = URL(string: address, relativeTo: documentURL),
      resolved.scheme == "http" || resolved.scheme == "https"
    else { return nil }
    return withSlash(resolved.absoluteString)
  }

  /// `/api/contacts/` relative to a base URL: without its leading slash.
  static func relative(_ path: String) -> String {
    String(path.drop { $0 == "/" })
  }
}
