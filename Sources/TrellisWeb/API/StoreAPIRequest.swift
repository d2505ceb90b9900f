import Foundation
import HTTPTypes
import Trellis

/// What a ``StoreAPI`` needs of a request, read on the server's side before the store's work:
/// plain values that cross to where the store's calls run.
struct StoreAPIRequest: Sendable {
  var method: HTTPRequest.Method
  /// The id segment of `/api/contacts/ID/`, as it came; `nil` for the collection.
  var id: String?
  var query: StoreAPIQuery
  /// The `Host` the links to other pages are made on.
  var host: String
  var contentType: String?
  var body: [UInt8]
  /// The person the request comes from and the policy they keep to; everything is allowed
  /// when `nil` (a server without sign-in).
  var access: Access? = nil

  /// The request's `Host` header when it is a plain `host[:port]`, else `localhost`: the
  /// links an answer carries never hold what a client smuggled into the header.
  static func host(_ authority: String?) -> String {
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._:[]")
    guard let authority, !authority.isEmpty, authority.count <= 300,
      authority.allSatisfy(allowed.contains)
    else { return "localhost" }
    return authority
  }

  /// Whether the body was declared JSON (`application/json`, any parameters, or a
  /// `+json` type).
  var isJSON: Bool {
    guard let contentType else { return false }
    let type = contentType.split(separator: ";", maxSplits: 1).first.map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    guard let type else { return false }
    return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
  }
}
