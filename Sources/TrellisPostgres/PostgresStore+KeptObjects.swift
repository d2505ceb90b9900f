import Trellis

/// Which rows' objects the store keeps: those a list, a form or an app still holds, and
/// those whose rows were written so lately that a read begun before may still be running.
///
/// One row is one object for as long as anything holds it, so the store keeps each row's
/// object (its ``ObjectFault``, or the object the app inserted) strongly, and drops the ones
/// nothing else holds in a sweep: when the objects have doubled since the last one, and a
/// moment after a list stops observing the store. A dropped row is then as one never read: a
/// later read makes it anew. A row written lately, or with values waiting for its domain,
/// stays: a read begun before that write may still be running, and only the object's
/// version tells that read's values are old. Every read ends within the store's
/// ``PostgresStore/timeout``, so a row last written before a sweep that long ago is settled.
extension PostgresStore {
  /// Drops the objects nothing but the store holds, now.
  package func sweepObjects() {
    state.withLock { $0.sweep() }
  }

  /// Waits for the sweep that a list letting go asked for, if one is pending.
  package func sweepFinished() async { await state.sweepFinished() }

  /// How many row objects the store keeps now, children included.
  package var keptObjectCount: Int {
    state.withLock { $0.objects.count + $0.childKeys.count }
  }
}

extension PostgresStore.State: KeptObjects {
  /// The fewest objects that make a sweep.
  static let fewestSwept = 4096

  /// Drops the objects that only the store holds, with what it keeps for them: no row,
  /// draft or task can reach them. A fault whose object something else holds stays, so that
  /// the object keeps its row; so does a row with values waiting, or written after the
  /// settled clock (reads last at most ``readTimeout``; thrice that, as for deletes). Then the
  /// children nothing holds any more. They are freed here, under the store's lock, so that a
  /// sweep that returns has freed them. The next sweep comes when the objects left have
  /// doubled, so that sweeping costs in proportion to the rows read.
  mutating func sweep() {
    settle()
    let forgotten = objects.keysHeldOnlyHere { id, object in
      // Settled writes were forgotten just now: a row still noted was written lately.
      (object as? ObjectFault)?.holdsItsObjectAlone ?? true
        && lastWrites[id] == nil && arrived[id] == nil && ownWrites[id] == nil
    }
    for id in forgotten {
      guard let object = objects.removeValue(forKey: id) else { continue }
      keys[ObjectIdentifier(object)] = nil
      versions[id] = nil
      lastWrites[id] = nil
      problems[id] = nil
    }
    if !forgotten.isEmpty { pruneReferrers() }
    for table in Array(childObjects.keys) {
      guard var rows = childObjects.removeValue(forKey: table) else { continue }
      let gone = rows.keysHeldOnlyHere()
      for key in gone {
        guard let object = rows.removeValue(forKey: key) else { continue }
        childKeys[ObjectIdentifier(object)] = nil
      }
      if !rows.isEmpty { childObjects[table] = rows }
    }
    sweepAt = Swift.max(Self.fewestSwept, objects.count * 2)
  }

  /// Marks the write clock now, and moves the settled clock to the newest mark long enough
  /// ago (thrice ``readTimeout``, as for deletes) that every read begun before it has ended;
  /// the writes at or before it can no longer make a read old, and are forgotten.
  mutating func settle() {
    let now = ContinuousClock.now
    clockMarks.append((writeClock, now))
    while let mark = clockMarks.first, now - mark.at >= readTimeout * 3 {
      settledClock = mark.clock
      clockMarks.removeFirst()
    }
    let settled = settledClock
    lastWrites = lastWrites.filter { $0.value > settled }
    writesPruneAt = Swift.max(Self.fewestSwept, lastWrites.count * 2)
  }

  /// Notes a write of row `id`: a read begun before it is old. The notes are pruned when
  /// they have doubled since the last time.
  mutating func noteWrite(_ id: Int64) {
    writeClock += 1
    lastWrites[id] = writeClock
    if lastWrites.count >= writesPruneAt { settle() }
  }
}
