import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Trellis
import TrellisOpenAPI

/// An API root that publishes no OpenAPI document (Django REST framework's), served and
/// described with one command all the same: its lists asked about, and the answers read as
/// the document it would publish (``APIRootDescription``).
extension DescriptorFiles {
  /// Whether `path` is an address that ends in `/`, as an API's root does (`…/api/`), rather
  /// than in a file's name (a descriptor served from an address).
  static func isAPIRoot(_ path: String) -> Bool {
    guard webAddress(path) != nil, let parts = URLComponents(string: path) else { return false }
    return parts.path.isEmpty || parts.path.hasSuffix("/")
  }

  /// The OpenAPI document the API at `address` describes by its answers: its root's lists,
  /// each asked for its fields (`OPTIONS`), its first page, and what its first item takes;
  /// or the document itself, when the address answers with one. `nil`, with a diagnostic,
  /// when `address` answers with neither.
  mutating func apiRootDocument(_ address: String) -> Data? {
    guard let url = Self.webAddress(address), let body = fetch(address) else { return nil }
    // A root that answers with its document is read as any document.
    if OpenAPIDocumentReader.isOpenAPIDocument(body) { return body }
    guard let root = try? LocatedDocument(data: body, format: .json).root,
      let lists = APIRootDescription.lists(inRoot: root, at: url)
    else {
      diagnostics.append(
        Diagnostic(
          "not an API root: the address answers with no object of lists' addresses (as a "
            + "Django REST framework API root does) and no OpenAPI document; give the "
            + "document's address, or describe the API in a descriptor (see Any Data)",
          file: address))
      return nil
    }
    let described = lists.map { name, url in describe(name: name, url: url) }
    let port = url.port.map { ":\($0)" } ?? ""
    let title = url.host.map { $0 + port + (URLComponents(string: address)?.path ?? "") } ?? address
    return APIRootDescription.document(title: title, root: url, lists: described)
  }

  /// What one list of an API root says of itself.
  private func describe(name: String, url: URL) -> APIRootDescription.List {
    let options = try? Self.answer(url, method: .OPTIONS, timeout: timeout).get()
    let page = try? Self.answer(url, method: .GET, timeout: timeout).get()
    let pageValue = page.flatMap { try? LocatedDocument(data: $0.body, format: .json).root }
    var itemAllows: Set<String> = []
    let items = pageValue?.dictionaryValue?["results"]?.arrayValue ?? pageValue?.arrayValue
    if let id = items?.first?.dictionaryValue?["id"], id.intValue != nil || id.stringValue != nil,
      let itemURL = URL(string: id.displayText + "/", relativeTo: url)?.absoluteURL,
      itemURL.host == url.host, itemURL.path.hasPrefix(url.path)
    {
      itemAllows =
        (try? Self.answer(itemURL, method: .OPTIONS, timeout: timeout).get())?.allows
        ?? []
    }
    return APIRootDescription.List(
      name: name, url: url,
      options: options.flatMap { try? LocatedDocument(data: $0.body, format: .json).root },
      allows: options?.allows ?? page.map { _ in ["GET"] } ?? [], page: pageValue,
      itemAllows: itemAllows)
  }
}
