import TrellisDiff

/// Sections attached to a ``SharedList`` take its work instead of doing their own.
extension TableModel {
  /// The stages that bring the sections attached to shared lists up to date, from what the
  /// hosts show, and the table they end at; `nil` when no such section had changes.
  ///
  /// A section made stale whole (a new option, a search) detaches first: it is then
  /// processed like any other, whole. Its stale rows and items are the shared list's business: a row
  /// it rendered before it joined reports its object's change once more, and its own edits
  /// reach the store, which the shared section follows.
  func catchUpWithSharedLists(_ stale: inout InvalidationSink.Stale) -> TableChangeset? {
    guard sharedLists != nil else { return nil }
    var stages: [Changeset<SectionSnapshot, RowSnapshot>] = []
    var table = delivered
    var caughtUp = false
    var reload: FullReloadReason?
    for (s, section) in sections.enumerated() {
      guard let list = section as? ArrayOfObjectsSection, let link = list.sharedListLink else {
        continue
      }
      let key = ObjectIdentifier(list)
      // Changes from now on are told again: one may arrive while the section reads the list.
      link.notice.rearm()
      link.list.advance()
      // Sections added, removed or moved since the hosts' table: its positions are not the
      // model's, and the list is rendered whole with the rest.
      guard !stale.sections.contains(key), list.canKeepSharing, !sectionsChanged,
        table.sections.count == sections.count
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
      caches[key] = cache
      list.adoptSharedState()
      caughtUp = true
      var next = table
      next.sections[s] = SnapshotSection(cache.snapshot, items: cache.visible)
      if let remapped = link.list.stages(after: from, toSection: s, from: table) {
        stages += remapped
      } else {
        // Too far behind for the changesets kept: the difference, the section's alone.
        let diff = TableChangeset.reconciling(from: table, to: next, options: diffOptions)
        if let reason = diff.fullReload { reload = reason }
        stages += diff.stages
      }
      table = next
    }
    guard caughtUp else { return nil }
    if let reload { return .reloadAll(to: table, because: reload) }
    return TableChangeset(stages: stages, target: table)
  }

  /// The stages of a shared list's changesets, made for a table of one section, addressed to
  /// section `s` of `base` instead; `nil` when one reloads everything or changes sections.
  ///
  /// Reloads after reloads are one stage: no row moves in between, so their positions hold
  /// (a row edited twice is reloaded once).
  static func remap(
    _ changesets: [TableChangeset], toSection s: Int, from base: TableSnapshot
  ) -> [Changeset<SectionSnapshot, RowSnapshot>]? {
    var table = base
    var result: [Changeset<SectionSnapshot, RowSnapshot>] = []
    // The reloads of the stages since the last that did more, gathered into one.
    var reloads: Set<ItemPath> = []
    func flushReloads() {
      guard !reloads.isEmpty else { return }
      var stage = Changeset<SectionSnapshot, RowSnapshot>(data: table)
      stage.itemReloads = reloads.sorted()
      result.append(stage)
      reloads = []
    }
    func path(_ path: ItemPath) -> ItemPath { ItemPath(item: path.item, section: s) }
    for changeset in changesets {
      guard changeset.fullReload == nil else { return nil }
      for stage in changeset.stages {
        guard stage.sectionDeletes.isEmpty, stage.sectionInserts.isEmpty,
          stage.sectionMoves.isEmpty, stage.data.sections.count == 1
        else { return nil }
        if onlyReloads(stage) {
          // The reload's positions are those before it: the same as after the earlier ones.
          table.sections[s] = stage.data.sections[0]
          for reload in stage.itemReloads { reloads.insert(path(reload)) }
          continue
        }
        flushReloads()
        table.sections[s] = stage.data.sections[0]
        var remapped = Changeset<SectionSnapshot, RowSnapshot>(data: table)
        remapped.sectionReloads = stage.sectionReloads.map { _ in s }
        remapped.itemDeletes = stage.itemDeletes.map(path)
        remapped.itemInserts = stage.itemInserts.map(path)
        remapped.itemReloads = stage.itemReloads.map(path)
        remapped.itemMoves = stage.itemMoves.map {
          Move(source: path($0.source), target: path($0.target))
        }
        result.append(remapped)
      }
    }
    flushReloads()
    return result
  }

  /// Whether `stage` only reloads rows.
  private static func onlyReloads(_ stage: Changeset<SectionSnapshot, RowSnapshot>) -> Bool {
    stage.itemDeletes.isEmpty && stage.itemInserts.isEmpty && stage.itemMoves.isEmpty
      && stage.sectionReloads.isEmpty && stage.sectionDeletes.isEmpty
      && stage.sectionInserts.isEmpty && stage.sectionMoves.isEmpty
  }

  /// Attaches every list section that shows what a shared list shows to that list, so that its
  /// next changes cost it no work of its own. A section that could join but shows something
  /// else is asked again only now and then.
  func shareLists() {
    guard let sharedLists else { return }
    for (s, section) in sections.enumerated() {
      guard let list = section as? ArrayOfObjectsSection, list.sharedListLink == nil else {
        continue
      }
      list.sharingAttempts += 1
      guard list.sharingAttempts % 16 == 1, list.canShareList else { continue }
      let sharedList = sharedLists.list(for: list)
      sharedList.advance()
      let key = ObjectIdentifier(list)
      guard list.share(sharedList, showing: caches[key]), let shared = sharedList.cache else {
        continue
      }
      list.sharingAttempts = 0
      // The rows are equal: the section keeps the shared ones, and lets its own go.
      caches[key] = shared
      if delivered.sections.indices.contains(s) {
        delivered.sections[s] = SnapshotSection(shared.snapshot, items: shared.visible)
      }
    }
  }

  /// Lists about to be rendered for the first time that show what a shared list shows take
  /// its rows instead: a new session on a list that many share renders nothing.
  func startSharedLists(_ stale: inout InvalidationSink.Stale) {
    guard let sharedLists else { return }
    for section in sections {
      let key = ObjectIdentifier(section)
      guard caches[key] == nil, let list = section as? ArrayOfObjectsSection,
        list.sharedListLink == nil, list.canStartShared
      else { continue }
      let sharedList = sharedLists.list(for: list)
      sharedList.advance()
      guard list.startSharing(sharedList), let shared = sharedList.cache else { continue }
      caches[key] = shared
      stale.sections.remove(key)
      stale.restructured.remove(key)
      stale.rows[key] = nil
    }
  }

  /// Puts the stages that caught sections up with their shared lists before `changeset`, the rest
  /// of the model's changes from where they left the table.
  static func joining(_ fed: TableChangeset?, _ changeset: TableChangeset, options: DiffOptions)
    -> TableChangeset
  {
    guard let fed, !fed.isEmpty else { return changeset }
    if changeset.fullReload != nil { return changeset }
    if fed.fullReload != nil {
      return changeset.stages.isEmpty
        ? fed : .reloadAll(to: changeset.target, because: fed.fullReload!)
    }
    // The rest of the changes were worked out from where the shared lists left the table.
    let target = changeset.target
    let combined = TableChangeset(stages: fed.stages + changeset.stages, target: target)
    if let limit = options.maxChangeCount, combined.changeCount > limit {
      return .reloadAll(
        to: target, because: .tooManyChanges(count: combined.changeCount, limit: limit))
    }
    return combined
  }
}
