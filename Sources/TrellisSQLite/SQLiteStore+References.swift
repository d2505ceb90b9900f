import GRDB
import Trellis
import TrellisSQL

extension SQLiteStore {
  /// The filter keeping the objects whose to-one `relationship` points at `target`: a
  /// category's tasks, read in batches in SQL, never all at once.
  ///
  /// ```swift
  /// section.fetchOptions.filter = try tasks.filter(relationship: "category", pointingAt: work)
  /// ```
  public func filter(relationship: String, pointingAt target: Value) throws(StoreError)
    -> ItemFilter
  {
    let found = try entity.reference(named: relationship)
    return entity.filter(found, toOneKeyPath: found.name, pointingAt: target)
  }

  /// The row key of any object a store of this database holds.
  var objectKeys: (AnyObject) -> Int64? {
    { [state] object in
      let identity = ObjectFault.identity(of: object)
      return state.withLock { $0.keys[ObjectIdentifier(identity)] }
    }
  }

  /// Reads, in one query per relationship, the objects the to-one relationships of `records`
  /// point at that no store has read yet, so that a batch of 50 tasks costs one query for
  /// their categories, not 50.
  func preloadReferences(of records: [RawRecord], entity: SQLiteEntity) throws(StoreError) {
    var wants: [(SQLiteEntity, Set<Int64>)] = []
    for (index, relationship) in entity.toOneRelationships.enumerated() {
      wants.append((relationship.entity, Set(records.compactMap { $0.references[index] })))
    }
    for (index, relationship) in entity.manyToManyRelationships.enumerated() {
      let ids = records.flatMap { $0.related.indices.contains(index) ? $0.related[index] : [] }
      wants.append((relationship.entity, Set(ids)))
    }
    for (target, wanted) in wants {
      let missing = state.withLock { state in
        wanted.filter { state.objects[target.table]?[$0] == nil }
      }
      guard !missing.isEmpty else { continue }
      let found = try self.records(of: target, keys: Array(missing))
      try preloadReferences(of: found, entity: target)
      _ = try materialize(found, of: target)
    }
  }

  /// The object of row `id` of `target`: the one already read, or read now; `nil` when the row
  /// is gone (a reference left behind by the `noAction` delete rule reads as none).
  func referencedObject(_ id: Int64, of target: SQLiteEntity) throws(StoreError) -> AnyObject? {
    if let known = state.withLock({ $0.objects[target.table]?[id] }) { return known }
    let records = try self.records(of: target, keys: [id])
    guard let record = records.first else { return nil }
    try preloadReferences(of: [record], entity: target)
    return try materialize(record, of: target)
  }

  /// The key to store for a to-one: none, the key of an object a store knows, or the key of an
  /// object created in place, inserted now in the same transaction.
  func referenceKey(
    _ kvc: KeyValueCoding, _ relationship: SQLiteRelationship, in entity: SQLiteEntity,
    db: Database, mappings: inout [Mapping]
  ) throws -> Int64? {
    let value = (try? kvc.value(forKey: relationship.name)) ?? .null
    guard case .object(let ref) = value else {
      guard value.isNull else {
        throw StoreError.invalidItem(
          "\(entity.table).\(relationship.name) holds \(value.type), not a "
            + relationship.entity.definition.name)
      }
      return nil
    }
    return try objectKey(ref.identity, of: relationship, in: entity, db: db, mappings: &mappings)
  }

  /// The key of an object a relationship holds: the one a store knows, or that of an object
  /// created in place, inserted now in the same transaction. An object whose row was deleted
  /// meanwhile is refused on the relationship's row, unless the caller `checked` it already.
  func objectKey(
    _ object: AnyObject, of relationship: SQLiteRelationship, in entity: SQLiteEntity,
    db: Database, mappings: inout [Mapping], checked: Bool = false
  ) throws -> Int64 {
    let target = relationship.entity
    if !checked, let title = try deletedTitle(object, of: relationship, db: db, mappings: mappings)
    {
      throw StoreError.refusedValue(
        property: relationship.name, message: "“\(title)” was deleted meanwhile: choose another")
    }
    if let known = key(of: object, in: target)
      ?? mappings.first(where: { $0.table == target.table && $0.object === object })?.id
    {
      return known
    }
    guard target.definition.keyValueCoding(for: object) != nil else {
      throw StoreError.invalidItem(
        "\(entity.table).\(relationship.name) holds a \(type(of: object)), not a "
          + target.definition.name)
    }
    return try save(
      object, entity: target, id: nil, parent: nil,
      position: try endPosition(of: target, db: db), db: db,
      mappings: &mappings)
  }

  /// The title of `object`, a relationship's target, when its row was deleted since it was
  /// read, here or by another program; `nil` when it is there, or new. Pointing at it would
  /// point at nothing (the database refuses the whole write), or bring it back.
  func deletedTitle(
    _ object: AnyObject, of relationship: SQLiteRelationship, db: Database, mappings: [Mapping]
  ) throws -> String? {
    let target = relationship.entity
    if mappings.contains(where: { $0.table == target.table && $0.object === object }) {
      return nil
    }
    let gone: Bool
    if let known = key(of: object, in: target) {
      gone =
        try Bool.fetchOne(
          db,
          sql: "SELECT EXISTS (SELECT 1 FROM \(target.table.quoted) "
            + "WHERE \(target.primaryKey.quoted) = ?)",
          arguments: [known]) != true
    } else {
      // A row read from the database whose key the store no longer knows, or an object whose
      // row was deleted here.
      gone = object is ObjectFault || state.withLock { $0.gone.contains(object) }
    }
    return gone ? target.definition.title(of: .object(ObjectReference(object))) : nil
  }

  /// Writes the pairs of a many-to-many relationship of row `key`: the objects its property
  /// holds now, in order, each once. An object whose row was deleted meanwhile is left out,
  /// and out of the property, as the deletion left it out of every other row's pairs: the
  /// choice list no longer offers it, so a person could not take it out to save.
  func saveJoins(
    _ kvc: KeyValueCoding, _ relationship: SQLiteRelationship, of entity: SQLiteEntity,
    key: Int64, db: Database, mappings: inout [Mapping]
  ) throws {
    let held = try Self.heldItems(kvc, relationship.name, of: entity)
    var kept: [Value] = []
    var keys: [Int64] = []
    for item in held {
      guard case .object(let ref) = item else {
        throw StoreError.invalidItem(
          "\(entity.table).\(relationship.name) holds \(item.type), not objects")
      }
      if try deletedTitle(ref.identity, of: relationship, db: db, mappings: mappings) != nil {
        continue
      }
      kept.append(item)
      keys.append(
        try objectKey(
          ref.identity, of: relationship, in: entity, db: db, mappings: &mappings, checked: true))
    }
    if kept.count != held.count { try? kvc.setValue(.array(kept), forKey: relationship.name) }
    for statement in relationship.joinWrites(of: key, in: entity, holding: keys) {
      try db.run(statement)
    }
  }

  /// The items a to-many relationship of `kvc` holds: none for nil, and a refusal for a value
  /// that is not a list, which would otherwise be written as an empty relationship and kept
  /// in the object as a value its row can never give back.
  static func heldItems(_ kvc: KeyValueCoding, _ name: String, of entity: SQLiteEntity)
    throws(StoreError) -> [Value]
  {
    let value = (try? kvc.value(forKey: name)) ?? .null
    if value.isNull { return [] }
    guard let items = value.arrayValue else {
      throw .invalidItem("\(entity.table).\(name) holds \(value.type), not a list of objects")
    }
    return items
  }
}
