import GRDB
import Trellis
import TrellisSQL

extension SQLiteStore {
  /// Applies the delete rules of every to-one and many-to-many that points at row `id` of
  /// `entity`, inside the delete's transaction (see ``DeleteRuleWalk``), and returns what they
  /// did.
  func applyDeleteRules(
    deleting id: Int64, of entity: SQLiteEntity, db: Database
  ) throws -> DeleteEffects {
    var walk = DeleteRuleWalk(deleting: id, of: entity, among: shared.indexed)
    var rows: [Int64] = []
    while let step = try walk.next(rows) { rows = try db.run(step) }
    return walk.effects
  }

  /// Brings the objects in memory in step with a committed delete's effects.
  func apply(_ effects: DeleteEffects) {
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
          state.problems[ObjectIdentifier(object)] = nil
          if !(object is ObjectFault) { state.gone.remember(object) }
        }
      }
      return effects.nullified.compactMap { change in
        state.objects[change.row.table]?[change.row.id].map {
          ($0, change.row.table, change.property)
        }
      }
    }
    for (object, table, property) in cleared {
      guard let entity = shared.indexed.entity(table),
        let kvc = entity.definition.keyValueCoding(for: object)
      else { continue }
      try? kvc.setValue(.null, forKey: property)
    }
    for (holder, table, property, target) in unlinked {
      guard let entity = shared.indexed.entity(table),
        let kvc = entity.definition.keyValueCoding(for: holder),
        let held = (try? kvc.value(forKey: property))?.arrayValue
      else { continue }
      try? kvc.setValue(
        .array(held.filter { $0 != .object(ObjectReference(target)) }), forKey: property)
    }
  }
}
