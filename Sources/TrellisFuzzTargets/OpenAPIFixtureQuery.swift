import Foundation

/// The query of a request to an OpenAPI fixture's service: its parameters decoded as a form
/// decodes them, in order.
struct OpenAPIFixtureQuery: Sendable {
  /// The parameters, decoded, in order.
  let parameters: [(name: String, value: String)]

  /// Reads `query` (the part after `?`, without it).
  init(_ query: String?) {
    parameters = (query ?? "").split(separator: "&").map { part in
      let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return (Self.decode(pieces[0]), pieces.count > 1 ? Self.decode(pieces[1]) : "")
    }
  }

  /// The last value of `name`.
  func value(_ name: String) -> String? {
    parameters.last { $0.name == name }?.value
  }

  /// The last value of `name` as a whole number, kept within a million either way so that
  /// arithmetic on it cannot overflow; `nil` when it is not one.
  func int(_ name: String) -> Int? {
    value(name).flatMap { Int($0) }.map { min(max($0, -1_000_000), 1_000_000) }
  }

  /// The query with `name` set to `value` (added when it was not there), encoded.
  func replacing(_ name: String, with value: String) -> String {
    (parameters.filter { $0.name != name } + [(name, value)])
      .map { Self.encode($0.name) + "=" + Self.encode($0.value) }
      .joined(separator: "&")
  }

  /// The query to the Store API for every object matching the request's search.
  func storeQuery(search parameter: String?, pageSize: Int) -> String {
    var query = "page=1&page_size=\(pageSize)"
    if let parameter, let text = value(parameter), !text.isEmpty {
      query += "&search=" + Self.encode(text)
    }
    return query
  }

  private static func decode(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }

  private static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
