import Trellis

/// An async store of a database view's rows, read a page at a time where they live: every
/// write is refused, as ``ViewRowsStore``'s are.
package protocol AsyncViewRowsStore: AsyncDataStore {}

extension AsyncViewRowsStore {
  package func create() throws(StoreError) -> Value { throw viewRefusal }
  package func insert(_ item: Value, at index: Int?) async throws(StoreError) {
    throw viewRefusal
  }
  package func prepareInsert(_ item: Value, at index: Int?) throws(StoreError)
    -> PreparedStoreWrite
  { throw viewRefusal }
  package func update(_ item: Value, values: [String: Value]) async throws(StoreError) {
    throw viewRefusal
  }
  package func prepareUpdate(_ item: Value, values: [String: Value]) throws(StoreError)
    -> PreparedStoreWrite
  { throw viewRefusal }
  package func prepareUpdate(
    _ item: Value, values: [String: Value], expecting: [String: Value]
  ) throws(StoreError) -> PreparedStoreWrite { throw viewRefusal }
  package func delete(_ item: Value) async throws(StoreError) { throw viewRefusal }
  package func move(_ item: Value, after: Value?) async throws(StoreError) { throw viewRefusal }
  package func move(_ item: Value, before: Value) async throws(StoreError) {
    throw viewRefusal
  }

  private var viewRefusal: StoreError { .unsupported("a view's rows are computed: read-only") }
}
