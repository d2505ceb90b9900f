/// Why a ``StoreAPI`` could not be made over a store.
public enum StoreAPIError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Neither the store nor the caller gave a definition of the items.
  case noDefinition
  /// The path is not one the API can be mounted at (`/api/contacts/`).
  case invalidPath(String)
  /// The page sizes are not at least 1, with the default no larger than the maximum.
  case invalidPageSize(Int, maximum: Int)
  /// The id key names no property of the definition.
  case unknownIDKey(String, suggestion: String?)
  /// The store has no stable keys of its own, and no id key was given.
  case noStableIDs(String)

  public var description: String {
    switch self {
    case .noDefinition:
      "the store has no definition of its items: pass one"
    case .invalidPath(let path):
      "'\(path)' is not an API path: give one like '/api/contacts/', of letters, digits, "
        + "'-', '_', '.' and '~' between slashes"
    case .invalidPageSize(let size, let maximum):
      "the page size \(size) must be at least 1 and at most the maximum, \(maximum)"
    case .unknownIDKey(let key, let suggestion):
      "the id key '\(key)' is not a property of the items"
        + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    case .noStableIDs(let store):
      "a \(store) has no stable ids of its own: pass idKey, the property that holds each "
        + "item's id"
    }
  }
}
