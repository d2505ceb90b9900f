/// How a section makes the rows of one rendering, with what they share read once.
struct RowMaker {
  /// Makes the row of element `index`.
  var row: (Int) -> Row
  /// Makes the snapshot of element `index`, whose identity is the given one, without a
  /// ``Row``: for rows that no action configures, that hold no binding and that follow their
  /// store rather than observation. `nil`, or a `nil` result, when the row must be made.
  var snapshot: ((Int, RowID) -> RowSnapshot?)?

  init(row: @escaping (Int) -> Row, snapshot: ((Int, RowID) -> RowSnapshot?)? = nil) {
    self.row = row
    self.snapshot = snapshot
  }
}
