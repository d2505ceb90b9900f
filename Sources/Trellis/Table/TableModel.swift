import Observation
import TrellisDiff

/// An ordered list of sections: the data a table shows, and the one path every change takes.
///
/// Every change — an edit through the model's API, a change of an observed object, a section
/// added — ends the same way: ``processChanges()`` renders what became stale into a new
/// ``TableSnapshot``, diffs it against the snapshot the hosts show, and hands the staged
/// ``TableChangeset`` to every observer.
///
/// A model belongs to one isolation domain (the main actor under UIKit, one session in the web
/// host). Observation callbacks may come from any thread; they only mark rows stale and call the
/// wake handler set with ``setWakeHandler(_:)``, so that the owner processes changes on its own
/// domain.
public final class TableModel {
  /// The screen title.
  public var title: String?
  /// Grouped or plain.
  public var style: TableStyle
  /// The sections, in order.
  public private(set) var sections: [Section] = []
  /// Above this many updates, hosts get a full reload instead of batch updates.
  public var diffOptions = DiffOptions()
  /// Actions for every row; sections' and rows' own actions override them.
  public var rowActions = RowActions() {
    didSet {
      hasRowActions = !rowActions.isEmpty
      invalidateAll()
    }
  }
  /// Whether ``rowActions`` holds any action, read without copying them.
  package private(set) var hasRowActions = false
  /// Actions for every section's events; sections' own override them.
  public var sectionActions = SectionActions()
  /// Actions for the model's own events.
  public var modelActions = ModelActions()
  /// Called at the start of every ``processChanges()``, on the model's domain, after the
  /// hooks Trellis adds for itself (a grouped list regrouping): the app's own.
  public var willProcessChanges: (() -> Void)?
  /// What runs at the start of every ``processChanges()`` for Trellis's own screens and
  /// models (a grouped list regrouping, a form's title following what is saved), each kept
  /// beside the others.
  private var processingHooks: [() -> Void] = []
  /// Adds `hook` to what runs at the start of every ``processChanges()``, beside the hooks
  /// added before and the app's ``willProcessChanges``.
  package func addProcessingHook(_ hook: @escaping () -> Void) { processingHooks.append(hook) }
  /// The theme that styles the table, its sections and rows; resolved styles become part of
  /// every snapshot (``RowSnapshot/style``), so that every host can apply them.
  public var theme: Theme? { didSet { invalidateAll() } }
  /// Whether tapping rows marks several of them (UITableView's `allowsMultipleSelection`):
  /// a tap toggles a row in ``selectedRowIDs`` and fires its `didSelect`, instead of running
  /// the row's action.
  public var allowsMultipleSelection = false
  /// The same in edit mode (`allowsMultipleSelectionDuringEditing`).
  public var allowsMultipleSelectionDuringEditing = false
  /// The rows marked by taps while multiple selection is on.
  public internal(set) var selectedRowIDs: Set<RowID> = []
  /// A named theme style for the table itself.
  public var themeStyle: String?

  /// The lists this model may show shared with the other models that show them alike (the
  /// web host's sessions); `nil`, every list does its own work.
  package var listSharing: (any ListSharing)?
  /// Who uses the model and what they may do, from its screen's navigator
  /// (``Navigator/access``): lists fetch and offer only what it allows.
  package var access: Access?

  /// What the model did so far, for tests that count the work of one event.
  package internal(set) var statistics = Statistics()

  package let invalidation = InvalidationSink()
  /// Objects that live as long as the model and no longer: what built its screen keeps beside
  /// it (a descriptor's section visibility), which the data it observes must not keep alive.
  package var ownedObjects: [AnyObject] = []
  package var caches: [ObjectIdentifier: SectionCache] = [:]
  package var delivered = TableSnapshot()
  package private(set) var sectionsChanged = true
  private let observers = DomainObserverList<TableChangeset>()
  private var nextSectionNumber = 0
  private var isProcessing = false
  /// Background operations whose completions have not run (``perform(_:then:)``).
  var pendingWork: [(WorkOutcome, (Result<Void, StoreError>) -> Void)] = []
  /// Async stores whose rows for known objects this model applies before it processes
  /// changes, and what wakes it when they report (``followArrivals(of:)``).
  var arrivalSources: [ArrivalSource] = []

  /// Creates an empty model.
  public init(title: String? = nil, style: TableStyle = .grouped) {
    self.title = title
    self.style = style
  }

  deinit {
    // Shared row observations hold the sink: they skip it from now on. What the rows' tracked
    // reads registered is let go of in time (``ClosedScreenObservations``).
    invalidation.close(reading: readObjects)
  }

  // MARK: Sections

  /// Appends a section.
  public func addSection(_ section: Section) {
    insertSection(section, at: sections.count)
  }

  /// Inserts a section at `index` (clamped to the valid range).
  public func insertSection(_ section: Section, at index: Int) {
    if section.hasGeneratedID {
      nextSectionNumber += 1
      section.id = "s\(nextSectionNumber)"
      section.hasGeneratedID = false
    }
    section.model = self
    sections.insert(section, at: Swift.min(Swift.max(index, 0), sections.count))
    sectionsChanged = true
  }

  /// Removes the section at `index`.
  public func removeSection(at index: Int) throws(TableEditError) {
    guard sections.indices.contains(index) else {
      throw .sectionOutOfRange(index, count: sections.count)
    }
    let section = sections.remove(at: index)
    caches[ObjectIdentifier(section)] = nil
    section.model = nil
    sectionsChanged = true
  }

  /// Moves a section.
  public func moveSection(from source: Int, to destination: Int) throws(TableEditError) {
    guard sections.indices.contains(source) else {
      throw .sectionOutOfRange(source, count: sections.count)
    }
    guard sections.indices.contains(destination) else {
      throw .sectionOutOfRange(destination, count: sections.count)
    }
    let section = sections.remove(at: source)
    sections.insert(section, at: destination)
    sectionsChanged = true
  }

  /// Removes every section.
  public func removeAllSections() {
    for section in sections { section.model = nil }
    sections.removeAll()
    caches.removeAll()
    sectionsChanged = true
  }

  /// Marks every section stale, so that everything is rendered again.
  public func invalidateAll() {
    for section in sections { section.setNeedsRefresh() }
  }

  /// Tells every section that edit mode changed.
  func editingChanged(_ editing: Bool) {
    for section in sections { section.editingChanged(editing) }
  }

  /// The first section with `id`.
  public func section(withID id: String) -> Section? {
    sections.first { $0.id == id }
  }

  // MARK: The pipeline

  /// Sets what to call when an observed object changes; the owner then calls
  /// ``processChanges()`` on the model's isolation domain. May be called from any thread.
  public func setWakeHandler(_ wake: (@Sendable () -> Void)?) {
    invalidation.setWake(wake)
  }

  /// Calls `handler` with every changeset from now on. Keep the token to keep observing.
  public func observe(_ handler: @escaping (TableChangeset) -> Void) -> ObservationToken {
    observers.add(handler)
  }

  /// Whether anything changed since the last ``processChanges()``.
  public var hasPendingChanges: Bool { sectionsChanged || !invalidation.isEmpty }

  /// Renders what became stale, diffs, and delivers the changeset to every observer.
  ///
  /// - Returns: The changeset delivered, which is empty when nothing changed.
  @discardableResult
  public func processChanges() -> TableChangeset {
    statistics.processChangesCalls += 1
    guard !isProcessing, hasPendingChanges else {
      return TableChangeset(stages: [], target: delivered)
    }
    statistics.processChangesRuns += 1
    isProcessing = true
    defer { isProcessing = false }
    runFinishedWork()
    applyArrivals()
    for hook in processingHooks { hook() }
    willProcessChanges?()
    let noted = invalidation.notedSections()
    if !noted.sections.isEmpty {
      for section in sections where noted.sections.contains(ObjectIdentifier(section)) {
        section.absorbStoreChanges()
      }
    }
    var stale = invalidation.take(notedAsOf: noted.count)
    // Lists attached to shared lists take their work; the rest is worked out from there.
    let caughtUp = listSharing?.catchUp(self, stale: &stale)
    if let caughtUp { delivered = caughtUp.target }
    listSharing?.start(self, stale: &stale)
    var patched = rowLocalChangeset(
      stale.rows, staleSections: stale.sections.union(stale.restructured))
    if patched == nil {
      patched = tailChangeset(stale)
      // A tail that could not be patched asked for its section whole.
      if patched == nil {
        let more = invalidation.takeStale()
        stale.sections.formUnion(more.sections)
        stale.restructured.formUnion(more.restructured)
        stale.restructured.subtract(stale.sections)
        stale.rows.merge(more.rows) { $0.union($1) }
      }
    }
    let own = patched ?? firstChangeset(render(stale))
    let changeset = caughtUp?.followed(by: own, options: diffOptions) ?? own
    delivered = changeset.target
    if !changeset.isEmpty {
      observers.notify(changeset)
    }
    listSharing?.share(self)
    // A store that reported meanwhile is processed next time, which nothing else asks for.
    if stale.notedMeanwhile { invalidation.wakeOwner() }
    return changeset
  }

  /// The changeset from what hosts show to `new`: a diff, or, when hosts show nothing yet,
  /// the insertion of every section, without matching the rows of a table that is all new.
  private func firstChangeset(_ new: TableSnapshot) -> TableChangeset {
    guard delivered.sections.isEmpty, !new.sections.isEmpty else {
      return .reconciling(from: delivered, to: new, options: diffOptions)
    }
    var sectionIDs = Set<String>()
    guard new.sections.allSatisfy({ sectionIDs.insert($0.model.id).inserted }) else {
      return .reconciling(from: delivered, to: new, options: diffOptions)
    }
    var stage = Changeset<SectionSnapshot, RowSnapshot>(data: new)
    stage.sectionInserts = Array(new.sections.indices)
    if let limit = diffOptions.maxChangeCount, stage.changeCount > limit {
      return .reloadAll(to: new, because: .tooManyChanges(count: stage.changeCount, limit: limit))
    }
    return TableChangeset(stages: [stage], target: new)
  }

  /// The snapshot hosts show: the target of the last changeset delivered.
  ///
  /// Reading it does no work: changes are processed by ``processChanges()``, which the host
  /// loop (``Navigator/handle(_:onDetail:)``, a host's wake) calls once per event.
  public var snapshot: TableSnapshot { delivered }

  /// Renders sections that became stale and reuses the rest.
  private func render(_ stale: InvalidationSink.Stale) -> TableSnapshot {
    sectionsChanged = false
    var result: [SnapshotSection<SectionSnapshot, RowSnapshot>] = []
    result.reserveCapacity(sections.count)
    for section in sections {
      let key = ObjectIdentifier(section)
      if caches[key] == nil || stale.sections.contains(key) {
        caches[key] = SectionCache.render(
          section, sink: invalidation, model: self, hostsHold: caches[key])
      } else if stale.restructured.contains(key) {
        caches[key] = SectionCache.render(
          section, sink: invalidation, model: self, reusing: caches[key],
          staleRows: stale.rows[key] ?? [])
      } else if let rows = stale.rows[key] {
        _ = caches[key]?.updateRows(rows, of: section, sink: invalidation, model: self)
      }
      if let cache = caches[key] {
        result.append(SnapshotSection(cache.snapshot, items: cache.visible))
      }
    }
    return TableSnapshot(sections: result)
  }
}

extension TableModel {
  /// Renders every section anew, ignoring every cache: what a host must show if the model's
  /// incremental updates are right. For verification in tests.
  public func freshSnapshot() -> TableSnapshot {
    // Verification is not the model's work: it leaves the statistics as they were.
    let counted = statistics
    defer { statistics = counted }
    let scratch = InvalidationSink()
    // Nothing processes what it records: shared row observations skip it.
    defer { scratch.close() }
    return TableSnapshot(
      sections: sections.map { section in
        let cache = SectionCache.render(section, sink: scratch, model: self, startsSteps: false)
        return SnapshotSection(cache.snapshot, items: cache.visible)
      })
  }
}

/// Not `Sendable`: a model stays on its screen's domain (see <doc:Concurrency>).
@available(*, unavailable)
extension TableModel: Sendable {}
