import Foundation
import HTTPTypes
import Hummingbird
import Trellis

/// An answer of a ``StoreAPI``: a status and a JSON body of plain values (no objects), made
/// where the store is read and written, and encoded beside it.
///
/// It is also thrown, by a step that cannot go on (a body that is not JSON, an id that names
/// nothing), so that the answer is the error's.
struct StoreAPIResponse: Error, Sendable {
  var status: HTTPResponse.Status
  /// The body; none for 204.
  var body: Value?
  /// The methods the resource allows, for 405.
  var allow: String?

  init(_ status: HTTPResponse.Status, _ body: Value?, allow: String? = nil) {
    self.status = status
    self.body = body
    self.allow = allow
  }

  /// `{"detail": message}`, as Django REST framework answers errors that belong to no field.
  static func detail(_ status: HTTPResponse.Status, _ message: String) -> StoreAPIResponse {
    StoreAPIResponse(status, .dictionary(["detail": .string(message)]))
  }

  /// 404 `{"detail": "Not found."}`.
  static let notFound = detail(.notFound, "Not found.")

  /// 400 `{"field": ["message", ...], ...}`; messages that belong to no field go under
  /// `non_field_errors`.
  static func fieldErrors(_ messages: [(field: String, message: String)]) -> StoreAPIResponse {
    var body = ValueDictionary()
    for (field, message) in messages {
      let key = field.isEmpty ? "non_field_errors" : field
      body[key] = .array((body[key]?.arrayValue ?? []) + [.string(message)])
    }
    return StoreAPIResponse(.badRequest, .dictionary(body))
  }

  /// The answer for a store's refusal or failure. `deleting` says a delete was refused (409),
  /// rather than a write of values (400).
  static func storeError(_ error: StoreError, deleting: Bool = false) -> StoreAPIResponse {
    switch error {
    case .notFound: notFound
    case .refusedValue(let property, let message): fieldErrors([(property, message)])
    case .refusedValues(let messages):
      fieldErrors(messages.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    case .refused(let message):
      deleting ? detail(.conflict, message) : fieldErrors([("", message)])
    case .invalidItem(let message): fieldErrors([("", message)])
    case .unsupported(let message): detail(.badRequest, "Not supported: \(message).")
    case .conflict: detail(.conflict, error.description)
    case .indexOutOfRange, .failed: detail(.internalServerError, error.message())
    }
  }

  /// The HTTP response: JSON, never sniffed as anything else.
  func response() -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    headers[.xContentTypeOptions] = "nosniff"
    headers[.cacheControl] = "no-store"
    if let allow { headers[.allow] = allow }
    guard let body else { return Response(status: status, headers: headers) }
    let bytes: Data
    do { bytes = try DocumentWriter.data(for: body, format: .json) } catch {
      // Values are made plain before they get here; should one slip through, the answer
      // says so rather than failing the connection.
      var text: [UInt8] = Array("{\"detail\": ".utf8)
      JSONString.append("The server could not write its answer: \(error.message)", to: &text)
      text.append(contentsOf: Array("}\n".utf8))
      return Response(
        status: .internalServerError, headers: headers,
        body: .init(byteBuffer: ByteBuffer(bytes: text)))
    }
    return Response(
      status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
  }
}
