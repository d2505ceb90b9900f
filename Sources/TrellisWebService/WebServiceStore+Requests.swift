import Foundation
import Trellis

extension WebServiceStore {
  /// Why a request failed, and whether trying again may help.
  struct RequestFailure: Error {
    var error: StoreError
    /// No answer came, or the server failed (5xx): a read may be tried again.
    var isTransient: Bool
  }

  /// `error` of a request to the list's own address (a page, a new object): a 404 there says
  /// the address is wrong (a base URL or a list's path), not that someone deleted an object.
  static func listAddressError(_ error: StoreError, url: String) -> StoreError {
    guard case .notFound = error else { return error }
    return .failed(
      "\(url) answered 404 Not Found: the service has no list at this address; check the "
        + "base URL and the list's path")
  }

  /// Sends one request and returns the answer's JSON (`null` for an empty answer).
  func request(_ method: String, _ url: String, body: [UInt8]?) async throws(StoreError) -> Value {
    do { return try await attempt(method, url, body: body) } catch { throw error.error }
  }

  /// Sends one request; a failure says whether it is worth trying again.
  func attempt(_ method: String, _ url: String, body: [UInt8]?) async throws(RequestFailure)
    -> Value
  {
    try await exchange(method, url, body: body).value
  }

  /// Sends one request with `extraHeaders`; the answer's JSON and its `ETag`. A 412 (the
  /// `If-Match` failed) is a ``StoreError/conflict(_:)`` without fields, which the caller
  /// names by reading the object again.
  func exchange(
    _ method: String, _ url: String, body: [UInt8]?, extraHeaders: [(String, String)] = []
  ) async throws(RequestFailure) -> (value: Value, etag: String?) {
    var headers = [("Accept", "application/json")] + extraHeaders
    if body != nil { headers.append(("Content-Type", "application/json")) }
    for (name, value) in definition.headers.sorted(by: { $0.key < $1.key }) {
      headers.append((name, value))
    }
    if let token = definition.bearerToken { headers.append(("Authorization", "Bearer \(token)")) }
    let outgoing = HTTPRequest(
      method: method, url: signed(url), headers: headers, body: body,
      timeout: definition.timeout)
    let answer: HTTPResponse
    do { answer = try await transport.send(outgoing) } catch {
      let transient = error != .cancelled
      let prefix = error == .cancelled ? "" : "could not reach \(url): "
      throw RequestFailure(error: .failed(prefix + error.description), isTransient: transient)
    }
    switch answer.status {
    case 200..<300:
      let etag = answer.headers["etag"]
      if answer.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
        return (.null, etag)
      }
      do { return (try WebServiceReply.json(answer.body, url: url), etag) } catch {
        throw RequestFailure(error: error, isTransient: false)
      }
    case 412:
      throw RequestFailure(error: .conflict([]), isTransient: false)
    case 404:
      throw RequestFailure(error: .notFound("\(method) \(url) answered 404"), isTransient: false)
    case 400, 409, 422:
      let refusal = WebServiceReply.refusal(
        answer.body, format: definition.errors, keys: keys, url: url)
      throw RequestFailure(error: refusal, isTransient: false)
    case 401, 403:
      let detail = WebServiceReply.detail(of: answer.body, url: url)
      throw RequestFailure(
        error: .refused("the service refused access (\(answer.status))\(detail)"),
        isTransient: false)
    default:
      let detail = WebServiceReply.detail(of: answer.body, url: url)
      throw RequestFailure(
        error: .failed("\(method) \(url) answered \(answer.status)\(detail)"),
        isTransient: answer.status >= 500)
    }
  }

  /// `url` with the definition's ``WebServiceDefinition/queryParameters`` added (those it
  /// does not give already), as it is sent; the address a message names stays without them.
  func signed(_ url: String) -> String {
    guard !definition.queryParameters.isEmpty, var components = URLComponents(string: url)
    else { return url }
    var items = components.queryItems ?? []
    for (name, value) in definition.queryParameters.sorted(by: { $0.key < $1.key })
    where !items.contains(where: { $0.name == name }) {
      items.append(URLQueryItem(name: name, value: value))
    }
    components.queryItems = items
    return components.string ?? url
  }
}
