import Trellis

extension DataStore {
  /// Moves the item at `source` of the store's whole order to `destination`, as a list that
  /// shows that order asks: by the item, after the one it will follow. For tests that think
  /// in positions.
  package func move(at source: Int, to destination: Int) throws(StoreError) {
    let items = try fetch(FetchOptions())
    guard items.indices.contains(source), items.indices.contains(destination) else {
      throw .indexOutOfRange(Swift.max(source, destination), count: items.count)
    }
    var rest = items
    let item = rest.remove(at: source)
    try move(item, after: destination > 0 ? rest[destination - 1] : Optional.none)
  }
}

extension AsyncDataStore {
  /// Moves the item at `source` of the first page of the store's whole order to
  /// `destination`, by the item and the one it will follow. For tests that think in positions.
  package func move(at source: Int, to destination: Int) async throws(StoreError) {
    let items = try await fetchPage(FetchOptions(), from: nil).items
    guard items.indices.contains(source), items.indices.contains(destination) else {
      throw .indexOutOfRange(Swift.max(source, destination), count: items.count)
    }
    var rest = items
    let item = rest.remove(at: source)
    try await move(item, after: destination > 0 ? rest[destination - 1] : Optional.none)
  }
}

extension StoreChange {
  /// The change without its items: what kind it is, and whether it names a place.
  package var shape: String {
    switch self {
    case .inserted(_, let after): after == nil ? "inserted first" : "inserted after"
    case .updated: "updated"
    case .deleted: "deleted"
    case .moved(_, let after): after == nil ? "moved first" : "moved after"
    case .reset: "reset"
    }
  }
}
