import Foundation
import Trellis

extension WebServiceDefinition {
  /// The kind of `key`'s values: as ``valueKinds`` says, else as its conversion makes them,
  /// else text that may be empty.
  public func valueKind(of key: String) -> ValueKind {
    declaredValueKind(of: key) ?? .optional(.string)
  }

  /// The kind of `key`'s values as ``valueKinds`` or its conversion says; `nil` when neither
  /// does, and the values are what the service sends (a number stays a number).
  func declaredValueKind(of key: String) -> ValueKind? {
    if let kind = valueKinds[key] { return kind }
    switch conversions[key] {
    case .iso8601Date?, .iso8601Day?, .unixDate?: return .optional(.date)
    case .bool?: return .bool
    case .numericText?: return .optional(.double)
    case .text?: return .optional(.string)
    case nil: return nil
    }
  }

  /// The definition's problems, each naming its key and saying what to do: an address that
  /// does not parse, a keys string that does not, an identity key the keys cannot hold.
  public func check() throws(DiagnosticList) {
    var problems: [Diagnostic] = []
    func problem(_ key: String, _ message: String) {
      problems.append(Diagnostic("\(key): \(message)"))
    }
    if let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    {
      // An absolute http(s) address.
    } else {
      problem("baseURL", "'\(baseURL)' is not an http or https address (say http://host:port/)")
    }
    if fetchObjectsAPI.hasPrefix("http://") || fetchObjectsAPI.hasPrefix("https://") {
      problem("fetchObjectsAPI", "is a path relative to baseURL, not an address")
    }
    do { _ = try PropertyNamesString.parse(resultsDictionaryKeyNamesString) } catch {
      for diagnostic in error.diagnostics {
        problems.append(
          Diagnostic("resultsDictionaryKeyNamesString: \(diagnostic.message)"))
      }
    }
    if resultsDictionaryKeyNamesString.trimmingCharacters(in: .whitespaces).isEmpty {
      problem("resultsDictionaryKeyNamesString", "names no key: list the keys to show")
    }
    if let size = batchSizeParameterName, size.isEmpty {
      problem("batchSizeParameterName", "is empty; leave it nil when the API has none")
    }
    if idKeyName.isEmpty { problem("idKeyName", "is empty: name the key of an object's id") }
    for (name, endpoint) in [
      ("createObject", createObject), ("updateObject", updateObject),
      ("deleteObject", deleteObject),
    ] {
      guard let endpoint else { continue }
      let methods = ["POST", "PUT", "PATCH", "DELETE"]
      if !methods.contains(endpoint.method.uppercased()) {
        let suggestion = NameSuggestion.closest(to: endpoint.method, among: methods)
        problem(
          name,
          "'\(endpoint.method)' is not a method a write uses"
            + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""))
      }
      if name != "createObject", !endpoint.path.contains("{id}") {
        problem(name, "its path '\(endpoint.path)' has no {id} to name the object")
      }
    }
    if retry.attempts < 1 { problem("retry", "tries at least once: attempts must be 1 or more") }
    if !problems.isEmpty { throw DiagnosticList(problems) }
  }
}
