import Synchronization

/// Where observation reports what became stale, from whatever thread changed it.
///
/// `withObservationTracking` calls back before the change lands, on the changing thread; the
/// sink only records what is stale and wakes the model's owner, which re-renders later on the
/// model's own isolation domain.
package final class InvalidationSink: Sendable {
  private struct State {
    var staleRows: [ObjectIdentifier: Set<RowID>] = [:]
    var staleSections: Set<ObjectIdentifier> = []
    /// Sections whose elements changed while each remaining row still shows what it showed.
    var restructured: Set<ObjectIdentifier> = []
    /// Sections whose stores reported changes, for them to sort out on the model's domain.
    var noted: Set<ObjectIdentifier> = []
    /// Whether a shared list that sections show changed (``TableModel/listSharing``), for
    /// them to catch up on the model's domain.
    var sharedListChanged = false
    /// Whether a background operation finished, for its completion to run on the domain.
    var workFinished = false
    /// How many store reports were noted, ever: tells a take whether a report arrived after
    /// the owner read ``noted``.
    var notedCount = 0
    var wake: (@Sendable () -> Void)?

    var isEmpty: Bool {
      staleRows.isEmpty && staleSections.isEmpty && restructured.isEmpty && noted.isEmpty
        && !sharedListChanged && !workFinished
    }

    /// Whether the model is gone: nothing is recorded any more.
    var isClosed = false

    /// Records with `record`; returns the wake to call when nothing was stale before.
    mutating func recording(_ record: (inout State) -> Void) -> (@Sendable () -> Void)? {
      guard !isClosed else { return nil }
      let wasEmpty = isEmpty
      record(&self)
      return wasEmpty ? wake : nil
    }
  }

  private let state = Locked(State())
  private let closed = Atomic(false)
  /// Tracked reads that nothing has changed yet (``beganTracking()``).
  private let tracked = Atomic(0)

  /// Whether the model the sink serves is gone: nothing it records is processed any more.
  package var isClosed: Bool { closed.load(ordering: .relaxed) }

  /// Stops waking the owner and forgets what is stale: the model is gone. Its tracked reads,
  /// and the objects they may have read (asked for only when there are such reads), go to
  /// ``ClosedScreenObservations``.
  func close(reading objects: () -> [ClosedScreenObservations.ReadObject] = { [] }) {
    closed.store(true, ordering: .relaxed)
    let count = tracked.exchange(0, ordering: .relaxed)
    if count > 0 { ClosedScreenObservations.shared.closed(count: count, objects: objects()) }
    state.withLock { state in
      state = State()
      state.isClosed = true
    }
  }

  /// Counts a read that observation tracks, until ``endedTracking()``.
  func beganTracking() {
    tracked.add(1, ordering: .relaxed)
    ClosedScreenObservations.shared.began()
  }

  /// A change let go of a tracked read.
  func endedTracking() {
    if isClosed {
      ClosedScreenObservations.shared.endedClosed()
    } else {
      tracked.subtract(1, ordering: .relaxed)
      ClosedScreenObservations.shared.endedOpen()
    }
  }

  /// Sets what to call when something becomes stale.
  func setWake(_ wake: (@Sendable () -> Void)?) {
    state.withLock { $0.wake = wake }
  }

  /// Records a stale row; wakes the owner only when nothing was stale yet, so that many
  /// changes before the owner processes them cost one wake.
  func invalidateRow(_ row: RowID, in section: ObjectIdentifier) {
    state.withLock { $0.recording { $0.staleRows[section, default: []].insert(row) } }?()
  }

  /// Records a stale section; wakes the owner only when nothing was stale yet.
  package func invalidateSection(_ section: ObjectIdentifier) {
    state.withLock { $0.recording { $0.staleSections.insert(section) } }?()
  }

  /// Records that the elements of `section` changed (items inserted, deleted or moved) while
  /// its other rows still show what they showed: they are kept, the new ones rendered.
  func invalidateStructure(_ section: ObjectIdentifier) {
    state.withLock { $0.recording { $0.restructured.insert(section) } }?()
  }

  /// Records that the store of `section` reported changes; the section decides, when the model
  /// processes changes, which rows they make stale. Wakes like the others.
  func noteStoreChange(in section: ObjectIdentifier) {
    state.withLock { state in
      state.recording { state in
        state.noted.insert(section)
        state.notedCount += 1
      }
    }?()
  }

  /// Records that a shared list the model's sections show changed; wakes like the
  /// others, unless the owner is about to process changes itself (`wakingOwner` false).
  package func noteSharedListChange(wakingOwner: Bool = true) {
    let wake = state.withLock { $0.recording { $0.sharedListChanged = true } }
    if wakingOwner { wake?() }
  }

  /// Records that a background operation finished (``TableModel/perform(_:then:)``); wakes
  /// like the others.
  func noteWorkFinished() {
    state.withLock { $0.recording { $0.workFinished = true } }?()
  }

  /// Forgets that operations finished: the model is about to run their completions.
  func clearWorkFinished() {
    state.withLock { $0.workFinished = false }
  }

  /// The sections whose stores reported changes, and how many reports were noted so far (for
  /// ``take(notedAsOf:)``). They are kept until that take: what they make stale meanwhile wakes
  /// no one, since the owner is already processing.
  func notedSections() -> (sections: Set<ObjectIdentifier>, count: Int) {
    state.withLock { ($0.noted, $0.notedCount) }
  }

  /// Takes everything recorded so far, but the store reports noted after the owner read
  /// ``notedSections()`` (when `count` noted were read): those stay, for the next processing,
  /// and ``Stale/notedMeanwhile`` says so.
  ///
  /// A store reports from its own thread at any moment. A report that arrived while the owner
  /// absorbed the others would otherwise be dropped here, and its rows would stay stale until
  /// the store reported again.
  func take(notedAsOf count: Int) -> Stale {
    take(all: true, notedAsOf: count)
  }

  /// Takes the stale rows and sections recorded so far, mid-processing: store reports and
  /// shared lists' changes stay for the next processing, which their wake asked for.
  func takeStale() -> Stale {
    take(all: false, notedAsOf: nil)
  }

  private func take(all: Bool, notedAsOf count: Int?) -> Stale {
    state.withLock { state in
      let notedMeanwhile = count != nil && count != state.notedCount
      defer {
        state.staleRows = [:]
        state.staleSections = []
        state.restructured = []
        if all {
          if !notedMeanwhile { state.noted = [] }
          state.sharedListChanged = false
        }
      }
      return Stale(
        rows: state.staleRows, sections: state.staleSections,
        restructured: state.restructured.subtracting(state.staleSections),
        notedMeanwhile: notedMeanwhile)
    }
  }

  /// Wakes the owner, for what was recorded while it processed and woke no one.
  func wakeOwner() {
    state.withLock { $0.wake }?()
  }

  var isEmpty: Bool { state.withLock { $0.isEmpty } }
}

extension InvalidationSink {
  /// What became stale since the model last processed changes.
  package struct Stale {
    /// Rows whose observed values changed, by section.
    package var rows: [ObjectIdentifier: Set<RowID>]
    /// Sections to render whole.
    package var sections: Set<ObjectIdentifier>
    /// Sections whose elements changed, to render keeping their unchanged rows.
    package var restructured: Set<ObjectIdentifier>
    /// Whether a store reported while the owner processed: its report waits for the next
    /// processing, which the owner must be woken for.
    var notedMeanwhile = false
  }
}
