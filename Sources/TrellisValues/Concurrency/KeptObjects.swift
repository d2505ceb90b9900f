/// A store's state that keeps one object per row or record, held strongly: the objects
/// nothing else holds leave in ``sweep()``, which runs when the kept objects have doubled,
/// and a moment after a list stops observing the store (``UncheckedLocked/sweepSoon()``).
///
/// Weak references would drop them at once, but give every object a side table, which makes
/// each retain and release of it several times slower; a list retains each of its objects
/// many times as its pages arrive.
package protocol KeptObjects {
  /// Drops the objects that only the store holds, under the store's lock, so that a sweep
  /// that returns has freed them.
  mutating func sweep()
  /// The sweep asked for by a list letting go, until it runs.
  var pendingSweep: Task<Void, Never>? { get set }
}

/// How long after a list lets go its objects are swept: its domain is still tearing it down
/// when it stops observing, and holds the objects until it is done.
package let keptObjectsSweepDelay = Duration.milliseconds(250)

extension UncheckedLocked where State: KeptObjects {
  /// Sweeps a moment after a list let go of its objects; lists letting go meanwhile share
  /// the sweep. Objects still held then stay until a later sweep.
  package func sweepSoon() {
    withLock { kept in
      guard kept.pendingSweep == nil else { return }
      kept.pendingSweep = Task {
        try? await Task.sleep(for: keptObjectsSweepDelay)
        self.withLock { kept in
          kept.pendingSweep = nil
          kept.sweep()
        }
      }
    }
  }

  /// Waits for the sweep that a list letting go asked for, if one is pending.
  package func sweepFinished() async {
    await withLock { $0.pendingSweep }?.value
  }
}

extension Dictionary {
  /// The keys of the entries whose object at `reference` only this dictionary holds: each
  /// checked in place, since a copy of the reference would be one more holder.
  package mutating func keysHeldOnlyHere<Object: AnyObject>(
    _ reference: WritableKeyPath<Value, Object>
  ) -> [Key] {
    var found: [Key] = []
    var index = values.startIndex
    while index != values.endIndex {
      if isKnownUniquelyReferenced(&values[index][keyPath: reference]) {
        found.append(keys[index])
      }
      values.formIndex(after: &index)
    }
    return found
  }
}

extension Dictionary where Value: AnyObject {
  /// The keys of the entries whose objects only this dictionary holds and `alsoFree` allows
  /// dropping: each checked in place, since a copy of the reference would be one more holder.
  package mutating func keysHeldOnlyHere(where alsoFree: (Key, Value) -> Bool = { _, _ in true })
    -> [Key]
  {
    var found: [Key] = []
    var index = values.startIndex
    while index != values.endIndex {
      if isKnownUniquelyReferenced(&values[index]), alsoFree(keys[index], values[index]) {
        found.append(keys[index])
      }
      values.formIndex(after: &index)
    }
    return found
  }
}
