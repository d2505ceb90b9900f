extension RelationalEntity {
  /// The statement giving an ordered table's rows the positions 0, 1, 2… again, in their
  /// order, after rows left it from the middle; `nil` when the entity keeps no order.
  ///
  /// Only rows whose position changes are written, so that a store's change tracking sees
  /// those rows and no others. SQLite reads `UPDATE … FROM` since 3.33.
  package var renumbering: String? {
    guard let position = positionColumn else { return nil }
    let table = Self.dialect.quoted(self.table)
    let key = Self.dialect.quoted(primaryKey)
    let column = Self.dialect.quoted(position)
    return """
      UPDATE \(table) SET \(column) = ranked.place FROM (
        SELECT \(key) AS id, row_number() OVER (ORDER BY \(column), \(key)) - 1 AS place
        FROM \(table)) AS ranked
      WHERE \(table).\(key) = ranked.id AND \(table).\(column) <> ranked.place
      """
  }

  /// `SELECT` of the first and last positions of an ordered table (both null when it is
  /// empty), which the position's index gives at once; `nil` when the entity keeps no order.
  ///
  /// The rows hold every position in between, so that the two say how many rows there are
  /// (``room(at:first:count:)``).
  package var orderEndsRead: String? {
    guard let column = positionColumn.map(Self.dialect.quoted) else { return nil }
    return "SELECT MIN(\(column)), MAX(\(column)) FROM \(Self.dialect.quoted(table))"
  }

  /// Where a row inserted at `index` of an order of `count` rows from position `first` goes,
  /// and the statement that makes room for it: the rows on the shorter side of it move one
  /// place, earlier or later, so that a row added at the top of a long list moves no other.
  /// No statement when the entity keeps no order.
  package func room(at index: Int, first: Int, count: Int) -> (SQLStatement?, position: Int) {
    let place = first + index
    if index < count - index, let room = makingRoom(before: place) { return (room, place - 1) }
    return (makingRoom(at: place), place)
  }

  /// The statement closing the gap a row deleted from `position` left, in an order whose
  /// rows now run from position `first` to `last`: the rows on the shorter side of it move
  /// one place toward it. `nil` when the entity keeps no order.
  package func gapClosing(at position: Int, first: Int, last: Int) -> SQLStatement? {
    position - first < last - position ? closingGap(before: position) : closingGap(at: position)
  }

  /// The statement moving the rows at `position` and after one place later, to make room for
  /// a row inserted there; `nil` when the entity keeps no order.
  package func makingRoom(at position: Int) -> SQLStatement? {
    shifting(by: "+ 1", rowsWherePosition: ">=", position)
  }

  /// The statement moving the rows after `position` one place earlier, once the row there
  /// is gone; `nil` when the entity keeps no order.
  package func closingGap(at position: Int) -> SQLStatement? {
    shifting(by: "- 1", rowsWherePosition: ">", position)
  }

  /// The statement moving the rows before `position` one place earlier, to make room for a
  /// row inserted right before it; `nil` when the entity keeps no order.
  package func makingRoom(before position: Int) -> SQLStatement? {
    shifting(by: "- 1", rowsWherePosition: "<", position)
  }

  /// The statement moving the rows before `position` one place later, once the row there is
  /// gone; `nil` when the entity keeps no order.
  package func closingGap(before position: Int) -> SQLStatement? {
    shifting(by: "+ 1", rowsWherePosition: "<", position)
  }

  /// The statement adding `step` to the position of the rows whose position compares with
  /// `position` by `comparison`, but row `except`.
  private func shifting(
    by step: String, rowsWherePosition comparison: String, _ position: Int, except: Int64? = nil
  ) -> SQLStatement? {
    guard let column = positionColumn.map(Self.dialect.quoted) else { return nil }
    let dialect = Self.dialect
    var statement = SQLStatement(
      "UPDATE \(dialect.quoted(table)) SET \(column) = \(column) \(step) "
        + "WHERE \(column) \(comparison) \(dialect.placeholder(1, for: .int(0)))",
      keys: [Int64(position)])
    if let except {
      statement.sql +=
        " AND \(dialect.quoted(primaryKey)) <> \(dialect.placeholder(2, for: .int(0)))"
      statement.keys.append(except)
    }
    return statement
  }

  /// The place a row at `source` moves to when it is moved right after the row at `place`;
  /// when `nil`, to `first`, the first place of the order.
  package static func destination(from source: Int, after place: Int?, first: Int = 0) -> Int {
    guard let place else { return first }
    return place < source ? place + 1 : place
  }

  /// The statements moving row `id` from place `source` to place `destination` of an order
  /// whose places run from `first` to `last`, moving as few other rows as they can.
  ///
  /// Either the rows between the two places shift by one (``moving(_:from:to:)``), or the row
  /// is taken out and put back in, each time moving the rows on the shorter side of its place
  /// (a row moved from the bottom of a long list to its top then moves no other row). The
  /// order ends with consecutive places either way, from a first place that may have changed.
  package func moving(_ id: Int64, from source: Int, to destination: Int, first: Int, last: Int)
    -> [SQLStatement]
  {
    let count = last - first + 1
    let (from, to) = (source - first, destination - first)
    let closesBefore = from < count - 1 - from
    let opensBefore = to < count - 1 - to
    let outAndIn =
      (closesBefore ? from : count - 1 - from) + (opensBefore ? to : count - 1 - to)
    guard source != destination, outAndIn < abs(from - to),
      let taken = closesBefore
        ? shifting(by: "+ 1", rowsWherePosition: "<", source)
        : shifting(by: "- 1", rowsWherePosition: ">", source)
    else { return moving(id, from: source, to: destination) }
    // The other rows now hold consecutive places from `rest`; the row goes in at `to` of them.
    let rest = closesBefore ? first + 1 : first
    let place = rest + to
    let room =
      opensBefore
      ? shifting(by: "- 1", rowsWherePosition: "<", place, except: id)
      : shifting(by: "+ 1", rowsWherePosition: ">=", place, except: id)
    return [taken] + (room.map { [$0] } ?? []) + [placing(id, at: opensBefore ? place - 1 : place)]
  }

  /// The statement giving row `id` place `position`.
  private func placing(_ id: Int64, at position: Int) -> SQLStatement {
    let dialect = Self.dialect
    let column = positionColumn.map(dialect.quoted) ?? ""
    return SQLStatement(
      "UPDATE \(dialect.quoted(table)) SET \(column) = \(dialect.placeholder(1, for: .int(0))) "
        + "WHERE \(dialect.quoted(primaryKey)) = \(dialect.placeholder(2, for: .int(0)))",
      keys: [Int64(position), id])
  }

  /// The statements moving row `id` from place `source` to place `destination`: the rows
  /// between shift by one toward the place it left, then it takes its new place; none when
  /// the places are the same or the entity keeps no order.
  package func moving(_ id: Int64, from source: Int, to destination: Int) -> [SQLStatement] {
    guard source != destination, let column = positionColumn.map(Self.dialect.quoted) else {
      return []
    }
    let dialect = Self.dialect
    let table = dialect.quoted(self.table)
    let (low, high) = (dialect.placeholder(1, for: .int(0)), dialect.placeholder(2, for: .int(0)))
    let shift =
      source < destination
      ? SQLStatement(
        "UPDATE \(table) SET \(column) = \(column) - 1 WHERE \(column) > \(low) AND \(column) <= \(high)",
        keys: [Int64(source), Int64(destination)])
      : SQLStatement(
        "UPDATE \(table) SET \(column) = \(column) + 1 WHERE \(column) >= \(low) AND \(column) < \(high)",
        keys: [Int64(destination), Int64(source)])
    let place = SQLStatement(
      "UPDATE \(table) SET \(column) = \(low) WHERE \(dialect.quoted(primaryKey)) = \(high)",
      keys: [Int64(destination), id])
    return [shift, place]
  }
}
