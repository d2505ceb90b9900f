import Foundation
import PostgresNIO
import Trellis

extension PostgresStore {
  /// Writes changed values: the object takes them, and gives them back if the server refuses.
  /// The object's children are written with it, in the same transaction, as the object holds
  /// them then, and so are the to-one and many-to-many relationships `values` names. Values
  /// of properties that have no column and no relationship stay in memory.
  ///
  /// The object is changed on the calling task: a list over the store starts the write on its
  /// own domain with ``prepareUpdate(_:values:)`` instead.
  public func update(_ item: Value, values: [String: Value]) async throws(StoreError) {
    let write = try prepareUpdate(item, values: values)
    do { try await write.run() } catch {
      write.undo.run()
      throw error
    }
  }

  /// Starts ``update(_:values:)`` on the caller's domain: the object takes the values, and
  /// its children and relationships are read into the write's plan, here; the transaction is
  /// what is left to run in the background. When it fails, the caller runs the undo on the
  /// same domain.
  public func prepareUpdate(_ item: Value, values: [String: Value]) throws(StoreError)
    -> PreparedStoreWrite
  {
    try prepareUpdate(item, values: values, expecting: [:])
  }

  /// ``prepareUpdate(_:values:)`` that first locks the row and compares the columns named in
  /// `expecting` with what the row holds: a column that holds neither the expected value nor
  /// the new one fails the write with ``StoreError/conflict(_:)``, whichever server wrote it.
  public func prepareUpdate(
    _ item: Value, values: [String: Value], expecting: [String: Value]
  ) throws(StoreError) -> PreparedStoreWrite {
    let object = try storedObject(item)
    guard let id = key(of: object) else { throw .notFound(item.displayText) }
    let kvc = try keyValueCoding(object)
    // The app's "updated at" moves with every change; it is written, never compared, so that
    // two people changing different values of a row do not conflict over it.
    let stamped = entity.stampingUpdate(values)
    let written = try entity.writtenValues(.update, only: Set(stamped.keys), ownRow: true) {
      stamped[$0] ?? .null
    }
    noteWrite(id)
    // When the write fails, the object's values go back first, then the row is read again.
    var undo = ValuesUndo { [weak self] in
      self?.observers.notify(.updated(item))
      self?.forgetVersion(of: id, item: item)
    }
    do { undo.append(try kvc.setValues(stamped)) } catch { throw .invalidItem(error.description) }
    // Every list showing the object shows its new values now, as it will the values put back.
    observers.notify(.updated(item))
    guard !written.isEmpty || !entity.relationships.isEmpty else {
      return PreparedStoreWrite(undo: undo) { () async throws(StoreError) in
        self.observers.notify(.updated(item))
      }
    }
    do {
      var children: [(AnyObject, String)] = []
      let plans = try childPlans(of: kvc, entity: entity, objects: &children)
      // The to-one and many-to-many relationships the values name: the others may not have
      // been read into this object (it was read as another object's target), and another
      // server may have changed them since.
      var newObjects: [AnyObject] = []
      let references = try referencePlan(
        of: kvc, only: Set(values.keys), newObjects: &newObjects)
      // After the columns' values: the to-one keys, known inside the transaction, then the key.
      let keyColumns = references.toOne.map(\.relationship.foreignKey)
      let update =
        written.isEmpty && keyColumns.isEmpty
        ? nil
        : try PostgresStatement(
          entity.updateWrite(written, keyColumns: keyColumns), entity: entity)
      let write = UpdateWrite(
        id: id, item: item, check: try conflictCheck(id, values: values, expecting: expecting),
        update: update,
        indexQuery: announcesUpdates && entity.positionColumn != nil
          ? try indexStatement(of: id).query : nil,
        rowQuery: try rowStatement(id).query,
        touchQuery: try touchStatement(id).query, plans: plans, references: references,
        children: children.map { (ObjectReference($0.0), $0.1) },
        newObjects: newObjects.map(ObjectReference.init))
      let names = Array(values.keys)
      return PreparedStoreWrite(undo: undo) { () async throws(StoreError) in
        do throws(StoreError) { try await self.run(write) } catch {
          throw self.namingColumn(error, written: names, values: values)
        }
      }
    } catch {
      noteWrite(id)
      undo.run()
      throw error
    }
  }

  /// What an update planned on its domain, for the transaction.
  struct UpdateWrite: Sendable {
    var id: Int64
    var item: Value
    /// What Done expects the row to hold, checked under the row's lock before the update.
    var check: ConflictCheck?
    var update: PostgresStatement?
    /// Finds the row's place in the store's order, which an announcement of a positioned
    /// row's change carries; `nil` when nothing needs it.
    var indexQuery: PostgresQuery?
    /// Reads the row back, as the transaction wrote it.
    var rowQuery: PostgresQuery
    /// Counts the row's version up when no column of it changes (only its children or
    /// relationships do).
    var touchQuery: PostgresQuery
    var plans: [PostgresChildPlan]
    var references: PostgresReferencePlan
    /// The child objects, in the order the transaction returns their keys, and their tables.
    var children: [(ObjectReference, String)]
    /// The objects created in place, in the order of the plan's new rows.
    var newObjects: [ObjectReference]
  }

  /// Runs an update's transaction; only the store's own state changes here, never an object.
  private func run(_ write: UpdateWrite) async throws(StoreError) {
    let id = write.id
    do {
      let (keys, inserted, gone, row) = try await perform(transaction: true) {
        connection -> ([Int64], [(id: Int64, at: Int)], [(property: String, key: Int64)], Record?)
        in
        // The row's place is counted only for an announcement that carries it: a count of
        // the rows before it costs as much as the table is long.
        var index = 0
        if let indexQuery = write.indexQuery {
          guard let found = try await self.index(indexQuery, connection) else {
            throw StoreError.notFound("\(self.entity.table) row \(id)")
          }
          index = found
        }
        if let check = write.check { try await check.run(on: connection, logger: self.logger) }
        try await Self.lockOrders(
          of: write.references.newRows.map(\.entity), connection: connection,
          logger: self.logger)
        let inserted = try await Self.insertNewRows(
          write.references, connection: connection, logger: self.logger)
        if var update = write.update {
          for (_, target) in write.references.toOne {
            if let target {
              update.binds.append(Self.key(target, inserted))
            } else {
              update.binds.appendNull()
            }
          }
          update.binds.append(id)
          // A refusal arrives with the answer's rows; no row, when the row is gone.
          try await self.expectRow(id, from: update.query, on: connection)
        } else {
          try await self.expectRow(id, from: write.touchQuery, on: connection)
        }
        let keys = try await Self.writeChildren(
          write.plans, parent: id, connection: connection, logger: self.logger)
        let gone = try await Self.writeJoins(
          write.references, inserted: inserted, source: id, entity: self.entity,
          connection: connection, logger: self.logger)
        // The row's trigger sees its columns only: other servers hear of the rest here.
        if self.announcesUpdates {
          try await self.announceUpdate(id, at: index, connection: connection)
        }
        return (keys, inserted, gone, try await self.row(write.rowQuery, on: connection))
      }
      // Noted again once committed: a read that began while the transaction ran may have
      // seen the row (and its children) as they were, and must not bring that back.
      noteWrite(id)
      for ((child, table), key) in zip(write.children, keys) {
        rememberChild(child.object, key: key, table: table)
      }
      rememberNewRows(write.references, inserted: inserted, objects: write.newObjects.map(\.object))
      if let holder = write.item.objectValue {
        leaveOut(write.references, found: gone, from: holder)
      }
      // What the transaction wrote over: another writer's values in the columns it left.
      written(row)
      observers.notify(.updated(write.item))
    } catch {
      noteWrite(id)
      throw error
    }
  }

  /// Whether an update announces itself to other servers: children and many-to-many pairs
  /// are rows the table's trigger does not see.
  var announcesUpdates: Bool {
    !entity.toManyRelationships.isEmpty || !entity.manyToManyRelationships.isEmpty
  }

  /// Runs `query`, an `UPDATE` of row `id` that returns it, and throws
  /// ``StoreError/notFound(_:)`` when it returned nothing: another server deleted the row.
  private func expectRow(_ id: Int64, from query: PostgresQuery, on connection: PostgresConnection)
    async throws
  {
    var updated = 0
    for try await _ in try await connection.query(query, logger: logger) { updated += 1 }
    guard updated > 0 else { throw StoreError.notFound("\(entity.table) row \(id)") }
  }
}
