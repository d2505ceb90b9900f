import Trellis

extension WebServiceStore {
  /// Drops the objects that nothing but the store holds, now.
  package func sweepObjects() {
    objects.withLock { $0.sweep() }
  }

  /// How many objects the store keeps by identity now.
  package var keptObjectCount: Int { objects.withLock { $0.entries.count } }

  /// Waits for the sweep that a list letting go asked for, if one is pending.
  package func sweepFinished() async { await objects.sweepFinished() }

  /// The objects by identity, and the values read or answered for known objects since the
  /// domain that shows them last applied them.
  ///
  /// The map holds its objects strongly and drops the ones nothing else holds in a sweep:
  /// when the map has doubled since the last one, and after a list stops observing the
  /// store (``KeptObjects``).
  struct IdentityMap: KeptObjects {
    private(set) var entries: [String: DocumentObject] = [:]
    /// How many entries make the next sweep: twice those left by the last one, and at least
    /// 4,096, so that sweeping costs in proportion to the objects read.
    private var sweepAt = 4096
    var arrived: [String: ArrivedValues] = [:]
    /// What the service answered for new objects it gave no id, waiting for their domain.
    var arrivedWithoutIdentity: [(object: DocumentObject, values: ValueDictionary)] = []
    /// The sweep asked for by a list letting go, until it runs.
    var pendingSweep: Task<Void, Never>?

    /// Keeps `object` as the one of identity `id`.
    mutating func remember(_ object: DocumentObject, as id: String) {
      entries[id] = object
      if entries.count >= sweepAt { sweep() }
    }

    /// Forgets the object of identity `id` (it was deleted).
    mutating func forget(_ id: String) {
      entries[id] = nil
      arrived[id] = nil
    }

    /// Drops the objects that only the map holds: no row, draft or task can reach them, so a
    /// later read makes them anew, and the values waiting for them go too. They are freed
    /// here, under the map's lock, so that a sweep that returns has freed them.
    mutating func sweep() {
      let forgotten = entries.keysHeldOnlyHere()
      for id in forgotten { entries[id] = nil }
      if !forgotten.isEmpty { arrived = arrived.filter { entries[$0.key] != nil } }
      sweepAt = Swift.max(4096, entries.count * 2)
    }

    /// Keeps `values`, some to set, for `object`, which the service gave no id.
    mutating func arriveWithoutIdentity(_ object: DocumentObject, _ values: ValueDictionary) {
      arrivedWithoutIdentity.append((object, values))
    }

    /// Keeps `values` for the object `id`: all of its values when `replacing` (a read),
    /// else some to set (a write's answer).
    mutating func arrive(_ id: String, _ values: ValueDictionary, replacing: Bool) {
      if !replacing, var earlier = arrived[id] {
        for (key, value) in values { earlier.values[key] = value }
        arrived[id] = earlier
      } else {
        arrived[id] = ArrivedValues(values: values, replaces: replacing)
      }
    }
  }
}

extension WebServiceStore {
  /// Values for a known object, waiting for the domain that shows it.
  struct ArrivedValues {
    var values: ValueDictionary
    /// Whether they are all of the object's values (a read) rather than some to set.
    var replaces: Bool
  }
}
