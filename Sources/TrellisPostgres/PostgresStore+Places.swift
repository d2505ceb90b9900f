import PostgresNIO
import Trellis

/// Naming places in the store's order by the item before them, as ``StoreChange`` does.
extension PostgresStore {
  /// Where a row is in the store's order, named by the row before it.
  enum RowPlace: Sendable, Equatable {
    /// The row is gone: deleted since it was reported.
    case gone
    /// The row is first.
    case first
    /// The row comes right after the row with this key.
    case after(Int64)

    /// The key of the row before; `nil` when there is none.
    var previous: Int64? {
      if case .after(let key) = self { key } else { nil }
    }
  }

  /// The key of the row before row `id` in the store's order: one row, whose key is null when
  /// row `id` is first; no row when row `id` is gone.
  func predecessorStatement(of id: Int64) throws(StoreError) -> PostgresStatement {
    let order = entity.orderColumns
    let list = entity.defaultOrder
    let key = try PostgresIdentifier.quoted(entity.primaryKey)
    let table = try table
    var statement = PostgresStatement(
      "SELECT (SELECT \(key) FROM \(table) WHERE (\(list)) < (SELECT \(list) FROM \(table) "
        + "WHERE \(key) = ")
    statement.bind(Int(id))
    statement.append(
      ") ORDER BY \(order.map { "\($0) DESC" }.joined(separator: ", ")) LIMIT 1) FROM \(table) "
        + "WHERE \(key) = ")
    statement.bind(Int(id))
    return statement
  }

  /// The place `predecessorStatement(of:)` finds.
  func predecessor(_ query: PostgresQuery, _ connection: PostgresConnection) async throws
    -> RowPlace
  {
    for try await key in try await connection.query(query, logger: logger).decode(Int64?.self) {
      return key.map(RowPlace.after) ?? .first
    }
    return .gone
  }

  /// Where row `id` is, read now; `nil` when the database cannot say.
  func predecessor(of id: Int64) async -> RowPlace? {
    guard let query = try? predecessorStatement(of: id).query else { return nil }
    return try? await perform { connection in try await self.predecessor(query, connection) }
  }

  /// The item whose row has key `key`, to name a place by: the object this store made for the
  /// row, or one made now from it (no list on this server shows it then, and none will
  /// place anything after it); `nil` when the row cannot be read.
  func placeItem(_ key: Int64) async -> Value? {
    if let object = state.withLock({ $0.objects[key] }) { return .object(ObjectReference(object)) }
    guard let record = try? await record(key),
      let object = try? materialize(record)
    else { return nil }
    return .object(ObjectReference(object))
  }

  /// The change that inserts `item` after the row with key `previous` (first when `nil`), or a
  /// reset when that row cannot be read.
  func insertion(of item: Value, after previous: Int64?) async -> StoreChange {
    guard let previous else { return .inserted(item, after: nil) }
    guard let after = await placeItem(previous) else { return .reset }
    return .inserted(item, after: after)
  }
}
