import GRDB
import Trellis
import TrellisSQL

/// Moving rows of an ordered table, each move one transaction that moves as few other rows as
/// it can (``RelationalEntity/moving(_:from:to:first:last:)``).
extension SQLiteStore {
  public func move(_ item: Value, after: Value?) throws(StoreError) {
    let id = try movedKey(of: item)
    var afterID: Int64?
    if let after {
      guard let key = key(of: try storedObject(after), in: entity) else {
        throw .notFound(after.displayText)
      }
      guard key != id else { throw .invalidItem("an item cannot be moved after itself") }
      afterID = key
    }
    try write { db throws in
      guard let source = try position(of: id, db: db) else { return }
      let place = try afterID.flatMap { afterID throws in try position(of: afterID, db: db) }
      guard try moveRow(id, from: source, after: place, db: db) else { return }
      describe(.moved(item, after: after))
    }
    shared.changes.flush()
  }

  /// Moves `item` to right before `before`, after the row that precedes `before` once `item`
  /// is taken out: a list showing part of the order (a search) names the row it was dropped
  /// on, and the table's index finds the row before it without reading the others.
  public func move(_ item: Value, before: Value) throws(StoreError) {
    let id = try movedKey(of: item)
    guard let beforeID = key(of: try storedObject(before), in: entity) else {
      throw .notFound(before.displayText)
    }
    guard beforeID != id else { throw .invalidItem("an item cannot be moved before itself") }
    let table = entity.table.quoted
    let primaryKey = entity.primaryKey.quoted
    let column = entity.positionColumn?.quoted ?? "NULL"
    try write { db throws in
      guard let source = try position(of: id, db: db),
        let target = try position(of: beforeID, db: db)
      else { return }
      let previous = try GRDB.Row.fetchOne(
        db,
        sql: """
          SELECT \(primaryKey), \(column) FROM \(table) WHERE \(column) < ? AND \(primaryKey) <> ?
          ORDER BY \(column) DESC LIMIT 1
          """, arguments: [target, id])
      let previousID: Int64? = previous?[0]
      guard try moveRow(id, from: source, after: previous?[1], db: db) else { return }
      describe(.moved(item, after: previousID.map(row(withKey:))))
    }
    shared.changes.flush()
  }

  /// The key of the row `item` is, in a table that keeps an order.
  private func movedKey(of item: Value) throws(StoreError) -> Int64 {
    guard entity.positionColumn != nil else {
      throw .unsupported("moving items of '\(entity.table)', which has no order")
    }
    guard let id = key(of: try storedObject(item), in: entity) else {
      throw .notFound(item.displayText)
    }
    return id
  }

  /// Moves row `id` from position `source` to right after the row at position `place` (first
  /// when `nil`); false when it is there already.
  private func moveRow(_ id: Int64, from source: Int, after place: Int?, db: Database) throws
    -> Bool
  {
    let (first, count) = try order(of: entity, db: db)
    let destination = SQLiteEntity.destination(from: source, after: place, first: first)
    guard source != destination else { return false }
    let statements = entity.moving(
      id, from: source, to: destination, first: first, last: first + count - 1)
    for statement in statements { try db.run(statement) }
    return true
  }

  /// The item a change names for the row with key `key` of the store's table: its object
  /// when it was read, a row no list holds otherwise.
  func row(withKey key: Int64) -> Value {
    let read = state.withLock { $0.objects[entity.table]?[key] }
    return .object(ObjectReference(read ?? UnreadRow()))
  }
}
