import Trellis

/// What this package's tests draw: pending changes processed first, as a host does before it
/// draws, since reading a snapshot does no work.
extension TableModel {
  /// The snapshot after processing pending changes.
  package var shown: TableSnapshot { processChanges().target }

  /// The screen snapshot after processing pending changes.
  package func drawn() -> ScreenSnapshot {
    processChanges()
    return screenSnapshot()
  }
}

extension Screen {
  /// The screen snapshot after processing pending changes.
  package func drawn() -> ScreenSnapshot {
    model.processChanges()
    return snapshot()
  }
}
