/// Rows deleted elsewhere while a person's choice holds them.
extension Draft {
  /// Takes `gone`, a row another window or program deleted, out of the values entered here:
  /// a to-one chosen as it now points at nothing, a chosen list leaves it out. The rows that
  /// show them re-render; Done then writes what the form shows.
  func forget(_ gone: Value) {
    for name in order {
      guard let cell = existingCell(name), let pending = cell.pending else { continue }
      if pending == gone {
        cell.pending = .null
      } else if case .array(let held) = pending, held.contains(gone) {
        cell.pending = .array(held.filter { $0 != gone })
      }
    }
  }
}
