import Trellis

/// A store of a database view's rows, which the database computes: every write is refused.
package protocol ViewRowsStore: DataStore {}

extension ViewRowsStore {
  package func create() throws(StoreError) -> Value { throw viewRefusal }
  package func insert(_ item: Value, at index: Int?) throws(StoreError) { throw viewRefusal }
  package func update(_ item: Value, values: [String: Value]) throws(StoreError) {
    throw viewRefusal
  }
  package func delete(_ item: Value) throws(StoreError) { throw viewRefusal }
  package func move(_ item: Value, after: Value?) throws(StoreError) { throw viewRefusal }
  package func move(_ item: Value, before: Value) throws(StoreError) { throw viewRefusal }
  package var supportsMoving: Bool { false }

  private var viewRefusal: StoreError { .unsupported("a view's rows are computed: read-only") }
}
