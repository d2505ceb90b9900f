/// How a section makes the rows of one rendering, with what they share read once.
struct RowMaker {
  /// Makes the row of element `index`.
  var row: (Int) -> Row
  /// Makes the snapshot of element `index`, whose identity is the given one, without a
  /// ``Row``: for rows that no action configures, that hold no binding and that follow their
  /// store rather than observation. `nil`, or a `nil` result, when the row must be made.
  var snapshot: ((Int, RowID) -> RowSnapshot?)?
  /// The attributes of the rows made last, which rows that set the same ones share.
  let attributes: RowSnapshot.SharedAttributes.Recent

  init(
    row: @escaping (Int) -> Row, snapshot: ((Int, RowID) -> RowSnapshot?)? = nil,
    attributes: RowSnapshot.SharedAttributes.Recent = .init()
  ) {
    self.row = row
    self.snapshot = snapshot
    self.attributes = attributes
  }
}
