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
    guard !staleRows.isEmpty else { return TableChangeset(stages: [], target: delivered) }
    let rowCounts = delivered.sections.map(\.items.count)
    var target = delivered
    var edits: [Int: SectionEdits] = [:]
    var needsDiff = false
    for (s, section) in sections.enumerated() {
      let key = ObjectIdentifier(section)
      guard let ids = staleRows[key], caches[key] != nil else { continue }
      // The delivered snapshot lets go of the section's rows while they change, so that
      // changing one row does not copy every row of the section; not when a diff may need
      // them (a theme's odd and even styles, expand/collapse rows). The cache is read in
      // place: a copy would hold the rows too.
      let mayDiff = theme != nil || caches[key]?.hasExpansions == true
      if !mayDiff {
        delivered.sections[s].items = []
        target.sections[s].items = []
      }
      let updates = caches[key]?.updateRows(ids, of: section, sink: invalidation, model: self)
      if !mayDiff { delivered.sections[s].items = caches[key]?.visible ?? [] }
      guard let updates else {
        // Rows appeared or disappeared under a theme: the section's styles shift; diff it.
        needsDiff = true
        target.sections[s].items = caches[key]?.visible ?? []
        continue
      }
      target.sections[s].items = caches[key]?.visible ?? []
      if !updates.isEmpty { edits[s] = updates }
    }
    if needsDiff {
      return .reconciling(from: delivered, to: target, options: diffOptions)
    }
    return TableChangeset(localEdits: edits, rowCounts: rowCounts, to: target, options: diffOptions)
  }
}
