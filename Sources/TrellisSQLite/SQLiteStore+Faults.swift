import GRDB
import Trellis

extension SQLiteStore {
  public func problem(with item: Value) -> String? {
    guard case .object(let ref) = item else { return nil }
    if let fault = ref.fault { return fault.problem }
    return state.withLock {
      $0.problems.isEmpty ? nil : $0.problems[ObjectIdentifier(ref.identity)]
    }
  }

  /// Reads the children of `item` that its to-many relationships read only when it is opened
  /// (``SQLiteRelationship/Loading/whenOpened``), in their order, into its properties. A
  /// detail screen calls this before it edits the item; it does nothing the second time.
  public func prepareForEditing(_ item: Value) throws(StoreError) {
    let object = try storedObject(item)
    guard let faulted = state.withLock({ $0.unreadChildren[ObjectIdentifier(object)] }),
      let id = key(of: object, in: entity)
    else { return }
    let kvc = try keyValueCoding(object, entity)
    for relationship in entity.toManyRelationships where faulted.contains(relationship.name) {
      let child = relationship.entity
      let entity = entity
      let records = try read { db in
        try Self.children(of: relationship, in: entity, parents: [id], db: db).map(\.child)
      }
      try preloadReferences(of: records, entity: child)
      let children = try materialize(records, of: child).map { Value.object(ObjectReference($0)) }
      do { try kvc.setValue(.array(children), forKey: relationship.name) } catch {
        throw .invalidItem("\(entity.table) row \(id): \(error.description)")
      }
      state.withLock { state in
        state.unreadChildren[ObjectIdentifier(object)]?.remove(relationship.name)
        if state.unreadChildren[ObjectIdentifier(object)]?.isEmpty == true {
          state.unreadChildren[ObjectIdentifier(object)] = nil
        }
      }
    }
  }
}
