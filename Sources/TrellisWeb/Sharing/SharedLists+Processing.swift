import Trellis
import TrellisDiff

/// A model's sections attached to a ``SharedList`` take its work instead of doing their own.
extension SharedLists: ListSharing {
  /// The stages that bring the sections attached to shared lists up to date, from what the
  /// hosts show, and the table they end at; `nil` when no such section had changes.
  ///
  /// A section made stale whole (a new option, a search) detaches first: it is then
  /// processed like any other, whole. Its stale rows and items are the shared list's
  /// business: a row it rendered before it joined reports its object's change once more, and
  /// its own edits reach the store, which the shared section follows.
  package func catchUp(_ model: TableModel, stale: inout InvalidationSink.Stale)
    -> TableChangeset?
  {
    var stages: [Changeset<SectionSnapshot, RowSnapshot>] = []
    var table = model.delivered
    var caughtUp = false
    var reload: FullReloadReason?
    for (s, section) in model.sections.enumerated() {
      guard let list = section as? ArrayOfObjectsSection, let link = list.sharedListLink else {
        continue
      }
      let key = ObjectIdentifier(list)
      // Changes from now on are told again: one may arrive while the section reads the list.
      link.notice.rearm()
      link.list.advance()
      // Sections added, removed or moved since the hosts' table: its positions are not the
      // model's, and the list is rendered whole with the rest.
      guard !stale.sections.contains(key), list.canKeepSharing, !model.sectionsChanged,
        table.sections.count == model.sections.count
      else {
        list.stopSharing()
        stale.sections.insert(key)
        stale.restructured.remove(key)
        continue
      }
      stale.rows[key] = nil
      stale.restructured.remove(key)
      guard link.version < link.list.version, let cache = link.list.cache else { continue }
      let from = link.version
      link.version = link.list.version
      model.caches[key] = cache
      list.adoptSharedState()
      caughtUp = true
      var next = table
      next.sections[s] = SnapshotSection(cache.snapshot, items: cache.visible)
      if let remapped = link.list.stages(after: from, toSection: s, from: table) {
        stages += remapped
      } else {
        // Too far behind for the changesets kept: the difference, the section's alone.
        let diff = TableChangeset.reconciling(from: table, to: next, options: model.diffOptions)
        if let reason = diff.fullReload { reload = reason }
        stages += diff.stages
      }
      table = next
    }
    guard caughtUp else { return nil }
    if let reload { return .reloadAll(to: table, because: reload) }
    return TableChangeset(stages: stages, target: table)
  }

  /// Attaches every list section that shows what a shared list shows to that list, so that its
  /// next changes cost it no work of its own. A section that could join but shows something
  /// else is asked again only now and then.
  package func share(_ model: TableModel) {
    for (s, section) in model.sections.enumerated() {
      guard let list = section as? ArrayOfObjectsSection, list.sharingLink == nil else {
        continue
      }
      list.sharingAttempts += 1
      guard list.sharingAttempts % 16 == 1, list.canShareList else { continue }
      let key = ObjectIdentifier(list)
      guard let shared = attach(list, { $0.share($1, showing: model.caches[key]) })
      else { continue }
      list.sharingAttempts = 0
      // The rows are equal: the section keeps the shared ones, and lets its own go.
      model.caches[key] = shared
      if model.delivered.sections.indices.contains(s) {
        model.delivered.sections[s] = SnapshotSection(shared.snapshot, items: shared.visible)
      }
    }
  }

  /// Lists about to be rendered for the first time that show what a shared list shows take
  /// its rows instead: a new session on a list that many share renders nothing.
  package func start(_ model: TableModel, stale: inout InvalidationSink.Stale) {
    for section in model.sections {
      let key = ObjectIdentifier(section)
      // Looked up by index: reading the cache itself would copy it.
      guard let list = section as? ArrayOfObjectsSection, list.sharingLink == nil,
        model.caches.index(forKey: key) == nil, list.canStartShared
      else { continue }
      guard let shared = attach(list, { $0.startSharing($1) }) else { continue }
      model.caches[key] = shared
      stale.sections.remove(key)
      stale.restructured.remove(key)
      stale.rows[key] = nil
    }
  }

  /// Attaches `list` by `join` to the shared list up to date that shows what it shows, and
  /// returns that list's rows; `nil` when `join` refuses.
  private func attach(
    _ list: ArrayOfObjectsSection, _ join: (ArrayOfObjectsSection, SharedList) -> Bool
  ) -> SectionCache? {
    let sharedList = self.list(for: list)
    sharedList.advance()
    guard join(list, sharedList) else { return nil }
    return sharedList.cache
  }
}
