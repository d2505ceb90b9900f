import Trellis

extension SQLiteEntity {
  /// A store that fits the entity: its table in the SQLite file at `path` (created or
  /// migrated), or in memory when `path` is `nil` — an entity's answer to
  /// ``DataDefinition/generateCompatibleDataStore(items:)``.
  public func generateCompatibleDataStore(path: String? = nil) throws(StoreError) -> SQLiteStore {
    guard let path else { return try SQLiteStore.inMemory(entity: self) }
    return try SQLiteStore(path: path, entity: self)
  }
}
