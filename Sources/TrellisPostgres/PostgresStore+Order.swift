import Logging
import PostgresNIO
import Trellis
import TrellisSQL

/// Where rows go in an ordered table, read and written under the order's lock.
///
/// The rows hold consecutive positions, in their order, from a first position that need not
/// be 0. An insert or a delete moves the rows on its shorter side by one place
/// (``RelationalEntity/room(at:first:count:)``): a row added at the top of a long list moves
/// no other row, and holds the order's lock, which every server's writers of the table wait
/// for, only as long as its own write. A cascade into the table numbers the rows 0, 1, 2…
/// again (``RelationalEntity/renumbering``).
extension PostgresStore {
  /// The first position of the store's order and how many rows it holds, read on
  /// `connection` (in the caller's transaction); 0 and the count for a table without order.
  func order(_ connection: PostgresConnection) async throws -> (first: Int, count: Int) {
    try await Self.order(of: entity, connection: connection, logger: logger)
  }

  /// The first position of `entity`'s order and how many rows it holds, as ``order(_:)``.
  static func order(of entity: PostgresEntity, connection: PostgresConnection, logger: Logger)
    async throws -> (first: Int, count: Int)
  {
    guard let ends = entity.orderEndsRead else {
      let count = PostgresStatement(entity.countRead()).query
      for try await number in try await connection.query(count, logger: logger)
        .decode(Int64.self)
      {
        return (0, Int(number))
      }
      return (0, 0)
    }
    let query = PostgresQuery(unsafeSQL: ends)
    for try await (first, last) in try await connection.query(query, logger: logger)
      .decode((Int64?, Int64?).self)
    {
      guard let first, let last else { return (0, 0) }
      return (Int(first), Int(last - first + 1))
    }
    return (0, 0)
  }

  /// `SELECT` of row `id`'s position; no row when the row is gone.
  func positionStatement(of id: Int64) throws(StoreError) -> PostgresStatement? {
    guard let column = entity.positionColumn else { return nil }
    var statement = PostgresStatement(
      "SELECT \(try PostgresIdentifier.quoted(column)) FROM \(try table) WHERE "
        + "\(try PostgresIdentifier.quoted(entity.primaryKey)) = ")
    statement.bind(Int(id))
    return statement
  }

  /// The position a `positionStatement(of:)` reads; `nil` when the row is gone.
  func position(_ query: PostgresQuery, _ connection: PostgresConnection) async throws -> Int? {
    for try await position in try await connection.query(query, logger: logger)
      .decode(Int64.self)
    {
      return Int(position)
    }
    return nil
  }

  /// Closes the gap a row deleted from `position` left, moving the rows on its shorter side.
  func closeGap(at position: Int, _ connection: PostgresConnection) async throws {
    let (first, count) = try await order(connection)
    guard count > 0,
      let gap = entity.gapClosing(at: position, first: first, last: first + count - 1)
    else { return }
    try await connection.run(gap, logger: logger)
  }
}
