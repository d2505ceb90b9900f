import Trellis

/// The store a source opened, and the definition its items are listed and edited through.
public enum ListSourceStore: Sendable {
  /// A store read at once (SQLite, a document).
  case store(any DataStore, DataDefinition)
  /// A store read a page at a time in the background (a web service).
  case asyncStore(any AsyncDataStore, DataDefinition)

  /// The definition of the items.
  public var definition: DataDefinition {
    switch self {
    case .store(_, let definition), .asyncStore(_, let definition): definition
    }
  }
}
