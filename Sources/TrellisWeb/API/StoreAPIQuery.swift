import Foundation

/// The query string of a request to a ``StoreAPI``: its parameters decoded as a form decodes
/// them (`+` is a space, `%41` is `A`), and kept as they came, for the links to other pages.
struct StoreAPIQuery: Sendable {
  /// One `name=value` of the query, decoded, with its text as it came.
  struct Parameter: Sendable {
    var name: String
    var value: String
    var raw: Substring
  }

  /// The parameters, in order.
  var parameters: [Parameter] = []

  /// Reads `query` (the part after `?`, without it).
  init(_ query: String?) {
    guard let query, !query.isEmpty else { return }
    for part in query.split(separator: "&", omittingEmptySubsequences: true) {
      let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      parameters.append(
        Parameter(
          name: Self.decode(pieces[0]), value: pieces.count > 1 ? Self.decode(pieces[1]) : "",
          raw: part))
    }
  }

  /// The value of the last parameter called `name` (as Django's `QueryDict.get` reads it).
  func value(_ name: String) -> String? {
    parameters.last { $0.name == name }?.value
  }

  /// The query with `name` set to `value` where it first was (at the end when it was not),
  /// every other parameter as it came; without `name` when `value` is `nil`.
  func replacing(_ name: String, with value: String?) -> String {
    var parts: [String] = []
    var placed = false
    let encoded = value.map { "\(Self.encode(name))=\(Self.encode($0))" }
    for parameter in parameters {
      guard parameter.name == name else {
        parts.append(String(parameter.raw))
        continue
      }
      if !placed, let encoded { parts.append(encoded) }
      placed = true
    }
    if !placed, let encoded { parts.append(encoded) }
    return parts.joined(separator: "&")
  }

  /// Form decoding; text that is not valid percent-encoding is kept as it is.
  static func decode(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }

  /// Percent-encodes everything but unreserved characters.
  static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
