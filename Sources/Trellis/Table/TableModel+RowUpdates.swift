import TrellisDiff

extension TableModel {
  /// The changeset of a change that only made some rows stale, built from those rows alone.
  ///
  /// When no section's structure changed, a change touches only the rows whose observed values
  /// changed: they are rendered again and compared with what the hosts show, and the result is
  /// one stage of reloads (and, for rows that appear or disappear, deletes and inserts) at
  /// exact positions, without diffing the other rows. The cost is that of the changed rows,
  /// not of the table. The result equals what diffing the whole table would give.
  ///
  /// Returns `nil` when sections changed; the caller renders and diffs instead.
  func rowLocalChangeset(
    _ staleRows: [ObjectIdentifier: Set<RowID>], staleSections: Set<ObjectIdentifier>
  ) -> TableChangeset? {
    guard !sectionsChanged, staleSections.isEmpty, delivered.sections.count == sections.count
    else { return nil }
    var target = delivered
    var stage = Changeset<SectionSnapshot, RowSnapshot>(data: target)
    var needsDiff = false
    for (s, section) in sections.enumerated() {
      let key = ObjectIdentifier(section)
      guard let ids = staleRows[key], caches[key] != nil else { continue }
      let updates = caches[key]?.updateRows(ids, of: section, sink: invalidation, model: self)
      guard let updates else {
        // Rows appeared or disappeared under a theme: the section's styles shift; diff it.
        needsDiff = true
        target.sections[s].items = caches[key]?.visible ?? []
        continue
      }
      guard !updates.isEmpty else { continue }
      target.sections[s].items = caches[key]?.visible ?? []
      stage.itemDeletes += updates.deletes.map { ItemPath(item: $0, section: s) }
      stage.itemInserts += updates.inserts.map { ItemPath(item: $0, section: s) }
      stage.itemReloads += updates.reloads.map { ItemPath(item: $0, section: s) }
    }
    if needsDiff {
      return .reconciling(from: delivered, to: target, options: diffOptions)
    }
    guard !stage.isEmpty else { return TableChangeset(stages: [], target: target) }
    if let limit = diffOptions.maxChangeCount, stage.changeCount > limit {
      return .reloadAll(
        to: target, because: .tooManyChanges(count: stage.changeCount, limit: limit))
    }
    stage.data = target
    return TableChangeset(stages: [stage], target: target)
  }
}
