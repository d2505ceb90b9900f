import TrellisDiff

extension SectionCache {
  /// One render of a section's elements, which steps since it start from: a cache rendered
  /// from it takes them, and no other (a render for a check, another list's rows).
  final class StepsBase: Sendable {}

  /// The most insertions and deletions whose rows are rendered at their positions: more (a
  /// list changing wholesale) are compared by identity instead.
  static let stepsRenderedInPlace = 64

  /// Renders the rows of the elements that `steps` inserted, at the positions the section says,
  /// and the rows after the section's items; every other row is kept where the steps took it,
  /// without comparing it. An item deleted and inserted again moved: its row moves as it is.
  /// An item inserted at the top of 100,000, or moved across them, costs its rows and the
  /// moving of the rows in memory, not a comparison of every row.
  ///
  /// `nil` when the rows cannot be kept that way, having changed nothing: the caller then
  /// compares identities. That is the case when a row's look depends on its position (a
  /// theme's odd and even rows, actions that configure rows), when rows are rendered on
  /// demand, hidden or expandable, or when there are more than ``stepsRenderedInPlace`` steps.
  /// ``TailOutcome/renderWhole`` when the section itself changed, or a row rendered again is
  /// hidden or expandable.
  mutating func renderSteps(
    _ steps: [SectionEdits.Step], of section: Section, sink: InvalidationSink, model: TableModel?
  ) -> TailOutcome? {
    let inherited = Self.inheritedActions(section, model: model)
    let theme = model?.theme
    let sectionStyle = theme?.sectionStyle(kind: section.themeKind, themeStyle: section.themeStyle)
    // A theme styles rows by position only through its odd and even rows.
    let stylesByPosition =
      sectionStyle?.oddCellsThemeStyle != nil || sectionStyle?.evenCellsThemeStyle != nil
    guard steps.count <= Self.stepsRenderedInPlace, !stylesByPosition,
      !inherited.configuresRows, !rowsAlwaysVisible, visibleElementIndex == nil, !hasExpansions,
      rows.count == elementIDs.count, visible.count == rows.count
    else { return nil }
    let edits = SectionEdits(steps: steps)
    let newItems = section.reusableRowCount
    let oldItems = newItems - edits.inserts.count + edits.deletes.count
    guard (0...elementIDs.count).contains(oldItems),
      edits.deletes.allSatisfy({ $0 < oldItems }), edits.inserts.allSatisfy({ $0 < newItems })
    else { return nil }
    // The structure is tracked as a whole render tracks it, reading only the rows after the
    // items: the items are the store's, which reports their changes.
    let (snapshot, afterIDs, deferred, make) = Self.readStructure(
      of: section, from: newItems, sink: sink, model: model)
    model?.statistics.identitiesRead += edits.inserts.count
    guard snapshot == self.snapshot, !snapshot.isCollapsed, deferred == nil else {
      return .renderWhole
    }
    var keptRows = self.keptRows
    let followsStore = section.rowsFollowStore
    /// The row of element `index`, rendered as a whole render renders it, and as it shows,
    /// styled by the theme.
    func render(_ index: Int, _ id: RowID) -> (row: RowSnapshot, shown: RowSnapshot)? {
      guard
        let row = Self.renderRow(
          section, index: index, id: id, sink: sink, model: model, inherited: inherited,
          followsStore: followsStore, make: make, keptRows: &keptRows), row.isExpanded == nil
      else { return nil }
      var shown = row
      if let theme {
        Self.applyStyle(to: &shown, at: index, theme: theme, sectionStyle: sectionStyle)
      }
      return (row, shown)
    }
    // A row deleted and inserted again is an item that moved: its row shows only its item,
    // which did not change (an update would have made the row stale), so it moves as it is.
    let oldIDs = elementIDs
    let idsInserted = Dictionary(
      zip(edits.inserts, edits.inserts.map(section.elementID(at:))),
      uniquingKeysWith: { first, _ in first })
    let paired = edits.pairingMoves { oldIDs[$0] == idsInserted[$1] }
    var insertedIDs = paired.inserts.compactMap { idsInserted[$0] }
    var inserted: [(row: RowSnapshot, shown: RowSnapshot)] = []
    for (index, id) in zip(paired.inserts, insertedIDs) {
      guard let rendered = render(index, id) else { return .renderWhole }
      inserted.append(rendered)
    }
    // The rows after the items (a "Load more…" row, an empty list's text) follow the list's
    // state: rendered again, and replaced unless they show what they showed.
    var after: [(row: RowSnapshot, shown: RowSnapshot)] = []
    for (offset, id) in afterIDs.enumerated() {
      guard let rendered = render(newItems + offset, id) else { return .renderWhole }
      after.append(rendered)
    }
    var all = paired
    let oldAfter = oldItems..<elementIDs.count
    if afterIDs[...] != elementIDs[oldAfter] || after.map(\.shown)[...] != visible[oldAfter] {
      all.deletes += oldAfter
      all.inserts += newItems..<(newItems + afterIDs.count)
      insertedIDs += afterIDs
      inserted += after
    }
    for position in paired.deletes { keptRows[oldIDs[position]] = nil }
    all.apply(to: &elementIDs, inserting: insertedIDs)
    all.apply(to: &rows, inserting: inserted.map { Optional($0.row) })
    self.keptRows = keptRows
    // Lookups start again as after a render: by reading the new identities, then an index.
    elementIndexByID = nil
    elementIndexByHash = nil
    scannedWithoutIndex = 0
    return .patched(TailUpdate(edits: all, rows: .inserted(inserted.map(\.shown))))
  }
}
