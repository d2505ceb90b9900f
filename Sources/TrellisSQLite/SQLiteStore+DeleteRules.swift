import GRDB
import Trellis

extension SQLiteStore {
  /// What a delete did beyond its own row, to be applied to the objects once it commits.
  struct DeleteEffects {
    /// Rows whose to-one was set to none: table, key, property.
    var nullified: [(table: String, id: Int64, property: String)] = []
    /// Rows deleted by a cascade: table and key.
    var deleted: [(table: String, id: Int64)] = []

    /// The tables whose rows changed.
    var tables: Set<String> { Set(nullified.map(\.table) + deleted.map(\.table)) }
  }

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
    let target = relationship.entity
    if let known = key(of: ref.object, in: target)
      ?? mappings.first(where: { $0.table == target.table && $0.object === ref.object })?.id
    {
      return known.databaseValue
    }
    guard target.definition.keyValueCoding(for: ref.object) != nil else {
      throw StoreError.invalidItem(
        "\(entity.table).\(relationship.name) holds a \(type(of: ref.object)), not a "
          + target.definition.name)
    }
    let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(target.table.quoted)") ?? 0
    return try save(
      ref.object, entity: target, id: nil, parent: nil, position: count, db: db,
      mappings: &mappings
    ).databaseValue
  }

  /// Applies the delete rules of every to-one that points at row `id` of `entity`, inside the
  /// delete's transaction: refuses (deny), clears the references (nullify), deletes the rows
  /// pointing at it by their own rules (cascade), or leaves them (no action).
  func applyDeleteRules(
    deleting id: Int64, of entity: SQLiteEntity, db: Database, effects: inout DeleteEffects
  ) throws {
    for source in shared.entities {
      for relationship in source.toOneRelationships
      where relationship.entity.table == entity.table && relationship.deleteRule != .noAction {
        let key = relationship.foreignKey.quoted
        let pointing = try Int64.fetchAll(
          db,
          sql: "SELECT \(source.primaryKey.quoted) FROM \(source.table.quoted) WHERE \(key) = ?",
          arguments: [id])
        guard !pointing.isEmpty else { continue }
        switch relationship.deleteRule {
        case .deny:
          let one = pointing.count == 1
          let what = one ? source.definition.name : "\(source.definition.name)s"
          throw StoreError.refused(
            "This \(entity.definition.name) cannot be deleted while \(pointing.count) "
              + "\(what.lowercased()) \(one ? "points" : "point") at it (the delete rule of "
              + "\(relationship.inverse ?? relationship.name) is deny); nothing was deleted.")
        case .nullify:
          try db.execute(
            sql: "UPDATE \(source.table.quoted) SET \(key) = NULL WHERE \(key) = ?",
            arguments: [id])
          effects.nullified += pointing.map { (source.table, $0, relationship.name) }
        case .cascade:
          for row in pointing {
            try applyDeleteRules(deleting: row, of: source, db: db, effects: &effects)
            try db.execute(
              sql: "DELETE FROM \(source.table.quoted) WHERE \(source.primaryKey.quoted) = ?",
              arguments: [row])
            effects.deleted.append((source.table, row))
          }
          try renumber(source, db: db)
        case .noAction:
          break
        }
      }
    }
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
    let cleared = state.withLock { state in
      for (table, id) in effects.deleted {
        if let object = state.objects[table]?.removeValue(forKey: id) {
          state.keys[ObjectIdentifier(object)] = nil
        }
      }
      return effects.nullified.compactMap { change in
        state.objects[change.table]?[change.id].map { ($0, change.table, change.property) }
      }
    }
    for (object, table, property) in cleared {
      guard let entity = entities[table],
        let kvc = entity.definition.keyValueCoding(for: object)
      else { continue }
      try? kvc.setValue(.null, forKey: property)
    }
  }
}
