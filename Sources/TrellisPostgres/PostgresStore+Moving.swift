import PostgresNIO
import Trellis
import TrellisSQL

/// Moving rows of an ordered table: each move is one transaction, holding the table's order
/// lock and the rows it names, that moves as few other rows as it can
/// (``RelationalEntity/moving(_:from:to:first:last:)``).
extension PostgresStore {
  /// Moves the item's row to right after `after`'s (first when `nil`) in the store's order.
  public func move(_ item: Value, after: Value?) async throws(StoreError) {
    let (object, moved) = try movedRow(item)
    var target: Int64?
    if let after {
      guard let key = key(of: try storedObject(after)) else { throw .notFound(after.displayText) }
      guard key != moved else { throw .invalidItem("an item cannot be moved after itself") }
      target = key
    }
    let taken = noticesTaken
    let afterKey = target
    _ = try await moveRow(moved, named: afterKey.map { [$0] } ?? []) { places, _ in
      guard let target = afterKey else { return (nil, nil) }
      guard let place = places[target] else {
        throw StoreError.notFound("\(self.entity.table) row \(target)")
      }
      return (target, place)
    }
    reportOwn(.moved(item, after: after), about: object, row: moved, taken: taken)
  }

  /// Moves the item's row to right before `before`'s, after the row that precedes it once
  /// the item is taken out: a list showing part of the order (a search) names the row it was
  /// dropped on, and the order's index finds the row before it without reading the others.
  public func move(_ item: Value, before: Value) async throws(StoreError) {
    let (object, moved) = try movedRow(item)
    guard let target = key(of: try storedObject(before)) else {
      throw .notFound(before.displayText)
    }
    guard target != moved else { throw .invalidItem("an item cannot be moved before itself") }
    let taken = noticesTaken
    let name = try PostgresIdentifier.quoted(entity.positionColumn ?? "")
    let key = try PostgresIdentifier.quoted(entity.primaryKey)
    let table = try table
    let result = try await moveRow(moved, named: [target]) { places, connection in
      guard let place = places[target] else {
        throw StoreError.notFound("\(self.entity.table) row \(target)")
      }
      var find = PostgresStatement("SELECT \(key), \(name) FROM \(table) WHERE \(name) < ")
      find.bind(place)
      find.append(" AND \(key) <> ")
      find.bind(Int(moved))
      find.append(" ORDER BY \(name) DESC LIMIT 1 FOR UPDATE")
      for try await (row, place) in try await connection.query(find.query, logger: self.logger)
        .decode((Int64, Int64).self)
      {
        return (row, Int(place))
      }
      return (nil, nil)
    }
    guard result.moved else { return }
    var after: Value?
    if let key = result.after {
      guard let item = await placeItem(key) else {
        observers.notify(.reset)
        return
      }
      after = item
    }
    reportOwn(.moved(item, after: after), about: object, row: moved, taken: taken)
  }

  /// The object `item` is and its row's key, in a table that keeps an order.
  private func movedRow(_ item: Value) throws(StoreError) -> (AnyObject, Int64) {
    guard entity.positionColumn != nil else {
      throw .unsupported("moving rows of '\(entity.table)', which keeps no order")
    }
    let object = try storedObject(item)
    guard let moved = key(of: object) else { throw .notFound(item.displayText) }
    return (object, moved)
  }

  /// Moves row `moved` in one transaction to right after the row `place` finds (first when it
  /// finds none), given the places of `moved` and of the rows `named`, all locked: whether it
  /// moved, and the key of the row it now follows (`nil`: first).
  private func moveRow(
    _ moved: Int64, named: [Int64],
    place: @escaping @Sendable ([Int64: Int], PostgresConnection) async throws -> (Int64?, Int?)
  ) async throws(StoreError) -> (moved: Bool, after: Int64?) {
    let table = try table
    let position = try PostgresIdentifier.quoted(entity.positionColumn ?? "")
    let key = try PostgresIdentifier.quoted(entity.primaryKey)
    return try await perform(transaction: true, takesOrderLock: true) { connection in
      try await Self.lockOrders(of: [self.entity], connection: connection, logger: self.logger)
      // The rows named are locked too, so that an edit of either waits for the move.
      var find = PostgresStatement("SELECT \(key), \(position) FROM \(table) WHERE \(key) = ")
      find.bind(Int(moved))
      for other in named {
        find.append(" OR \(key) = ")
        find.bind(Int(other))
      }
      find.append(" FOR UPDATE")
      var places: [Int64: Int] = [:]
      for try await (row, place) in try await connection.query(find.query, logger: self.logger)
        .decode((Int64, Int64).self)
      {
        places[row] = Int(place)
      }
      guard let source = places[moved] else {
        throw StoreError.notFound("\(self.entity.table) row \(moved)")
      }
      let (previous, after) = try await place(places, connection)
      let (first, count) = try await self.order(connection)
      let destination = PostgresEntity.destination(from: source, after: after, first: first)
      guard source != destination else { return (false, previous) }
      let statements = self.entity.moving(
        moved, from: source, to: destination, first: first, last: first + count - 1)
      for statement in statements {
        try await connection.run(statement, logger: self.logger)
      }
      // Renumbering says nothing through the trigger: the move is announced as one.
      try await self.announce(
        #"{"op":"MOVE","id":\#(moved),"from":\#(source),"to":\#(destination),"origin":"\#(self.origin)"}"#,
        connection: connection)
      return (true, previous)
    }
  }
}
