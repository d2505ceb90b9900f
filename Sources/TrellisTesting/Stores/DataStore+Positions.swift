import Trellis

/// What a move by positions in a store's whole order names: the item, and the item it will
/// follow (`nil` for the first place), as a list that shows that order asks for it.
private func placement(movingAt source: Int, to destination: Int, in items: [Value])
  throws(StoreError) -> (item: Value, after: Value?)
{
  guard items.indices.contains(source), items.indices.contains(destination) else {
    throw .indexOutOfRange(Swift.max(source, destination), count: items.count)
  }
  var rest = items
  let item = rest.remove(at: source)
  // (`Value` takes a `nil` literal as its null value: the start is spelled out.)
  return (item, destination > 0 ? rest[destination - 1] : Optional.none)
}

extension DataStore {
  /// Moves the item at `source` of the store's whole order to `destination`, by the item and
  /// the one it will follow. For tests that think in positions.
  package func move(at source: Int, to destination: Int) throws(StoreError) {
    let (item, after) = try placement(
      movingAt: source, to: destination, in: try fetch(FetchOptions()))
    try move(item, after: after)
  }
}

extension AsyncDataStore {
  /// Moves the item at `source` of the first page of the store's whole order to
  /// `destination`, by the item and the one it will follow. For tests that think in positions.
  package func move(at source: Int, to destination: Int) async throws(StoreError) {
    let (item, after) = try placement(
      movingAt: source, to: destination,
      in: try await fetchPage(FetchOptions(), from: nil).items)
    try await move(item, after: after)
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
