/// A store that knows each of its items by a stable integer key (an SQLite row's primary key),
/// so that a service can name an item from outside: a REST API's `/api/contacts/12/`.
///
/// Cross-module machinery: the stores of this package conform; app authors give other stores a
/// property that holds the key instead.
package protocol KeyedStore: DataStore {
  /// The key path that sorts items by key, for ``SortKey``.
  var keyPath: String { get }
  /// The key of `item`, when the store holds it.
  func key(of item: Value) -> Int?
  /// The item whose key is `key`, read afresh; `nil` when there is none.
  func item(forKey key: Int) throws(StoreError) -> Value?
}
