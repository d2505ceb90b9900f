/// Edits that met someone else's: each edited property remembers what it held when the
/// person first changed it, and Done is refused when the store holds something else there
/// now (``StoreError/conflict(_:)``). Properties the person left alone take the other's values
/// without a conflict.
extension Draft {
  /// What each edited property held when it was first edited, by name: what a store
  /// compares with what it holds before it writes.
  public var expectedValues: [String: Value] {
    var values: [String: Value] = [:]
    for (name, _) in pendingValues {
      if let base = existingCell(name)?.base { values[name] = base }
    }
    return values
  }

  /// The edits whose property the object has changed since, to neither the starting point
  /// nor what was entered. (After a conflict a store named, the object may still hold an
  /// older value until the store's newer one arrives: that is no change.)
  func conflictsWithObject(choicesOnly: Bool = false) -> [FieldConflict] {
    pendingValues.compactMap { name, yours in
      guard let cell = existingCell(name), let base = cell.base else { return nil }
      let theirs = (try? object.value(forKeyPath: name)) ?? .null
      if choicesOnly, !(base.holdsObjects || yours.holdsObjects || theirs.holdsObjects) {
        return nil
      }
      return theirs == base || theirs == yours || theirs == cell.objectAtBase
        ? nil : FieldConflict(name: name, theirs: theirs, yours: yours)
    }
  }

  /// Validates and writes the entered values to the object, as ``Draft/commit()`` does, but
  /// refuses (``StoreError/conflict(_:)``, shown on the rows) when another screen changed an
  /// edited property of the object meanwhile: Done then writes this person's values over it.
  func commitToObject() throws(ScreenError) {
    let object = object
    let isChild = parent != nil
    try commit { values throws(StoreError) in
      guard !isChild else { return }
      try self.checkConflicts()
      do throws(BindingError) { try object.setValues(values) } catch {
        throw .invalidItem(error.description)
      }
    }
  }

  /// Keeps `entered`, which a person typed over a value that `theirs` has replaced meanwhile,
  /// on its row with the other's value named, without writing it: Done (or, on a live form,
  /// entering it again over the row that now shows it) writes it over the other's.
  func enter(_ entered: Value, for name: String, over theirs: Value) {
    let cell = cell(name)
    keep(entered, in: cell, name, context: nil)
    cell.base = theirs
    cell.objectAtBase = (try? object.value(forKeyPath: name)) ?? .null
    cell.conflict = theirs
  }

  /// Throws the conflicts with the object's values, before a store is asked to write; with
  /// `choicesOnly`, of properties that hold chosen objects only.
  func checkConflicts(choicesOnly: Bool = false) throws(StoreError) {
    let conflicts = conflictsWithObject(choicesOnly: choicesOnly)
    if !conflicts.isEmpty { throw .conflict(conflicts) }
  }

  /// Shows each conflict on its row, and takes the other's value as the new starting
  /// point: Done now writes the person's values over it.
  func markConflicts(_ conflicts: [FieldConflict]) {
    for conflict in conflicts {
      let cell = cell(conflict.name)
      cell.base = conflict.theirs
      cell.objectAtBase = (try? object.value(forKeyPath: conflict.name)) ?? .null
      cell.conflict = conflict.theirs
    }
  }

  /// The conflicts shown on the rows, in the order the properties were edited.
  public var conflicts: [FieldConflict] {
    pendingValues.compactMap { name, yours in
      existingCell(name)?.conflict.map { FieldConflict(name: name, theirs: $0, yours: yours) }
    }
  }

  /// Gives up this person's value of every conflicting property for the other's.
  func takeTheirs() {
    for conflict in conflicts {
      let cell = cell(conflict.name)
      cell.pending = conflict.theirs
      cell.conflict = nil
      cell.message = nil
    }
  }
}
