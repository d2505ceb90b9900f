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
    guard let column = entity.positionColumn?.quoted else {
      return (0, try Int.fetchOne(db, sql: entity.countRead().sql) ?? 0)
    }
    let ends = try GRDB.Row.fetchOne(
      db, sql: "SELECT MIN(\(column)), MAX(\(column)) FROM \(entity.table.quoted)")
    guard let first: Int = ends?[0], let last: Int = ends?[1] else { return (0, 0) }
    return (first, last - first + 1)
  }

  /// The position after the last row of `entity`'s table, where a row added at the end goes.
  func endPosition(of entity: SQLiteEntity, db: Database) throws -> Int {
    let (first, count) = try order(of: entity, db: db)
    return first + count
  }

  /// Makes room for a row inserted at `index` of the table's order, which holds `count` rows
  /// from position `first`, moving the rows on the shorter side of it; returns the position
  /// the new row takes.
  func makeRoom(at index: Int, first: Int, count: Int, db: Database) throws -> Int {
    let place = first + index
    // Fewer rows before: they move one place earlier.
    if index < count - index, let room = entity.makingRoom(before: place) {
      try db.run(room)
      return place - 1
    }
    if let room = entity.makingRoom(at: place) { try db.run(room) }
    return place
  }

  /// Closes the gap a row deleted from `position` left, moving the rows on its shorter side.
  func closeGap(at position: Int, db: Database) throws {
    let (first, count) = try order(of: entity, db: db)
    guard count > 0 else { return }
    let gap =
      position - first < first + count - 1 - position
      ? entity.closingGap(before: position) : entity.closingGap(at: position)
    if let gap { try db.run(gap) }
  }
}
