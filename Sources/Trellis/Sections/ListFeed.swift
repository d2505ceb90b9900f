import Synchronization
import TrellisDiff

/// One processing of a store's list for every model that shows it the same way.
///
/// Many models may show one list alike: every browser session of an app, resting on the list
/// of a shared store. Each would hear of every edit, work out which rows it makes stale,
/// render them and diff, all to reach the very table the others reach. A feed does that work
/// once: it keeps a model of its own with one section made like theirs (its *twin*), which
/// alone follows the store and the objects, and keeps the changesets that model delivers.
/// The sections that follow the feed (``ArrayOfObjectsSection/feedLink``) stop following the
/// store; when the feed has news, their models take its changesets, addressed to their own
/// tables, and its rendered rows and items as their own (see `TableModel+Feeds.swift`).
///
/// A section follows a feed only while it shows exactly what the twin shows: it joins when
/// its rows equal the twin's, and anything else that touches it (its own edit, a search, a new
/// option) sends it back to following the store itself.
///
/// A feed lives on its models' domain; only its wake, which tells the followers of news, may
/// run on any thread.
final class ListFeed {
  /// What a feed's changesets are kept for: a follower further behind adopts the rows and
  /// diffs.
  static let retainedChangesets = 128

  /// The model whose single section is the twin.
  let model: TableModel
  /// The section made like the followers'.
  let twin: ArrayOfObjectsSection
  /// How many changesets the twin's model has delivered.
  private(set) var version = 0
  /// The latest changesets, oldest first, each with the version it made.
  private var changesets: [(version: Int, changeset: TableChangeset)] = []
  /// The followers to tell of news: each section's model's sink and the section.
  private let followers = Locked<[Follower]>([])
  private var observation: ObservationToken?
  /// The stages worked out for a table of this one section, to ``version``, by the version
  /// they start from: the followers of one feed are a few versions apart (each brought up to
  /// date by its own event at a different time), and each version's are worked out once.
  private var memo: (to: Int, stages: [Int: [Changeset<SectionSnapshot, RowSnapshot>]]) = (0, [:])

  private struct Follower: Sendable {
    let sink: InvalidationSink
    let section: ObjectIdentifier
    let notice: Notice
  }

  /// Whether a follower was told of news it has not caught up on yet: the feed tells it once,
  /// not at every change, until it catches up.
  ///
  /// With hundreds of followers and an edit every few milliseconds, telling each follower's
  /// sink of every change would take hundreds of locks per edit; this costs one atomic
  /// exchange per follower instead.
  final class Notice: Sendable {
    private let sent = Atomic(false)

    /// Whether the follower is to be told now: true the first time after ``rearm()``.
    func take() -> Bool {
      !sent.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// The follower is about to catch up: news from now on is told again. Called before it
    /// reads the feed, so that news that arrives while it reads is not missed.
    func rearm() {
      sent.store(false, ordering: .releasing)
    }
  }

  init(twin: ArrayOfObjectsSection) {
    self.twin = twin
    model = TableModel()
    model.addSection(twin)
    let followers = followers
    model.setWakeHandler {
      for follower in followers.withLock({ $0 })
      where !follower.sink.isClosed && follower.notice.take() {
        follower.sink.noteFeedNews()
      }
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

  /// The twin's rendered rows, as of ``version``.
  var cache: SectionCache? { model.caches[ObjectIdentifier(twin)] }

  /// Brings the twin up to date with what the store and the objects reported.
  func advance() {
    if model.hasPendingChanges { model.processChanges() }
  }

  /// The changesets after `version`, oldest first; `nil` when they are no longer kept.
  func changesets(after version: Int) -> [TableChangeset]? {
    guard version < self.version else { return [] }
    guard let first = changesets.first, first.version <= version + 1 else { return nil }
    return changesets.filter { $0.version > version }.map(\.changeset)
  }

  /// The stages after `version`, addressed to section `s` of `base` (``TableModel/remap``);
  /// `nil` when they are no longer kept or cannot be addressed so.
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
      let stages = TableModel.remap(changesets, toSection: s, from: base)
    else { return nil }
    if alone { memo.stages[version] = stages }
    return stages
  }

  /// Tells `sink` of news for `section` from now on, once until the section catches up
  /// (``Notice/rearm()``), which it does with the notice returned.
  func addFollower(sink: InvalidationSink, section: ObjectIdentifier) -> Notice {
    let notice = Notice()
    followers.withLock { followers in
      followers.removeAll { $0.sink.isClosed }
      followers.append(Follower(sink: sink, section: section, notice: notice))
    }
    return notice
  }

  /// Stops telling `sink` of news for `section`.
  func removeFollower(sink: InvalidationSink, section: ObjectIdentifier) {
    followers.withLock { followers in
      followers.removeAll { ($0.sink === sink && $0.section == section) || $0.sink.isClosed }
    }
  }
}
