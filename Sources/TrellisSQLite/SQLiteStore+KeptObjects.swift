import Trellis

/// Which rows' identities the store keeps: those a list, a form or an app still holds.
///
/// One row is one object for as long as anything holds it, so the store keeps each row's
/// identity (its ``ObjectFault``, or the object the app inserted) strongly, and drops the
/// ones nothing else holds in a sweep: when the identities have doubled since the last one,
/// and a moment after a list stops observing the store. A later read of a dropped row makes
/// it anew (``KeptObjects``).
extension SQLiteStore {
  /// Drops the identities nothing but the store holds, now.
  package func sweepObjects() {
    state.withLock { $0.sweep() }
  }

  /// Waits for the sweep that a list letting go asked for, if one is pending.
  package func sweepFinished() async { await state.sweepFinished() }
}

extension SQLiteStore.State: KeptObjects {
  /// The fewest identities that make a sweep.
  static let fewestSwept = 4096

  /// Drops the identities that only the store holds, with what it keeps for them: no row,
  /// draft or task can reach them. A fault whose object something else holds stays, so that
  /// the object keeps its row. They are freed here, under the store's lock, so that a sweep
  /// that returns has freed them. The next sweep comes when the identities left have
  /// doubled, so that sweeping costs in proportion to the rows read.
  mutating func sweep() {
    for table in Array(objects.keys) {
      guard var rows = objects.removeValue(forKey: table) else { continue }
      let forgotten = rows.keysHeldOnlyHere { _, identity in
        (identity as? ObjectFault)?.holdsItsObjectAlone ?? true
      }
      for id in forgotten {
        guard let identity = rows.removeValue(forKey: id) else { continue }
        keys[ObjectIdentifier(identity)] = nil
        unreadChildren[ObjectIdentifier(identity)] = nil
        problems[ObjectIdentifier(identity)] = nil
      }
      if !rows.isEmpty { objects[table] = rows }
    }
    sweepAt = Swift.max(Self.fewestSwept, keys.count * 2)
  }
}
