import TrellisValues

/// Reads a predicate's key paths with the same traversal bindings use (``KeyPathSegments``),
/// plus the leniencies a filter needs.
///
/// - A nil along the path, or an array index past the end, reads as nil.
/// - A key missing from a dictionary (or a JSON or plist document) reads as nil: documents
///   have no schema, and an absent entry is data, not a typo.
/// - A key unknown to an object with properties is an error, with the closest property name.
/// - A key that is neither an index nor `@count`, applied to an array, is applied to each
///   element and gives the array of results (`steps.name`).
enum PredicateKeyPath {
  /// The value at `path` below `root`.
  static func read(_ path: String, from root: Value) throws(PredicateEvaluationError) -> Value {
    let keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    return try read(keys[...], from: root, path: path)
  }

  private static func read(_ keys: ArraySlice<String>, from root: Value, path: String)
    throws(PredicateEvaluationError) -> Value
  {
    var current = root
    var walked: [String] = []
    var rest = keys
    while let key = rest.first {
      if case .object(let reference) = current, let document = reference.object as? DocumentObject {
        current = document.root
      }
      if case .array(let elements) = current, key != "@count", Int(key) == nil {
        var results: [Value] = []
        results.reserveCapacity(elements.count)
        for element in elements { results.append(try read(rest, from: element, path: path)) }
        return .array(results)
      }
      do {
        current = try KeyPathSegments.child(key, of: current, walked: walked, path: path)
      } catch {
        switch error {
        case .nilAlongPath, .indexOutOfRange: return .null
        case .unknownKey where current.dictionaryValue != nil: return .null
        default: throw .keyPath(error, suggestion: suggestion(for: key, in: current))
        }
      }
      walked.append(key)
      rest = rest.dropFirst()
    }
    return current
  }

  /// The property of `value` closest to the misspelt `key`, if any.
  private static func suggestion(for key: String, in value: Value) -> String? {
    guard case .object(let reference) = value, let object = reference.object as? KeyValueCoding
    else { return nil }
    return NameSuggestion.closest(to: key, among: object.propertyNames)
  }
}
