import Trellis

/// How a ``StoreAPI`` names items: by the store's own keys (an SQLite row's primary key), or by
/// a property of the items that holds an integer.
enum StoreAPIIdentity: Sendable {
  /// The store's keys; the store assigns them when it inserts.
  case storeKeys(any KeyedStore)
  /// The integer in this property; the API assigns the next one when it creates an item.
  case property(String)

  /// The property that holds the id, when it is one: served as `id`, never as itself.
  var propertyName: String? {
    if case .property(let name) = self { name } else { nil }
  }

  /// The key path that sorts by id.
  var sortKeyPath: String {
    switch self {
    case .storeKeys(let store): store.keyPath
    case .property(let name): name
    }
  }

  /// The id of `item`, read through `definition`; `nil` when it has none.
  func id(of item: Value, definition: DataDefinition) -> Int? {
    switch self {
    case .storeKeys(let store): store.key(of: item)
    case .property(let name): definition.reader(for: item).value(name)?.intValue
    }
  }

  /// The item with id `id`, read afresh; `nil` when there is none.
  func item(withID id: Int, in store: any DataStore) throws(StoreError) -> Value? {
    switch self {
    case .storeKeys(let keyed):
      return try keyed.item(forKey: id)
    case .property(let name):
      // A predicate runs in the store's own query language (SQL); a name it cannot parse is
      // compared in memory.
      let filter: ItemFilter
      if let predicate = try? Predicate("\(name) == $id") {
        filter = ItemFilter(predicate, variables: ["id": .int(id)])
      } else {
        filter = ItemFilter("\(name) == \(id)") { $0.value(name)?.intValue == id }
      }
      return try store.fetch(FetchOptions(filter: filter, batchSize: 1)).first
    }
  }

  /// The id a new item gets: one more than the largest so far; `nil` when the store assigns
  /// it.
  func nextID(in store: any DataStore, definition: DataDefinition) throws(StoreError) -> Int? {
    guard case .property(let name) = self else { return nil }
    let last = try store.fetch(
      FetchOptions(sort: [SortKey(name, ascending: false)], batchSize: 1)
    ).first
    let largest = last.flatMap { definition.reader(for: $0).value(name)?.intValue } ?? 0
    guard largest < Int.max else { throw .refused("Every id up to \(Int.max) is taken.") }
    return Swift.max(largest, 0) + 1
  }
}
