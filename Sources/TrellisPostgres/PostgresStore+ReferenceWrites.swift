import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisSQL

/// What an object's to-one and many-to-many relationships point at, as a write will store
/// them, read from the objects before the transaction starts (the transaction runs elsewhere
/// and touches no object).
struct PostgresReferencePlan: Sendable {
  /// An object one of them points at.
  enum Target: Sendable {
    /// A row the target's store knows.
    case key(Int64)
    /// An object created in place, inserted in the same transaction: an index into `newRows`.
    case new(Int)
  }

  /// A row for an object created in place.
  struct NewRow: Sendable {
    /// The entity whose table gets it.
    var entity: PostgresEntity
    /// Its `INSERT`, short of its place when the entity keeps an order.
    var insert: PostgresStatement
  }

  /// The rows to insert first, one per new object however often it is pointed at.
  var newRows: [NewRow] = []
  /// What each to-one relationship written points at, in the entity's order; `nil` for none.
  var toOne: [(relationship: PostgresRelationship, target: Target?)] = []
  /// What each many-to-many relationship written holds, in the entity's order.
  var manyToMany: [(relationship: PostgresRelationship, targets: [Target])] = []
  /// The objects a many-to-many held whose rows are gone, left out of its pairs: the
  /// relationship's name and the object, taken out of the holder once the write commits.
  var leftOut: [(property: String, object: ObjectReference)] = []
}

extension PostgresStore {
  /// What `kvc`'s object points at, for every relationship or those `only` names, with the
  /// objects created in place in the order of `newRows`. An object whose row was deleted
  /// (under a no-action rule, or by another server) is never made again: a to-one is refused
  /// on its row, where choosing another fixes it, and a many-to-many leaves it out, as the
  /// delete left it out of every other row's pairs (the choice list no longer offers it, so a
  /// person could not take it out to save).
  func referencePlan(
    of kvc: KeyValueCoding, only names: Set<String>? = nil, newObjects: inout [AnyObject]
  ) throws(StoreError) -> PostgresReferencePlan {
    var plan = PostgresReferencePlan()
    for relationship in entity.references where names?.contains(relationship.name) ?? true {
      let value = (try? kvc.value(forKey: relationship.name)) ?? .null
      let items: [Value]
      if relationship.kind == .toOne {
        items = value.isNull ? [] : [value]
      } else {
        items = value.arrayValue ?? []
        if !value.isNull && value.arrayValue == nil {
          throw .refusedValue(
            property: relationship.name, message: "holds \(value.type), not a list")
        }
      }
      var targets: [PostgresReferencePlan.Target] = []
      for item in items {
        if relationship.kind != .toOne, case .object(let ref) = item,
          (try? store(for: relationship.entity.table))?.isGone(ref.identity) == true
        {
          plan.leftOut.append((relationship.name, ref))
          continue
        }
        targets.append(try target(item, of: relationship, plan: &plan, newObjects: &newObjects))
      }
      if relationship.kind == .toOne {
        plan.toOne.append((relationship, targets.first))
      } else {
        plan.manyToMany.append((relationship, targets))
      }
    }
    return plan
  }

  /// The row `item` is, or a new row for it when its store does not know it; refused for an
  /// object whose row is gone.
  private func target(
    _ item: Value, of relationship: PostgresRelationship, plan: inout PostgresReferencePlan,
    newObjects: inout [AnyObject]
  ) throws(StoreError) -> PostgresReferencePlan.Target {
    let entity = relationship.entity
    guard case .object(let ref) = item,
      let kvc = entity.definition.keyValueCoding(for: ref.identity)
        ?? (ref.identity as? KeyValueCoding)
    else {
      throw .refusedValue(
        property: relationship.name, message: "holds \(item.type), not a \(entity.definition.name)")
    }
    let store = try store(for: entity.table)
    if let key = store.key(of: ref.identity) { return .key(key) }
    // A row deleted since it was chosen (in another window): writing it again would bring it
    // back, and leaving it out would change the choice unseen.
    if store.isGone(ref.identity) {
      let title = entity.definition.title(of: .object(ref))
      throw .refusedValue(
        property: relationship.name, message: "“\(title)” was deleted meanwhile: choose another")
    }
    if let index = newObjects.firstIndex(where: { $0 === ref.identity }) { return .new(index) }
    // A new row goes at the end of its table: its place, known inside the transaction,
    // follows the columns.
    let insert: PostgresStatement
    do {
      let values = try entity.writtenValues(.insert) {
        (try? kvc.value(forKey: $0)) ?? .null
      }
      insert = try PostgresStatement(
        entity.insertWrite(values, keyColumns: entity.positionColumn.map { [$0] } ?? []),
        entity: entity)
    } catch {
      throw .refusedValue(property: relationship.name, message: error.description)
    }
    newObjects.append(ref.object)
    plan.newRows.append(.init(entity: entity, insert: insert))
    return .new(plan.newRows.count - 1)
  }

  /// Inserts the plan's new rows at the end of their tables, inside the caller's transaction;
  /// returns each one's key and place.
  static func insertNewRows(
    _ plan: PostgresReferencePlan, connection: PostgresConnection, logger: Logger
  ) async throws -> [(id: Int64, at: Int)] {
    var inserted: [(id: Int64, at: Int)] = []
    for row in plan.newRows {
      // At the end: after the last position, wherever the order's positions start.
      let (first, count) = try await order(of: row.entity, connection: connection, logger: logger)
      var insert = row.insert
      if row.entity.positionColumn != nil { insert.binds.append(Int64(first + count)) }
      var id: Int64?
      for try await key in try await connection.query(insert.query, logger: logger)
        .decode(Int64.self)
      {
        id = key
      }
      guard let id else {
        throw StoreError.failed("the insert into '\(row.entity.table)' returned no key")
      }
      inserted.append((id, count))
    }
    return inserted
  }

  /// The key a planned target has, once the new rows are in.
  static func key(_ target: PostgresReferencePlan.Target, _ inserted: [(id: Int64, at: Int)])
    -> Int64
  {
    switch target {
    case .key(let key): key
    case .new(let index): inserted[index].id
    }
  }

  /// Writes the pairs of every many-to-many relationship the plan holds for row `source`,
  /// inside the caller's transaction: the objects each list holds now, in order, each once.
  /// A row the store knew that another server deleted meanwhile is left out; its key is
  /// returned, with the relationship's name, for ``leaveOut(_:from:)``.
  static func writeJoins(
    _ plan: PostgresReferencePlan, inserted: [(id: Int64, at: Int)], source: Int64,
    entity: PostgresEntity, connection: PostgresConnection, logger: Logger
  ) async throws -> [(property: String, key: Int64)] {
    var gone: [(property: String, key: Int64)] = []
    for (relationship, targets) in plan.manyToMany {
      var keys = targets.map { key($0, inserted) }
      let known = targets.compactMap { target -> Int64? in
        if case .key(let key) = target { key } else { nil }
      }
      let missing = try await missingRows(known, of: relationship.entity, connection, logger)
      if !missing.isEmpty {
        keys.removeAll { missing.contains($0) }
        gone += missing.map { (relationship.name, $0) }
      }
      for statement in relationship.joinWrites(of: source, in: entity, holding: keys) {
        try await connection.run(statement, logger: logger)
      }
    }
    return gone
  }

  /// Which of `keys` have no row in `target`'s table, read inside the caller's transaction.
  private static func missingRows(
    _ keys: [Int64], of target: PostgresEntity, _ connection: PostgresConnection,
    _ logger: Logger
  ) async throws -> Set<Int64> {
    guard !keys.isEmpty else { return [] }
    let key = try PostgresIdentifier.quoted(target.primaryKey)
    var statement = PostgresStatement(
      "SELECT \(key) FROM \(try PostgresIdentifier.quoted(target.table)) WHERE \(key) = ANY(")
    statement.bind(keys: keys)
    // Locked, so that a delete cannot take a row between this look and the pairs' insert.
    statement.append(") FOR KEY SHARE")
    var missing = Set(keys)
    for try await found in try await connection.query(statement.query, logger: logger)
      .decode(Int64.self)
    {
      missing.remove(found)
    }
    return missing
  }

  /// After the transaction committed: takes the objects a many-to-many left out (gone before
  /// the write, or found gone in it) out of `holder`, on the domain where lists read it
  /// (``applyArrivedValues()``), and tells the lists of a row found gone that it is.
  func leaveOut(
    _ plan: PostgresReferencePlan, found gone: [(property: String, key: Int64)],
    from holder: AnyObject
  ) {
    var leftOut = plan.leftOut.map { ($0.property, $0.object.object) }
    for (property, key) in gone {
      guard let relationship = entity.relationships.first(where: { $0.name == property }),
        let store = try? store(for: relationship.entity.table),
        let object = store.object(key)
      else { continue }
      store.reportGone(key)
      leftOut.append((property, object))
    }
    guard !leftOut.isEmpty else { return }
    state.withLock { state in
      for (property, object) in leftOut {
        state.arrivedEffects.append(.unlink(holder, property: property, gone: object))
      }
    }
    observers.notify(.updated(.object(ObjectReference(holder))))
  }

  /// After the transaction committed: the objects created in place are their rows' in their
  /// stores, whose lists hear of them.
  func rememberNewRows(
    _ plan: PostgresReferencePlan, inserted: [(id: Int64, at: Int)], objects: [AnyObject]
  ) {
    for ((row, (id, _)), object) in zip(zip(plan.newRows, inserted), objects) {
      guard let store = try? store(for: row.entity.table) else { continue }
      store.state.withLock { state in
        state.objects[id] = object
        state.keys[ObjectIdentifier(object)] = id
      }
      // Made in place, where its store's order puts it: its lists read theirs again.
      store.observers.notify(.reset)
    }
  }

  /// Remembers that `object`'s row is gone (deleted here, by a rule, or by another server),
  /// so that an object still pointing at it does not make it again.
  func rememberGone(_ object: AnyObject) {
    state.withLock { $0.gone.remember(object) }
  }

  /// Whether `object`'s row is gone (see ``rememberGone(_:)``).
  func isGone(_ object: AnyObject) -> Bool {
    state.withLock { $0.gone.contains(object) }
  }
}
