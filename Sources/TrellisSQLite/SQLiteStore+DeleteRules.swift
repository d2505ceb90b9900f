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

  /// Deletes the pairs of every many-to-many relationship of row `id` of `entity`.
  func deleteJoins(of id: Int64, in entity: SQLiteEntity, db: Database) throws {
    for relationship in entity.manyToManyRelationships {
      try db.execute(
        sql: "DELETE FROM \(relationship.joinTableName(of: entity).quoted) "
          + "WHERE \(relationship.joinSourceColumn.quoted) = ?",
        arguments: [id])
    }
  }

  /// Applies the delete rules of every to-one that points at row `id` of `entity`, inside the
  /// delete's transaction: refuses (deny), clears the references (nullify), deletes the rows
  /// pointing at it by their own rules (cascade), or leaves them (no action).
  func applyDeleteRules(
    deleting id: Int64, of entity: SQLiteEntity, db: Database, effects: inout DeleteEffects
  ) throws {
    try deleteJoins(of: id, in: entity, db: db)
    try applyManyToManyRules(deleting: id, of: entity, db: db, effects: &effects)
    for (source, relationship) in entity.deleteRules(among: shared.entities, kinds: [.toOne]) {
      let key = relationship.foreignKey.quoted
      let pointing = try Int64.fetchAll(
        db,
        sql: "SELECT \(source.primaryKey.quoted) FROM \(source.table.quoted) WHERE \(key) = ?",
        arguments: [id])
      guard !pointing.isEmpty else { continue }
      switch relationship.deleteRule {
      case .deny:
        throw entity.deleteDenial(by: pointing.count, of: source, relationship)
      case .nullify:
        try db.execute(
          sql: "UPDATE \(source.table.quoted) SET \(key) = NULL WHERE \(key) = ?",
          arguments: [id])
        for row in pointing {
          effects.nullified.append((.init(table: source.table, id: row), relationship.name))
        }
      case .cascade:
        try cascade(pointing, of: source, db: db, effects: &effects)
      case .noAction:
        break
      }
    }
  }

  /// Deletes `rows` of `source`, each by its own rules first, then closes the gaps they left
  /// in its order.
  private func cascade(
    _ rows: [Int64], of source: SQLiteEntity, db: Database, effects: inout DeleteEffects
  ) throws {
    for row in rows {
      try applyDeleteRules(deleting: row, of: source, db: db, effects: &effects)
      try db.execute(
        sql: "DELETE FROM \(source.table.quoted) WHERE \(source.primaryKey.quoted) = ?",
        arguments: [row])
      effects.deleted.append(.init(table: source.table, id: row))
    }
    try renumber(source, db: db)
  }

  /// Gives an ordered table's rows the positions 0, 1, 2… again, in their order, after rows
  /// left it from the middle.
  private func renumber(_ entity: SQLiteEntity, db: Database) throws {
    guard let column = entity.positionColumn?.quoted else { return }
    let table = entity.table.quoted
    let key = entity.primaryKey.quoted
    try db.execute(
      sql: """
        WITH ranked AS (
          SELECT \(key) AS id, ROW_NUMBER() OVER (ORDER BY \(column), \(key)) - 1 AS place
          FROM \(table))
        UPDATE \(table) SET \(column) = (SELECT place FROM ranked WHERE ranked.id = \(table).\(key))
        """)
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

  /// The delete rules of every many-to-many relationship that holds row `id` of `entity`:
  /// refuses (deny), takes it out of the lists (nullify), deletes the holders (cascade), or
  /// leaves the pairs, which read as nothing (no action).
  private func applyManyToManyRules(
    deleting id: Int64, of entity: SQLiteEntity, db: Database, effects: inout DeleteEffects
  ) throws {
    for (source, relationship) in entity.deleteRules(among: shared.entities, kinds: [.manyToMany]) {
      let join = relationship.joinTableName(of: source).quoted
      let holders = try Int64.fetchAll(
        db,
        sql: "SELECT \(relationship.joinSourceColumn.quoted) FROM \(join) "
          + "WHERE \(relationship.joinTargetColumn.quoted) = ?", arguments: [id])
      guard !holders.isEmpty else { continue }
      switch relationship.deleteRule {
      case .deny:
        throw entity.deleteDenial(by: holders.count, of: source, relationship)
      case .nullify:
        try db.execute(
          sql: "DELETE FROM \(join) WHERE \(relationship.joinTargetColumn.quoted) = ?",
          arguments: [id])
        for holder in holders {
          effects.unlinked.append(
            (
              .init(table: source.table, id: holder), relationship.name,
              .init(table: entity.table, id: id)
            ))
        }
      case .cascade:
        try cascade(holders, of: source, db: db, effects: &effects)
        try db.execute(
          sql: "DELETE FROM \(join) WHERE \(relationship.joinTargetColumn.quoted) = ?",
          arguments: [id])
      case .noAction:
        break
      }
    }
  }
}
