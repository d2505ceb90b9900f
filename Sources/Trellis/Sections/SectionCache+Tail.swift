import Observation
import TrellisDiff

extension SectionCache {
  /// What changed in the visible rows when only the rows after a prefix were rendered again.
  struct TailUpdate {
    /// Visible positions deleted (before) and inserted (after).
    var edits: SectionEdits
    /// The visible rows from the prefix on, for ``visible``: the caller puts them there once
    /// no snapshot it delivered shares the rows before them, so that they are not copied.
    var tail: [RowSnapshot]
  }

  /// Renders again only the elements from `prefix` on, keeping the rows before it as they are,
  /// when the section says those are unchanged (a page appended to a long list): the cost is
  /// that of the new rows, not of the list.
  ///
  /// Returns `nil`, changing nothing, when the section's rows are not all plainly visible
  /// (hidden rows, expand/collapse rows, rows rendered on demand), when its own snapshot
  /// changed, or when rows the tails share swap places: the caller renders and diffs instead.
  mutating func renderTail(
    from prefix: Int, of section: Section, sink: InvalidationSink, model: TableModel?
  ) -> TailUpdate? {
    guard visibleElementIndex == nil, !hasExpansions, prefix <= elementIDs.count,
      rows.count == elementIDs.count, visible.count == rows.count
    else { return nil }
    let key = ObjectIdentifier(section)
    section.loadContent()
    // The rows before the tail are kept: not when the load found rows changed in place. The
    // caller then renders the section whole, every row anew.
    guard section.takeRowsStaleOnLoad().isEmpty else { return nil }
    // The structure is tracked again, as a whole render tracks it, reading only the tail;
    // so is what the tail's rows share, as a whole render reads it.
    let (snapshot, tailIDs, maker, make) = Self.tracking(unless: section.contentFollowsStore) {
      section.trackContent()
      let deferred = section.deferredRowMaker(from: prefix)
      return (
        section.sectionSnapshot(), section.elementIDs(from: prefix), deferred,
        deferred == nil ? section.rowMaker() : nil
      )
    } onChange: {
      sink.invalidateSection(key)
    }
    guard snapshot == self.snapshot, !snapshot.isCollapsed, (maker != nil) == rowsAlwaysVisible
    else { return nil }
    // The old tail is copied out (it is short): a slice would keep the arrays shared, and
    // replacing the tail would then copy every row before it.
    let oldRows = Array(rows[prefix...])
    var oldByID: [RowID: Int] = [:]
    for (offset, id) in elementIDs[prefix...].enumerated() { oldByID[id] = prefix + offset }
    let inherited = Self.inheritedActions(section, model: model)
    let theme = model?.theme
    let sectionStyle = theme?.sectionStyle(themeStyle: section.themeStyle)
    var newRows: [RowSnapshot] = []
    newRows.reserveCapacity(tailIDs.count)
    var kept: [Int] = []
    var update = TailUpdate(edits: SectionEdits(), tail: [])
    var keptRows = self.keptRows
    if let maker {
      // Rows on demand: the tail's identities now, their fields when a host reads them. A row
      // that shows what it showed (or that no host has read) stays where it was; one a host
      // read is kept itself, since hosts hold it, and one no host read is the new one, which
      // shows the element's values as they are now.
      newRows = Self.deferredRows(
        section, ids: tailIDs, from: prefix, maker: maker, sink: sink, model: model,
        inherited: inherited)
      for (offset, id) in tailIDs.enumerated() {
        if let old = oldByID[id], let row = oldRows[old - prefix],
          row.isContentEqual(to: newRows[offset])
        {
          // Hosts hold the old row: later changes are compared with it.
          if row.isDeferred, row.isResolved,
            old == prefix + offset || (theme == nil && !inherited.configuresRows)
          {
            newRows[offset] = row
          }
          kept.append(old)
        } else {
          update.edits.inserts.append(prefix + offset)
        }
      }
    }
    let followsStore = section.rowsFollowStore
    for (offset, id) in tailIDs.enumerated() where maker == nil {
      let index = prefix + offset
      guard
        var row = Self.renderRow(
          section, index: index, id: id, sink: sink, model: model, inherited: inherited,
          followsStore: followsStore, make: make, keptRows: &keptRows), row.isExpanded == nil
      else { return nil }
      if let theme {
        Self.applyStyle(to: &row, at: index, theme: theme, sectionStyle: sectionStyle)
      }
      if let old = oldByID[id], oldRows[old - prefix] == row {
        kept.append(old)
      } else {
        update.edits.inserts.append(index)
      }
      newRows.append(row)
    }
    // Rows both tails show keep their order, or the change is not a tail's.
    guard kept == kept.sorted() else { return nil }
    let keptSet = Set(kept)
    update.edits.deletes = (prefix..<elementIDs.count).filter { !keptSet.contains($0) }
    elementIDs.replaceSubrange(prefix..., with: tailIDs)
    rows.replaceSubrange(prefix..., with: newRows.map { Optional($0) })
    update.tail = newRows
    self.keptRows = keptRows
    // Lookups start again as after a render: by reading the new identities, then an index.
    elementIndexByID = nil
    elementIndexByHash = nil
    scannedWithoutIndex = 0
    return update
  }
}
