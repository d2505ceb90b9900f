import Foundation
import PostgresNIO
import Trellis
import TrellisSQL

extension PostgresStore {
  /// A new object of the entity's class (or a dictionary of its columns), not in the table
  /// yet.
  public func create() throws(StoreError) -> Value {
    if let object = entity.definition.makeObject() { return .object(ObjectReference(object)) }
    // What the database fills in (a default, a generated value) starts empty.
    let entries = entity.columns.map {
      ($0.name, $0.isNullable || $0.hasDefault || $0.isReadOnly ? Value.null : $0.kind.zero)
    }
    return .object(ObjectReference(DocumentObject(.dictionary(ValueDictionary(entries)))))
  }

  /// Inserts the object's row at `index` of the store's order (the end when `nil`), in one
  /// transaction; the object is then the row's.
  public func insert(_ item: Value, at index: Int?) async throws(StoreError) {
    let object = try storedObject(item)
    guard key(of: object) == nil else {
      throw .invalidItem("the object is in the table already")
    }
    let kvc = try keyValueCoding(object)
    // After the columns: the to-one keys, then the position, known inside the transaction.
    let values = try entity.writtenValues(.insert, ownRow: true) {
      (try? kvc.value(forKey: $0)) ?? .null
    }
    let keyColumns =
      entity.toOneRelationships.map(\.foreignKey) + (entity.positionColumn.map { [$0] } ?? [])
    let insert = try PostgresStatement(
      entity.insertWrite(values, keyColumns: keyColumns), entity: entity)
    var children: [(AnyObject, String)] = []
    let plans = try childPlans(of: kvc, entity: entity, objects: &children)
    var newObjects: [AnyObject] = []
    let references = try referencePlan(of: kvc, newObjects: &newObjects)
    let claimed = ObjectReference(object)
    let taken = noticesTaken
    let written: (Int64, Int64?, [Int64], [(id: Int64, at: Int)], [(property: String, key: Int64)])
    do {
      written = try await perform(transaction: true, takesOrderLock: true) {
        connection in
        try await Self.lockOrders(
          of: [self.entity] + references.newRows.map(\.entity), connection: connection,
          logger: self.logger)
        let inserted = try await Self.insertNewRows(
          references, connection: connection, logger: self.logger)
        let (first, count) = try await self.order(connection)
        let at = Swift.min(Swift.max(index ?? count, 0), count)
        var insert = insert
        for (_, target) in references.toOne {
          if let target {
            insert.binds.append(Self.key(target, inserted))
          } else {
            insert.binds.appendNull()
          }
        }
        if self.entity.positionColumn != nil {
          let (room, position) = self.entity.room(at: at, first: first, count: count)
          if let room { try await connection.run(room, logger: self.logger) }
          insert.binds.append(Int64(position))
        }
        for try await id in try await connection.query(insert.query, logger: self.logger)
          .decode(Int64.self)
        {
          // The object is the row's before the row can be read: a read that sees the row
          // once it commits takes this object rather than making a second one.
          self.claim(id, for: claimed.object)
          let keys = try await Self.writeChildren(
            plans, parent: id, connection: connection, logger: self.logger)
          let gone = try await Self.writeJoins(
            references, inserted: inserted, source: id, entity: self.entity,
            connection: connection, logger: self.logger)
          // The row is this transaction's own: it is there.
          let previous = try await self.predecessor(
            try self.predecessorStatement(of: id).query, connection
          ).previous
          return (id, previous, keys, inserted, gone)
        }
        throw StoreError.failed("the insert into '\(self.entity.table)' returned no key")
      }
    } catch {
      releaseClaim(of: object)
      throw namingColumn(error, written: entity.columns.map(\.name))
    }
    let (id, previous, keys, inserted, gone) = written
    for ((child, table), key) in zip(children, keys) {
      rememberChild(child, key: key, table: table)
    }
    rememberNewRows(references, inserted: inserted, objects: newObjects)
    leaveOut(references, found: gone, from: object)
    reportOwn(await insertion(of: item, after: previous), about: object, row: id, taken: taken)
  }

  /// Makes `object` the row `id`'s, as an insert does before it commits; an earlier attempt
  /// of the same insert, on a connection that closed, gives its key up.
  private func claim(_ id: Int64, for object: AnyObject) {
    state.withLock { state in
      if let earlier = state.keys.updateValue(id, forKey: ObjectIdentifier(object)),
        earlier != id, state.objects[earlier] === object
      {
        state.objects[earlier] = nil
      }
      state.objects[id] = object
    }
  }

  /// Undoes ``claim(_:for:)`` for an insert that failed: the object is in no row.
  private func releaseClaim(of object: AnyObject) {
    state.withLock { state in
      guard let id = state.keys.removeValue(forKey: ObjectIdentifier(object)) else { return }
      if state.objects[id] === object { state.objects[id] = nil }
    }
  }

  /// Deletes the object's row (and closes the gap in the order), in one transaction.
  public func delete(_ item: Value) async throws(StoreError) {
    let object = try storedObject(item)
    guard let id = key(of: object) else { throw .notFound(item.displayText) }
    let delete = entity.rowDelete(id)
    // The row's position, which the rows on its shorter side close up to, in an ordered table.
    let positionQuery = try positionStatement(of: id)?.query
    let effects = try await perform(transaction: true, takesOrderLock: true) {
      connection -> DeleteEffects in
      try await Self.lockOrders(of: [self.entity], connection: connection, logger: self.logger)
      var position: Int?
      if let positionQuery {
        guard let found = try await self.position(positionQuery, connection) else {
          throw StoreError.notFound("\(self.entity.table) row \(id)")
        }
        position = found
      }
      let (effects, comesBack) = try await self.applyDeleteRules(
        deleting: id, of: self.entity, connection: connection)
      var deleted = 0
      deleted = try await connection.run(delete, logger: self.logger).count
      // In a cycle of cascades the database's own ON DELETE CASCADE may have deleted it.
      guard deleted > 0 || comesBack else {
        throw StoreError.notFound("\(self.entity.table) row \(id)")
      }
      if effects.tables.contains(self.entity.table) {
        // A cascade back into this table moved this row's place: the order is made whole.
        if let renumbering = self.entity.renumbering {
          try await connection.query(PostgresQuery(unsafeSQL: renumbering), logger: self.logger)
        }
      } else if let position {
        try await self.closeGap(at: position, connection)
      }
      return effects
    }
    // The lists that held the object lose it while it can still be found, then it is gone.
    noteWrite(id)
    apply(effects)
    reportDeletion {
      state.withLock { state in
        state.objects[id] = nil
        state.keys[ObjectIdentifier(object)] = nil
        Self.noteDeleted(id, in: &state, keepingFor: timeout)
      }
      rememberGone(object)
      // The children's rows went with it (ON DELETE CASCADE): the store forgets them on the
      // domain, where which they are is read from the object.
      state.withLock { $0.arrivedEffects.append(.forgetChildren(object)) }
      // A cascade back into this table moved other rows too.
      return effects.tables.contains(entity.table) ? .reset : .deleted(item)
    }
  }

  /// How many rows come before row `id` in the store's order.
  func indexStatement(of id: Int64) throws(StoreError) -> PostgresStatement {
    let order = entity.defaultOrder
    let key = try PostgresIdentifier.quoted(entity.primaryKey)
    var statement = PostgresStatement(
      "SELECT (SELECT count(*) FROM \(try table) WHERE (\(order)) < (SELECT \(order) FROM "
        + "\(try table) WHERE \(key) = ")
    statement.bind(Int(id))
    statement.append(")), EXISTS (SELECT 1 FROM \(try table) WHERE \(key) = ")
    statement.bind(Int(id))
    statement.append(")")
    return statement
  }

  /// The index an `indexStatement(of:)` finds; `nil` when the row is gone.
  func index(_ query: PostgresQuery, _ connection: PostgresConnection) async throws -> Int? {
    for try await (count, exists) in try await connection.query(query, logger: logger)
      .decode((Int64, Bool).self)
    {
      return exists ? Int(count) : nil
    }
    return nil
  }
}
