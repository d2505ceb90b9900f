/// Rows deleted elsewhere while a person's choice holds them.
extension Draft {
  /// Takes `gone`, a row another window or program deleted, out of the lists chosen here (a
  /// task's tags): the rows that show them re-render, and Done writes what the form shows.
  ///
  /// A to-one chosen as `gone` is kept: Done refuses it on its row ("… was deleted
  /// meanwhile: choose another"), so that the person chooses again rather than the row
  /// being saved as pointing at nothing without a word.
  func forget(_ gone: Value) {
    for name in order {
      guard let cell = existingCell(name), case .array(let held)? = cell.pending,
        held.contains(gone)
      else { continue }
      cell.pending = .array(held.filter { $0 != gone })
    }
  }
}
