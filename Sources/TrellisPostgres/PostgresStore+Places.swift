import PostgresNIO
import Trellis

/// Naming places in the store's order by the item before them, as ``StoreChange`` does.
extension PostgresStore {
  /// The key of the row before row `id` in the store's order; `nil` when it is first (or
  /// gone).
  func predecessorStatement(of id: Int64) throws(StoreError) -> PostgresStatement {
    let order = try defaultOrder
    let list = order.joined(separator: ", ")
    let key = try PostgresIdentifier.quoted(entity.primaryKey)
    let table = try table
    var statement = PostgresStatement(
      "SELECT \(key) FROM \(table) WHERE (\(list)) < (SELECT \(list) FROM \(table) WHERE \(key) = ")
    statement.bind(Int(id))
    statement.append(
      ") ORDER BY \(order.map { "\($0) DESC" }.joined(separator: ", ")) LIMIT 1")
    return statement
  }

  /// The key `predecessorStatement(of:)` finds.
  func predecessor(_ query: PostgresQuery, _ connection: PostgresConnection) async throws
    -> Int64?
  {
    for try await key in try await connection.query(query, logger: logger).decode(Int64.self) {
      return key
    }
    return nil
  }

  /// The key of the row before row `id`, read now; `nil` when it is first, gone, or the
  /// database cannot say.
  func predecessor(of id: Int64) async -> Int64?? {
    guard let query = try? predecessorStatement(of: id).query else { return nil }
    return try? await perform { connection in try await self.predecessor(query, connection) }
  }

  /// The item whose row has key `key`, to name a place by: the object this store made for the
  /// row, or one made now from it (no list on this server shows it then, and none will
  /// place anything after it); `nil` when the row cannot be read.
  func placeItem(_ key: Int64) async -> Value? {
    if let object = state.withLock({ $0.objects[key] }) { return .object(ObjectReference(object)) }
    var statement: PostgresStatement
    do {
      statement = try selectColumns()
      statement.append(" WHERE \(try PostgresIdentifier.quoted(entity.primaryKey)) = ")
    } catch { return nil }
    statement.bind(Int(key))
    guard let record = try? await records(statement).first,
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
