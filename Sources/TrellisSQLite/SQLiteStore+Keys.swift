import GRDB
import Trellis

/// Rows named by their primary key, for services that name items from outside (a REST API).
extension SQLiteStore: KeyedStore {
  package var keyPath: String { entity.primaryKey }

  package func key(of item: Value) -> Int? {
    guard case .object(let ref) = item else { return nil }
    return key(of: ref.identity, in: entity).map { Int($0) }
  }

  package func item(forKey key: Int) throws(StoreError) -> Value? {
    let records = try self.records(of: entity, keys: [Int64(key)])
    guard let record = records.first else { return nil }
    try preloadReferences(of: [record], entity: entity)
    return .object(ObjectReference(try materialize(record, of: entity)))
  }

  /// Reads the row of `item` again, writing what changed into its fault or object, as a list
  /// reading it would; false when the row is gone (another program deleted it).
  public func refresh(_ item: Value) throws(StoreError) -> Bool {
    guard let key = key(of: item) else { return false }
    return try self.item(forKey: key) != nil
  }
}
