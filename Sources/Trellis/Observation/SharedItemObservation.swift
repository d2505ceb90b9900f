import Observation

/// One observation per object for every row, in every model, that shows it the same way.
///
/// A row of a list normally tracks what it reads with its own `withObservationTracking`. When
/// many models show the same objects — every browser session of an app on one shared store —
/// that is one tracking per object per model: each rendering of a row pays for installing its
/// tracking, and each change of an object calls every model's tracking in turn, on the thread
/// that made the change.
///
/// Rows whose content is the object's own values, read the same way (``Section/sharedItem(at:)``
/// says which), share one tracking and one rendering instead: the first model renders the row
/// and installs the tracking, the others take its snapshot and add themselves to the list of
/// rows to mark stale, and a change marks them all at once. Like Observation's own tracking it
/// fires once; the rows it marks re-subscribe when rendered again.
final class SharedItemObservation: Sendable {
  /// The registry every model uses.
  static let shared = SharedItemObservation()

  /// Which object a shared tracking watches, and what the rows read of it.
  struct Key: Hashable, Sendable {
    var object: ObjectIdentifier
    /// What the rows read and show besides the object (``readsID(_:)``).
    var reads: Int
  }

  /// A row to mark stale: its model's sink, its identity and its section.
  ///
  /// The sink is held strongly, not weakly: every session subscribes again each time it takes
  /// a shared row, and a weak reference costs more to make, copy and drop than the rest of
  /// the lookup. A sink whose model is gone is closed (``InvalidationSink/isClosed``): it is
  /// skipped when a watch fires and dropped when its watch is swept.
  private struct Subscriber: Hashable {
    let sink: InvalidationSink
    let row: RowID
    let section: ObjectIdentifier

    static func == (a: Subscriber, b: Subscriber) -> Bool {
      a.sink === b.sink && a.row == b.row && a.section == b.section
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(ObjectIdentifier(sink))
      hasher.combine(row)
      hasher.combine(section)
    }
  }

  /// The tracking of one object for the rows that show it one way.
  ///
  /// A class, kept after its tracking fires: the rows that subscribed subscribe again when
  /// rendered, into a set that keeps its capacity, and nothing is copied to read or change it.
  private final class Watch {
    /// The object watched: an identifier is only meaningful while its object lives.
    weak var object: AnyObject?
    var subscribers: Set<Subscriber> = []
    /// Tells a firing tracking from one that replaced it.
    var generation: Int
    /// Whether a tracking of this generation is installed; false once it fired.
    var isTracked = true
    /// The newest row a rendering made, for the others to take as it is, and when (on
    /// ``tick()``'s clock) that rendering started.
    var row: (id: RowID, snapshot: RowSnapshot, builtAt: Int)?

    init(object: AnyObject, subscriber: Subscriber, generation: Int) {
      self.object = object
      self.subscribers = [subscriber]
      self.generation = generation
    }
  }

  private struct State {
    var watches: [Key: Watch] = [:]
    var nextGeneration = 0
    var clock = 0
    /// Each `reads` text by its number, so that a key hashes two words.
    var readsIDs: [String: Int] = [:]
    /// The number of watches after the last sweep of dead ones.
    var sweptCount = 0
  }

  // Sound: a watch's rows are snapshots (Sendable) and its object is only compared by
  // identity, never read, off the domain that rendered it; the lock serialises the rest.
  private let state = UncheckedLocked(State())

  /// The number standing for `reads`, the same for the same text.
  func readsID(_ reads: String) -> Int {
    state.withLock { state in
      if let id = state.readsIDs[reads] { return id }
      let id = state.readsIDs.count + 1
      state.readsIDs[reads] = id
      return id
    }
  }

  /// The next time on the registry's clock, by which renderings and store reports are
  /// ordered.
  func tick() -> Int {
    state.withLock { state in
      state.clock += 1
      return state.clock
    }
  }

  /// The row `id` showing `item`: the one another model rendered, or `build()`'s; either way
  /// marked stale in `sink` when anything the rendering read of the object changes.
  ///
  /// The first row for the item is built under observation, installing the shared tracking,
  /// and kept; other models take that snapshot (the same storage) until the object changes,
  /// unless their store reported the item updated after that rendering started (an object
  /// that is not observable changes only through its store). `built` says whether `build`
  /// ran.
  func row(
    _ item: SharedItem, id: RowID, section: ObjectIdentifier, sink: InvalidationSink,
    build: () -> RowSnapshot?
  ) -> (snapshot: RowSnapshot?, built: Bool) {
    let object = item.object
    let key = Key(object: ObjectIdentifier(object), reads: item.reads)
    let subscriber = Subscriber(sink: sink, row: id, section: section)
    enum Found {
      case row(RowSnapshot)
      case watched(generation: Int, startedAt: Int)
      case installed(generation: Int, startedAt: Int)
    }
    let found = state.withLock { state -> Found in
      state.clock += 1
      let now = state.clock
      guard let watch = state.watches[key], watch.object === object else {
        state.nextGeneration += 1
        let generation = state.nextGeneration
        state.watches[key] = Watch(
          object: object, subscriber: subscriber, generation: generation)
        Self.sweepIfGrown(&state)
        return .installed(generation: generation, startedAt: now)
      }
      if watch.subscribers.insert(subscriber).inserted {
        Self.dropClosedSubscribers(of: watch)
      }
      guard watch.isTracked else {
        // The last tracking fired: this rendering installs the next one.
        state.nextGeneration += 1
        watch.generation = state.nextGeneration
        watch.isTracked = true
        return .installed(generation: watch.generation, startedAt: now)
      }
      if let row = watch.row, row.id == id, row.builtAt > item.reportedAt ?? 0 {
        return .row(row.snapshot)
      }
      return .watched(generation: watch.generation, startedAt: now)
    }
    let snapshot: RowSnapshot?
    let generation: Int
    let startedAt: Int
    switch found {
    case .row(let row):
      return (row, false)
    case .watched(let watched, let started):
      (generation, startedAt) = (watched, started)
      snapshot = build()
    case .installed(let installed, let started):
      (generation, startedAt) = (installed, started)
      snapshot = withObservationTracking(build) { [weak self] in
        self?.fire(key, generation: generation)
      }
    }
    if let snapshot {
      state.withLock { state in
        guard let watch = state.watches[key], watch.generation == generation,
          (watch.row?.builtAt ?? 0) < startedAt
        else { return }
        watch.row = (id, snapshot, startedAt)
      }
    }
    return (snapshot, true)
  }

  /// Sessions come and go: the rows of closed ones are dropped each time the list doubles.
  private static func dropClosedSubscribers(of watch: Watch) {
    let count = watch.subscribers.count
    guard count >= 64, count & (count - 1) == 0 else { return }
    watch.subscribers = watch.subscribers.filter { !$0.sink.isClosed }
  }

  /// The tracking of `key` saw a change: every row that subscribed is stale, and subscribes
  /// again when rendered.
  private func fire(_ key: Key, generation: Int) {
    let subscribers = state.withLock { state -> Set<Subscriber> in
      guard let watch = state.watches[key], watch.generation == generation, watch.isTracked
      else { return [] }
      let subscribers = watch.subscribers
      watch.subscribers.removeAll(keepingCapacity: true)
      watch.isTracked = false
      watch.row = nil
      return subscribers
    }
    for subscriber in subscribers where !subscriber.sink.isClosed {
      subscriber.sink.invalidateRow(subscriber.row, in: subscriber.section)
    }
  }

  /// Drops the watches of objects that are gone, each time the registry doubled since the
  /// last sweep: the cost stays proportional to the watches added.
  private static func sweepIfGrown(_ state: inout State) {
    guard state.watches.count > max(1024, state.sweptCount * 2) else { return }
    state.watches = state.watches.filter { $0.value.object != nil }
    for watch in state.watches.values {
      let live = watch.subscribers.filter { !$0.sink.isClosed }
      if live.count != watch.subscribers.count { watch.subscribers = live }
    }
    state.sweptCount = state.watches.count
  }
}

/// What a section tells ``SharedItemObservation`` about an item's row.
struct SharedItem {
  /// The object the row shows.
  var object: AnyObject
  /// How the row reads the object and what else it shows, as a number from
  /// ``SharedItemObservation/readsID(_:)``; rows with the same `reads` show the same object
  /// alike.
  var reads: Int
  /// When the section's store last reported the object updated, if it did.
  var reportedAt: Int?
}
