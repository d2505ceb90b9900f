import Synchronization

/// What Observation keeps for the reads of models since closed, let go of once it outweighs
/// what open models keep.
///
/// A row renders under `withObservationTracking`, and Observation lets go of what that
/// registered in each object read only when something read changes. A model that closes
/// leaves its registrations behind: on an object every window shares (the settings, a game, a
/// document, a list's objects in memory), one set per closed window, without bound while
/// nothing changes. So models count their tracked reads, and a closing model hands its count
/// and the objects its rows read here. Once the closed reads outnumber the open ones (and at
/// least ``least``), those objects announce their values unchanged
/// (``UnchangedAnnouncement``): what closed models left is let go of, and open models render
/// those rows again, the same, so hosts are sent nothing. Each release costs about one
/// rendering of what the open models read, and so is paid for by as many closed reads.
package final class ClosedScreenObservations: Sendable {
  /// An object a model's rows read, with the key paths known to have been read (none when
  /// only the object is known).
  package typealias ReadObject = (object: AnyObject, keyPaths: Set<AnyKeyPath>)

  /// The one record, for every model in the process.
  package static let shared = ClosedScreenObservations()

  /// The fewest closed reads a release waits for.
  package static let least = 2_048

  private struct Entry {
    weak var object: AnyObject?
    var keyPaths: Set<AnyKeyPath>
    var announce: () -> Void
  }

  private struct State {
    /// Tracked reads of closed models that nothing has changed yet.
    var closed = 0
    /// The objects those reads may have registered with, by identity.
    var objects: [ObjectIdentifier: Entry] = [:]
    /// How many entries make the next pruning of freed objects (whose windows' own objects,
    /// say, went with them).
    var pruneAt = ClosedScreenObservations.least
    /// How many releases there were.
    var releases = 0
  }

  /// Tracked reads of open models that nothing has changed yet.
  private let open = Atomic(0)
  /// Sound without `Sendable` state: the entries hold their objects weakly, and what a
  /// release calls touches only the objects' registrars, which are safe from any thread.
  private let state = UncheckedLocked(State())

  /// How many releases there were, for tests.
  package var releases: Int { state.withLock { $0.releases } }

  /// How many tracked reads open models hold now, for tests: a release waits for as many
  /// closed ones.
  package var openReads: Int { open.load(ordering: .relaxed) }

  /// A model began a tracked read.
  package func began() { open.add(1, ordering: .relaxed) }

  /// A change let go of an open model's tracked read.
  package func endedOpen() { open.subtract(1, ordering: .relaxed) }

  /// A change let go of a closed model's tracked read.
  package func endedClosed() { state.withLock { $0.closed = max(0, $0.closed - 1) } }

  /// Takes over a closing model's `count` tracked reads and the objects its rows read, with
  /// the key paths known to have been read; releases when the closed reads are due. Runs on
  /// the closing model's domain, where the objects may be read.
  package func closed(count: Int, objects: [ReadObject]) {
    guard count > 0 else { return }
    let open = self.open.subtract(count, ordering: .relaxed).newValue
    let due = state.withLock { state -> [() -> Void] in
      state.closed += count
      for (object, keyPaths) in objects { Self.add(object, keyPaths: keyPaths, to: &state) }
      guard state.closed > max(Self.least, open) else { return [] }
      state.closed = 0
      state.releases += 1
      defer {
        state.objects = [:]
        state.pruneAt = Self.least
      }
      return state.objects.values.compactMap { $0.object == nil ? nil : $0.announce }
    }
    for announce in due { announce() }
  }

  private static func add(_ object: AnyObject, keyPaths: Set<AnyKeyPath>, to state: inout State) {
    if state.objects.count >= state.pruneAt {
      state.objects = state.objects.filter { $0.value.object != nil }
      state.pruneAt = max(least, 2 * state.objects.count)
    }
    let id = ObjectIdentifier(object)
    // An entry of a freed object at the same address is not this object's.
    let known = state.objects[id].flatMap { $0.object === object ? $0.keyPaths : nil }
    if let known, known.isSuperset(of: keyPaths) { return }
    let all = (known ?? []).union(keyPaths)
    guard let announce = UnchangedAnnouncement.make(for: object, keyPaths: all) else { return }
    state.objects[id] = Entry(object: object, keyPaths: all, announce: announce)
  }
}
