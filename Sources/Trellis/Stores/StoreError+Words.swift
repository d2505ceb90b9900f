/// What a person reads about a store's error.
extension StoreError {
  /// The error in plain words, never a store's internals (a type's description, a position
  /// in the store), which ``description`` keeps for the log. `item` names the kind of item
  /// the person worked on ("task"), for the errors about one.
  ///
  /// A store's own messages (``failed(_:)``, ``refused(_:)`` and the like) are words already:
  /// a store that fails for a reason of its own (an SQL error) says what failed in words and
  /// logs the rest.
  public func message(item: String = "item") -> String {
    switch self {
    case .notFound: "Someone deleted this \(item)."
    case .indexOutOfRange: "The list changed meanwhile: try again."
    default: description
    }
  }
}
