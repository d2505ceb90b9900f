import Synchronization
import Trellis
import TrellisDiff

/// One list, processed once for every model that shows it the same way.
///
/// Many models may show one list alike: every browser session of an app, resting on the list
/// of a shared store. Each would hear of every edit, work out which rows it makes stale,
/// render them and diff, all to reach the very table the others reach. A shared list does
/// that work once: it keeps a model of its own with one section made like theirs, which alone
/// follows the store and the objects, and keeps the changesets that model delivers, a log
/// each attached section reads from its own version on.
///
/// The sections attached (``ArrayOfObjectsSection/sharedListLink``) stop following the store;
/// when the list changes, their models take its changesets, addressed to their own tables,
/// and its rendered rows and items as their own (see `SharedLists+Processing.swift`).
///
/// A section stays attached only while it shows exactly what the shared section shows: it
/// attaches when its rows equal the shared section's (or before it renders any), and anything
/// else that touches it (its own edit, a search, a new option) detaches it, back to following
/// the store itself.
///
/// A shared list lives on its models' domain; only its wake, which tells the attached
/// sections of changes, may run on any thread.
final class SharedList {
  /// How many changesets are kept: a section further behind takes the rows and diffs
  /// instead.
  static let retainedChangesets = 128

  /// The model whose single section is the shared one.
  let model: TableModel
  /// The section made like the attached ones.
  let section: ArrayOfObjectsSection
  /// How many changesets the shared model has delivered.
  private(set) var version = 0
  /// The latest changesets, oldest first, each with the version it made.
  private var changesets: [(version: Int, changeset: TableChangeset)] = []
  /// The sections to tell of changes: each one's model's sink and the section.
  private let attached = Locked(AttachedSections())
  /// Told, from any thread, when the list has changes to process: the host's wake for the
  /// windows it brings up to date together (``RestingGroup``), whose sections are not told.
  private let groupWake = Locked<(@Sendable () -> Void)?>(nil)
  private var observation: ObservationToken?
  /// The stages worked out for a table of this one section, to ``version``, by the version
  /// they start from: the sections attached are a few versions apart (each brought up to
  /// date by its own event at a different time), and each version's are worked out once.
  private var memo: (to: Int, stages: [Int: [Changeset<SectionSnapshot, RowSnapshot>]]) = (0, [:])

  private struct Attached: Sendable {
    let sink: InvalidationSink
    let section: ObjectIdentifier
    let notice: Notice
  }

  /// The attached sections by sink and section. Sections of closed models are dropped when
  /// the table has doubled since the last sweep: attaching is O(1) however many pages watch.
  private struct AttachedSections: Sendable {
    struct Key: Hashable, Sendable {
      let sink: ObjectIdentifier
      let section: ObjectIdentifier
    }
    var entries: [Key: Attached] = [:]
    var sweepAt = 64

    mutating func add(_ entry: Attached) {
      if entries.count >= sweepAt {
        entries = entries.filter { !$0.value.sink.isClosed }
        sweepAt = Swift.max(64, entries.count * 2)
      }
      entries[Key(sink: ObjectIdentifier(entry.sink), section: entry.section)] = entry
    }

    mutating func remove(sink: InvalidationSink, section: ObjectIdentifier) {
      entries[Key(sink: ObjectIdentifier(sink), section: section)] = nil
    }
  }

  /// Whether an attached section was told of changes it has not caught up on yet: it is told
  /// once, not at every change, until it catches up.
  ///
  /// With hundreds of attached sections and an edit every few milliseconds, telling each section's
  /// sink of every change would take hundreds of locks per edit; this costs one atomic
  /// exchange per attached section instead.
  final class Notice: Sendable {
    private let sent = Atomic(false)

    /// Whether the attached section is to be told now: true the first time after ``rearm()``.
    func take() -> Bool {
      !sent.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// The section is about to catch up: changes from now on are told again. Called before
    /// it reads the list, so that a change that arrives while it reads is not missed.
    func rearm() {
      sent.store(false, ordering: .releasing)
    }
  }

  init(section: ArrayOfObjectsSection) {
    self.section = section
    model = TableModel()
    model.addSection(section)
    let (attached, groupWake) = (attached, groupWake)
    model.setWakeHandler {
      for entry in attached.withLock({ $0.entries.values })
      where !entry.sink.isClosed && entry.notice.take() {
        entry.sink.noteSharedListChange()
      }
      groupWake.withLock { $0 }?()
    }
    observation = model.observe { [weak self] changeset in
      guard let self else { return }
      version += 1
      changesets.append((version, changeset))
      if changesets.count > Self.retainedChangesets * 2 {
        changesets.removeFirst(changesets.count - Self.retainedChangesets)
      }
    }
    model.processChanges()
  }

  /// The shared section's rendered rows, as of ``version``.
  var cache: SectionCache? { model.caches[ObjectIdentifier(section)] }

  /// Brings the shared section up to date with what the store and the objects reported.
  func advance() {
    if model.hasPendingChanges { model.processChanges() }
  }

  /// The changesets after `version`, oldest first; `nil` when they are no longer kept.
  func changesets(after version: Int) -> [TableChangeset]? {
    guard version < self.version else { return [] }
    guard let first = changesets.first, first.version <= version + 1 else { return nil }
    return changesets.filter { $0.version > version }.map(\.changeset)
  }

  /// The stages after `version`, addressed to section `s` of `base`
  /// (``StagedChangeset/stages(of:addressedTo:of:)``); `nil` when they are no longer kept or
  /// cannot be addressed so.
  ///
  /// For a table of this one section (most lists), the stages do not depend on the table:
  /// they are worked out once for every model at `version`.
  func stages(after version: Int, toSection s: Int, from base: TableSnapshot)
    -> [Changeset<SectionSnapshot, RowSnapshot>]?
  {
    let alone = s == 0 && base.sections.count == 1
    if memo.to != self.version { memo = (self.version, [:]) }
    if alone, let stages = memo.stages[version] { return stages }
    guard let changesets = changesets(after: version),
      let stages = TableChangeset.stages(of: changesets, addressedTo: s, of: base)
    else { return nil }
    if alone { memo.stages[version] = stages }
    return stages
  }

  /// Sets what is told, from any thread, when the list has changes to process.
  func setGroupWake(_ wake: (@Sendable () -> Void)?) {
    groupWake.withLock { $0 = wake }
  }

  /// Tells `sink` of changes for `section` from now on, once until the section catches up
  /// (``Notice/rearm()``), which it does with the notice returned.
  func attach(sink: InvalidationSink, section: ObjectIdentifier) -> Notice {
    let notice = Notice()
    attached.withLock { $0.add(Attached(sink: sink, section: section, notice: notice)) }
    return notice
  }

  /// Stops telling `sink` of changes for `section`.
  func detach(sink: InvalidationSink, section: ObjectIdentifier) {
    attached.withLock { $0.remove(sink: sink, section: section) }
  }
}
