import GRDB
import Trellis
import TrellisSQL

/// Where rows go in an ordered table.
///
/// The rows of an ordered table hold consecutive positions, in their order, from a first
/// position that need not be 0: a row inserted or deleted moves the rows on its shorter side
/// by one place, so that adding a row at the top of a long list moves no other row, and one
/// near the end moves only the rows after it. A cascade that deletes rows of the table from
/// anywhere numbers them 0, 1, 2… again (``RelationalEntity/renumbering``).
extension SQLiteStore {
  /// The rows of `entity`'s table: their first position (0 for an empty table or one without
  /// order) and how many there are.
  ///
  /// An ordered table's count is read from its first and last positions, which its index
  /// gives at once, rather than counted: the rows hold every position in between. Were they
  /// not to (another program's deletes), the count is the last position's place, and a row
  /// added at the end still goes after the last.
  func order(of entity: SQLiteEntity, db: Database) throws -> (first: Int, count: Int) {
    guard let ends = entity.orderEndsRead else {
      return (0, try Int.fetchOne(db, sql: entity.countRead().sql) ?? 0)
    }
    let row = try GRDB.Row.fetchOne(db, sql: ends)
    guard let first: Int = row?[0], let last: Int = row?[1] else { return (0, 0) }
    return (first, last - first + 1)
  }

  /// The position after the last row of `entity`'s table, where a row added at the end goes.
  func endPosition(of entity: SQLiteEntity, db: Database) throws -> Int {
    let (first, count) = try order(of: entity, db: db)
    return first + count
  }

  /// Makes room for a row inserted at `index` of the table's order, which holds `count` rows
  /// from position `first` (``RelationalEntity/room(at:first:count:)``); returns the position
  /// the new row takes.
  func makeRoom(at index: Int, first: Int, count: Int, db: Database) throws -> Int {
    let (room, position) = entity.room(at: index, first: first, count: count)
    if let room { try db.run(room) }
    return position
  }

  /// Closes the gap a row deleted from `position` left, moving the rows on its shorter side.
  func closeGap(at position: Int, db: Database) throws {
    let (first, count) = try order(of: entity, db: db)
    guard count > 0,
      let gap = entity.gapClosing(at: position, first: first, last: first + count - 1)
    else { return }
    try db.run(gap)
  }
}
