import GRDB
import Trellis
import TrellisSQL

extension SQLiteStore {
  /// The key to store for a to-one: none, the key of an object a store knows, or the key of an
  /// object created in place, inserted now in the same transaction.
  func referenceKey(
    _ kvc: KeyValueCoding, _ relationship: SQLiteRelationship, in entity: SQLiteEntity,
    db: Database, mappings: inout [Mapping]
  ) throws -> DatabaseValue {
    let value = (try? kvc.value(forKey: relationship.name)) ?? .null
    guard case .object(let ref) = value else {
      guard value.isNull else {
        throw StoreError.invalidItem(
          "\(entity.table).\(relationship.name) holds \(value.type), not a "
            + relationship.entity.definition.name)
      }
      return .null
    }
    return try objectKey(
      ref.identity, of: relationship, in: entity, db: db, mappings: &mappings
    ).databaseValue
  }

  /// The key of an object a relationship holds: the one a store knows, or that of an object
  /// created in place, inserted now in the same transaction.
  func objectKey(
    _ object: AnyObject, of relationship: SQLiteRelationship, in entity: SQLiteEntity,
    db: Database, mappings: inout [Mapping]
  ) throws -> Int64 {
    let target = relationship.entity
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
    let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(target.table.quoted)") ?? 0
    return try save(
      object, entity: target, id: nil, parent: nil, position: count, db: db,
      mappings: &mappings)
  }

  /// Writes the pairs of a many-to-many relationship of row `key`: the objects its property
  /// holds now, in order, each once.
  func saveJoins(
    _ kvc: KeyValueCoding, _ relationship: SQLiteRelationship, of entity: SQLiteEntity,
    key: Int64, db: Database, mappings: inout [Mapping]
  ) throws {
    let join = relationship.joinTableName(of: entity).quoted
    let held = (try? kvc.value(forKey: relationship.name))?.arrayValue ?? []
    var keys: [Int64] = []
    for item in held {
      guard case .object(let ref) = item else {
        throw StoreError.invalidItem(
          "\(entity.table).\(relationship.name) holds \(item.type), not objects")
      }
      keys.append(
        try objectKey(ref.identity, of: relationship, in: entity, db: db, mappings: &mappings))
    }
    let source = relationship.joinSourceColumn.quoted
    let target = relationship.joinTargetColumn.quoted
    try db.execute(sql: "DELETE FROM \(join) WHERE \(source) = ?", arguments: [key])
    for targetKey in keys {
      try db.execute(
        sql: "INSERT OR IGNORE INTO \(join) (\(source), \(target)) VALUES (?, ?)",
        arguments: [key, targetKey])
    }
  }

  /// Applies the delete rules of every to-one and many-to-many that points at row `id` of
  /// `entity`, inside the delete's transaction (see ``DeleteRuleWalk``), and returns what they
  /// did.
  func applyDeleteRules(
    deleting id: Int64, of entity: SQLiteEntity, db: Database
  ) throws -> DeleteEffects {
    var walk = DeleteRuleWalk(deleting: id, of: entity, among: shared.entities)
    var rows: [Int64] = []
    while let step = try walk.next(rows) {
      let arguments = StatementArguments(step.keys)
      if step.selects {
        rows = try Int64.fetchAll(db, sql: step.sql, arguments: arguments)
      } else {
        rows = []
        try db.execute(sql: step.sql, arguments: arguments)
      }
    }
    return walk.effects
  }

  /// Brings the objects in memory in step with a committed delete's effects.
  func apply(_ effects: DeleteEffects) {
    let entities = Dictionary(
      shared.entities.map { ($0.table, $0) }, uniquingKeysWith: { first, _ in first })
    let unlinked = state.withLock { state in
      effects.unlinked.compactMap { change -> (AnyObject, String, String, AnyObject)? in
        guard let holder = state.objects[change.row.table]?[change.row.id],
          let target = state.objects[change.target.table]?[change.target.id]
        else { return nil }
        return (holder, change.row.table, change.property, target)
      }
    }
    let cleared = state.withLock { state in
      for row in effects.deleted {
        if let object = state.objects[row.table]?.removeValue(forKey: row.id) {
          state.keys[ObjectIdentifier(object)] = nil
        }
      }
      return effects.nullified.compactMap { change in
        state.objects[change.row.table]?[change.row.id].map {
          ($0, change.row.table, change.property)
        }
      }
    }
    for (object, table, property) in cleared {
      guard let entity = entities[table],
        let kvc = entity.definition.keyValueCoding(for: object)
      else { continue }
      try? kvc.setValue(.null, forKey: property)
    }
    for (holder, table, property, target) in unlinked {
      guard let entity = entities[table],
        let kvc = entity.definition.keyValueCoding(for: holder),
        let held = (try? kvc.value(forKey: property))?.arrayValue
      else { continue }
      try? kvc.setValue(
        .array(held.filter { $0 != .object(ObjectReference(target)) }), forKey: property)
    }
  }
}
