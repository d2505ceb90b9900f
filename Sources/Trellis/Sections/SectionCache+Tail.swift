import Observation
import TrellisDiff

extension SectionCache {
  /// What changed in the visible rows when only some of them were rendered again: those
  /// between an unchanged prefix and an unchanged run of items at the end, or those at the
  /// positions where elements were inserted.
  struct TailUpdate {
    /// Visible positions deleted (before) and inserted (after).
    var edits: SectionEdits
    /// The visible rows that change, for ``visible``: the caller puts them there once no
    /// snapshot it delivered shares the rows, so that they are not copied.
    var rows: Rows

    /// The rows that change.
    enum Rows {
      /// The rows from this position on, in place of those there.
      case from(Int, [RowSnapshot])
      /// The rows inserted, in the order of ``TailUpdate/edits``' inserts; the rows it deletes
      /// go.
      case inserted([RowSnapshot])
    }

    /// Brings `visible`, the rows before the update, to the rows after it.
    func apply(to visible: inout [RowSnapshot]) {
      switch rows {
      case .from(let start, let tail): visible.replaceSubrange(start..., with: tail)
      case .inserted(let inserted): edits.apply(to: &visible, inserting: inserted)
      }
    }
  }

  /// What ``renderTail(from:of:sink:model:)`` did.
  enum TailOutcome {
    /// The rows changed at exact positions.
    case patched(TailUpdate)
    /// Nothing changed; the section is to be rendered whole.
    case renderWhole
    /// Nothing changed but the section's content, which is loaded: the section is to be
    /// rendered keeping its rows by identity, as after any change of its elements.
    case renderKeepingRows
  }

  /// The most rows an edit may replace for its rows to be rendered at their positions: more
  /// (a move across a long list, a reordering) are matched by identity instead.
  static let rowsReplacedInPlace = 256

  /// Renders again only the elements that changed, keeping the rows before them and the
  /// items' rows after them as they are: the cost is that of the new rows, not of the list.
  ///
  /// `prefix` elements are unchanged, as the section says (a page appended to a long list
  /// keeps all that were listed). The rest is compared with what the section lists now: the
  /// elements both start with, and the items both end with, keep their rows, and the rows
  /// between them, and those after the items (a "Load more…" row), are rendered again. An
  /// item inserted at the top of 100,000 costs its row; the 100,000 rows are not compared.
  ///
  /// Changes nothing when the section's rows are not all plainly visible (hidden rows,
  /// expand/collapse rows), when its own snapshot changed, or when rows it renders again swap
  /// places; nor when an edit replaces more than ``rowsReplacedInPlace`` rows.
  mutating func renderTail(
    from prefix: Int, of section: Section, sink: InvalidationSink, model: TableModel?
  ) -> TailOutcome {
    guard visibleElementIndex == nil, !hasExpansions, prefix <= elementIDs.count,
      rows.count == elementIDs.count, visible.count == rows.count
    else { return .renderWhole }
    section.loadContent()
    // The rows before the tail are kept: not when the load found rows changed in place. The
    // caller then renders the section whole, every row anew.
    guard section.takeRowsStaleOnLoad().isEmpty else { return .renderWhole }
    let (steps, base) = section.takeElementSteps(since: stepsBase)
    stepsBase = base
    if let steps, let outcome = renderSteps(steps, of: section, sink: sink, model: model) {
      return outcome
    }
    // The structure is tracked again, as a whole render tracks it, reading only the tail.
    let (snapshot, tailIDs, maker, make) = Self.readStructure(
      of: section, from: prefix, sink: sink, model: model)
    guard snapshot == self.snapshot, !snapshot.isCollapsed, (maker != nil) == rowsAlwaysVisible
    else { return .renderWhole }
    let inherited = Self.inheritedActions(section, model: model)
    let theme = model?.theme
    // Rows on demand are made for their positions, and so are styled and configured rows:
    // rows on demand are rendered from the prefix on, the others only where they changed.
    let span = Span(
      old: elementIDs, new: tailIDs, from: prefix, items: section.reusableRowCount,
      extending: maker == nil, shifting: theme == nil && !inherited.configuresRows)
    guard span.oldRenderedCount <= Self.rowsReplacedInPlace || span.start == elementIDs.count
    else {
      Self.keepLoadedContent(of: section)
      return .renderKeepingRows
    }
    let start = span.start
    let newIDs = Array(tailIDs[(start - prefix)...])
    let oldRendered = span.oldRendered
    var oldByID: [RowID: Int] = [:]
    for old in oldRendered { oldByID[elementIDs[old]] = old }
    let sectionStyle = theme?.sectionStyle(kind: section.themeKind, themeStyle: section.themeStyle)
    var newRows: [RowSnapshot] = []
    newRows.reserveCapacity(newIDs.count)
    // The old positions of the rows kept, in the new order, and those of them rendered again.
    var keptPositions: [Int] = []
    var keptRendered: Set<Int> = []
    var edits = SectionEdits()
    var keptRows = self.keptRows
    if let maker {
      // Rows on demand: the tail's identities now, their fields when a host reads them. A row
      // that shows what it showed (or that no host has read) stays where it was; one a host
      // read is kept itself, since hosts hold it, and one no host read is the new one, which
      // shows the element's values as they are now.
      newRows = Self.deferredRows(
        section, ids: newIDs, from: start, maker: maker, sink: sink, model: model,
        inherited: inherited)
      for (offset, id) in newIDs.enumerated() {
        if let old = oldByID[id], let row = rows[old], row.isContentEqual(to: newRows[offset]) {
          // Hosts hold the old row: later changes are compared with it.
          if row.isDeferred, row.isResolved,
            old == start + offset || (theme == nil && !inherited.configuresRows)
          {
            newRows[offset] = row
          }
          keptPositions.append(old)
          keptRendered.insert(old)
        } else {
          edits.inserts.append(start + offset)
        }
      }
    }
    // The rows shown are those of `rows`, styled by position: each list gets its own.
    var newVisible = newRows
    let followsStore = section.rowsFollowStore
    // An item's row that shows only its item is kept wherever the item went.
    let keepsItemRows = maker == nil && theme == nil && !inherited.configuresRows
    for (offset, id) in newIDs.enumerated() where maker == nil {
      let index = start + offset
      let kept: Int? =
        if span.newKept.contains(index) {
          index - span.shift
        } else if keepsItemRows, index < span.newItemsEnd, let old = oldByID[id],
          old < span.oldItemsEnd
        {
          old
        } else {
          nil
        }
      if let old = kept, let row = rows[old] {
        keptPositions.append(old)
        if !span.newKept.contains(index) { keptRendered.insert(old) }
        newRows.append(row)
        newVisible.append(visible[old])
        continue
      }
      guard
        var row = Self.renderRow(
          section, index: index, id: id, sink: sink, model: model, inherited: inherited,
          followsStore: followsStore, make: make, keptRows: &keptRows), row.isExpanded == nil
      else { return .renderWhole }
      if let theme {
        Self.applyStyle(to: &row, at: index, theme: theme, sectionStyle: sectionStyle)
      }
      if let old = oldByID[id], visible[old] == row {
        keptPositions.append(old)
        keptRendered.insert(old)
      } else {
        edits.inserts.append(index)
      }
      newRows.append(row)
      newVisible.append(row)
    }
    // Rows both show keep their order, or the change is not one at known positions.
    guard zip(keptPositions, keptPositions.dropFirst()).allSatisfy({ $0 < $1 }) else {
      Self.keepLoadedContent(of: section)
      return .renderKeepingRows
    }
    edits.deletes = oldRendered.filter { !keptRendered.contains($0) }
    elementIDs.replaceSubrange(start..., with: newIDs)
    rows.replaceSubrange(start..., with: newRows.map { Optional($0) })
    self.keptRows = keptRows
    // Lookups start again as after a render: by reading the new identities, then an index.
    elementIndexByID = nil
    elementIndexByHash = nil
    scannedWithoutIndex = 0
    return .patched(TailUpdate(edits: edits, rows: .from(start, newVisible)))
  }

  /// Says that what `section` just loaded is current: the render that follows has nothing to
  /// load unless something changes meanwhile (a list would fetch its items again).
  private static func keepLoadedContent(of section: Section) {
    (section as? ArrayOfObjectsSection)?.itemsAreCurrent = true
  }
}
