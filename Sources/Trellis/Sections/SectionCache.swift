import Observation

/// What a model last rendered for one section, and which element each visible row shows.
package struct SectionCache {
  package var snapshot: SectionSnapshot
  package var elementIDs: [RowID]
  /// Per element: its row, or `nil` when hidden.
  var rows: [RowSnapshot?]
  /// The visible rows, in order.
  package var visible: [RowSnapshot]
  /// Per visible row, its element index; `nil` when every element is visible.
  var visibleElementIndex: [Int]?
  /// Element index by identity, built the first time rows change after a render.
  var elementIndexByID: [RowID: Int]? = nil
  /// Element index by identity's hash, built the first time a host asks for a row by it (the
  /// web host names rows by that hash).
  var elementIndexByHash: [Int: Int]? = nil
  /// How many identities lookups read in order since the render, without an index: once
  /// they add up to the whole list, the next lookup builds one (``elementIndex(of:)``).
  var scannedWithoutIndex = 0
  /// Whether rows show whatever ``Row/isVisible`` says (sections that render rows on demand).
  var rowsAlwaysVisible = false
  /// Whether an expand/collapse row is among the rows: then a row rendered again may show or
  /// hide others, and the section is diffed instead of patched row by row.
  var hasExpansions = false
  /// Every bound row, and every row a configuring action changed, by identity, as last
  /// rendered: what an event on it acts on.
  var keptRows: [RowID: Row] = [:]
  /// The render of the section's elements that the rows show, from which the section counts
  /// its steps (``Section/takeElementSteps(since:)``).
  var stepsBase: StepsBase?

  /// The element index of visible row `row`.
  func elementIndex(ofVisibleRow row: Int) -> Int? {
    guard visible.indices.contains(row) else { return nil }
    return visibleElementIndex?[row] ?? row
  }

  /// Renders a whole section, tracking what its structure and each row read.
  ///
  /// A section that renders rows on demand gets deferred rows instead: identities now, fields
  /// when a host first reads them (``DeferredRows``).
  ///
  /// Deferred rows keep the rows of `previous`, or of `hostsHold` (the cache whose rows hosts
  /// hold), that stand for the same elements (``keepRows(of:except:samePositionOnly:)``).
  ///
  /// With `previous`, the cache of the section before its elements changed (a store inserted,
  /// deleted or moved items), a row the section says shows only its own element is taken over
  /// from `previous` by identity, unless it is in `staleRows`: only new and changed rows are
  /// rendered, and the other rows keep their snapshots (so that a diff compares them by
  /// reference).
  ///
  /// Without `startsSteps`, a render for a check that nothing shows, the section goes on
  /// counting its steps from the render the model's rows show.
  static func render(
    _ section: Section, sink: InvalidationSink, model: TableModel?,
    reusing previous: SectionCache? = nil, staleRows: Set<RowID> = [],
    hostsHold: SectionCache? = nil, startsSteps: Bool = true
  ) -> SectionCache {
    section.loadContent()
    let staleRows = staleRows.union(section.takeRowsStaleOnLoad())
    let (snapshot, allIDs, deferredMaker, make) = readStructure(
      of: section, from: 0, sink: sink, model: model)
    // Rows are compared by identity here: where elements moved since the last render is not
    // needed, and the next render's steps start from this one, unless it is made for a check.
    // (Taken once the identities are read: reading them counts repeated items.)
    let stepsBase = startsSteps ? section.takeElementSteps(since: nil).base : nil
    // A collapsed section shows its header and no row.
    let ids = snapshot.isCollapsed ? [] : allIDs
    let inherited = inheritedActions(section, model: model)
    if let deferredMaker {
      var cache = deferred(
        section, snapshot: snapshot, ids: ids, maker: deferredMaker, sink: sink, model: model,
        inherited: inherited)
      if let shown = previous ?? hostsHold {
        // A theme's odd and even styles and configuring actions read the row's position.
        let byPosition = model?.theme != nil || inherited.configuresRows
        cache.keepRows(of: shown, except: staleRows, samePositionOnly: byPosition)
      }
      return cache
    }
    var rows: [RowSnapshot?] = []
    rows.reserveCapacity(ids.count)
    var keptRows: [RowID: Row] = [:]
    var previous = previous
    previous?.buildElementIndex()
    // Rows configured by actions may depend on their index path, which an insert above shifts.
    let reusable = previous == nil || inherited.configuresRows ? 0 : section.reusableRowCount
    let followsStore = section.rowsFollowStore
    for (index, id) in ids.enumerated() {
      if index < reusable, let old = previous, !staleRows.contains(id),
        let oldIndex = old.elementIndexByID?[id]
      {
        rows.append(old.rows[oldIndex])
        if let kept = old.keptRows[id] { keptRows[id] = kept }
        continue
      }
      rows.append(
        renderRow(
          section, index: index, id: id, sink: sink, model: model, inherited: inherited,
          followsStore: followsStore, make: make, keptRows: &keptRows))
    }
    var cache = SectionCache(
      snapshot: snapshot, elementIDs: ids, rows: rows, visible: [], visibleElementIndex: nil)
    cache.keptRows = keptRows
    cache.stepsBase = stepsBase
    cache.collectVisible(section: section, theme: model?.theme)
    return cache
  }

  /// Reads `section`'s structure as a render needs it: its snapshot, the identities of its
  /// elements from `start` on, and what makes its rows (a maker of their own for rows rendered
  /// on demand). What rows share is read with the section's content, tracked unless the
  /// content follows its store: a change to it makes the whole section stale.
  static func readStructure(
    of section: Section, from start: Int, sink: InvalidationSink, model: TableModel?
  ) -> (snapshot: SectionSnapshot, ids: [RowID], deferred: DeferredRowMaker?, make: RowMaker?) {
    let key = ObjectIdentifier(section)
    let structure = tracking(unless: section.contentFollowsStore, sink: sink) {
      section.trackContent()
      let deferred = section.deferredRowMaker(from: start)
      return (
        section.sectionSnapshot(), section.elementIDs(from: start), deferred,
        deferred == nil ? section.rowMaker() : nil
      )
    } onChange: {
      sink.invalidateSection(key)
    }
    model?.statistics.identitiesRead += structure.1.count
    return structure
  }

  /// A section whose rows are rendered when first read, each tracked like an eager row.
  private static func deferred(
    _ section: Section, snapshot: SectionSnapshot, ids: [RowID], maker: DeferredRowMaker,
    sink: InvalidationSink, model: TableModel?, inherited: RowActions
  ) -> SectionCache {
    let rows = deferredRows(
      section, ids: ids, from: 0, maker: maker, sink: sink, model: model, inherited: inherited)
    var cache = SectionCache(
      snapshot: snapshot, elementIDs: ids, rows: rows.map { Optional($0) }, visible: rows,
      visibleElementIndex: nil)
    cache.rowsAlwaysVisible = true
    return cache
  }

  /// Takes the deferred rows of `shown` that a host read, for the elements both show, when
  /// they show what the new rows show: a host holds the row it was given, so later changes
  /// must be compared with that very row. A row no host read is not taken: it shows the
  /// element's values as they were then, and the new row shows them as they are. With
  /// `samePositionOnly`, only rows whose element kept its place are taken.
  mutating func keepRows(
    of shown: SectionCache, except stale: Set<RowID>, samePositionOnly: Bool
  ) {
    guard shown.rowsAlwaysVisible, !shown.rows.isEmpty else { return }
    // The rows a host read are few in a long list: each is found where it was, or else among
    // the identities, so that the list's identities are not hashed on every render.
    for (old, row) in shown.visible.enumerated() where row.isDeferred && row.isResolved {
      let id = row.id
      let index: Int
      if old < elementIDs.count, elementIDs[old] == id {
        index = old
      } else if samePositionOnly {
        continue
      } else {
        guard let found = elementIndex(of: id) else { continue }
        index = found
      }
      guard rows[index]?.isDeferred == true, !stale.contains(id), let new = rows[index],
        row.isContentEqual(to: new)
      else { continue }
      rows[index] = row
      visible[index] = row
    }
  }

  /// Deferred rows for elements `start` on, whose identities are `ids`: one source renders
  /// each when first read, tracked like an eager row.
  static func deferredRows(
    _ section: Section, ids: [RowID], from start: Int, maker: DeferredRowMaker,
    sink: InvalidationSink, model: TableModel?, inherited: RowActions
  ) -> [RowSnapshot] {
    let key = ObjectIdentifier(section)
    let theme = model?.theme
    let sectionStyle = theme?.sectionStyle(kind: section.themeKind, themeStyle: section.themeStyle)
    let followsStore = section.rowsFollowStore
    // Rows that set the same attributes share them, as a rendering's rows do.
    let recent = RowSnapshot.SharedAttributes.Recent()
    let source = DeferredRows(ids: ids, values: maker.values) { [weak section, weak model] offset in
      let id = ids[offset]
      let index = start + offset
      model?.statistics.rowBuilds += 1
      return tracking(unless: followsStore, sink: sink) {
        var row = maker.make(index)
        row.id = id
        if let section {
          applyActions(
            to: &row, id: id, at: index, section: section, model: model, inherited: inherited)
        }
        var snapshot = RowSnapshot(row, sharing: recent)
        if model?.selectedRowIDs.contains(id) == true { snapshot.isSelected = true }
        if let theme {
          applyStyle(to: &snapshot, at: index, theme: theme, sectionStyle: sectionStyle)
        }
        return snapshot
      } onChange: {
        sink.invalidateRow(id, in: key)
      }
    }
    var keptRows: [RowID: Row] = [:]
    return ids.indices.map { offset in
      let index = start + offset
      guard !section.rendersOnDemand(elementAt: index) else {
        return RowSnapshot(deferredAt: offset, in: source)
      }
      var row =
        renderRow(
          section, index: index, id: ids[offset], sink: sink, model: model,
          inherited: inherited, followsStore: followsStore, alwaysVisible: true,
          keptRows: &keptRows)
        ?? RowSnapshot(Row(id: ids[offset], kind: .plain))
      if let theme {
        applyStyle(to: &row, at: index, theme: theme, sectionStyle: sectionStyle)
      }
      return row
    }
  }

  /// Gathers the visible rows in order and resolves their theme styles by visible position.
  mutating func collectVisible(section: Section, theme: Theme?) {
    var visible: [RowSnapshot] = []
    visible.reserveCapacity(rows.count)
    var indices: [Int] = []
    var allVisible = true
    // The last element a collapsed expand/collapse row hides.
    var hiddenThrough = -1
    hasExpansions = false
    for (index, row) in rows.enumerated() {
      guard let row, index > hiddenThrough else {
        allVisible = false
        continue
      }
      visible.append(row)
      indices.append(index)
      if let expanded = row.isExpanded {
        hasExpansions = true
        if !expanded { hiddenThrough = index + row.childRowCount }
      }
    }
    if let theme {
      // Odd and even styles go by visible position, so they are applied after hiding.
      let sectionStyle = theme.sectionStyle(kind: section.themeKind, themeStyle: section.themeStyle)
      for index in visible.indices {
        Self.applyStyle(to: &visible[index], at: index, theme: theme, sectionStyle: sectionStyle)
      }
    }
    self.visible = visible
    self.visibleElementIndex = allVisible ? nil : indices
  }

  /// Runs `body`, tracking what it reads so that a change calls `onChange`, unless the rows
  /// follow their store's reports instead (``Section/rowsFollowStore``): an observation left
  /// in an object that the store keeps would outlive the model that made it. `sink` counts
  /// the tracked reads (``ClosedScreenObservations``).
  static func tracking<T>(
    unless followsStore: Bool, sink: InvalidationSink, _ body: () -> T,
    onChange: @escaping @Sendable () -> Void
  ) -> T {
    guard !followsStore else { return body() }
    sink.beganTracking()
    return withObservationTracking(body) {
      sink.endedTracking()
      onChange()
    }
  }

  /// Resolves the theme's style for the row at visible position `index`.
  static func applyStyle(
    to row: inout RowSnapshot, at index: Int, theme: Theme, sectionStyle: ResolvedStyle?
  ) {
    let kind = row.kind
    let themed = theme.resolvedStyle(
      forRowKind: kind, themeStyle: row.themeStyle, rowIndex: index, sectionStyle: sectionStyle)
    // The row's own background and alignment win over the theme's; so do its own texts.
    row.style = RowSnapshot.ownStyle(row.attributes).map { themed.overlaid(with: $0) } ?? themed
    if row.text == nil, let text = themed.string("textLabel.text") { row.text = text }
    if row.detail == nil, let text = themed.string("detailTextLabel.text") { row.detail = text }
  }

  /// Renders one row, tracking what it reads so that a change marks only this row stale, and
  /// keeps a bound or configured row in `keptRows`; `make`, when given, is the section's
  /// ``Section/rowMaker()`` for the rendering under way.
  static func renderRow(
    _ section: Section, index: Int, id: RowID, sink: InvalidationSink, model: TableModel?,
    inherited: RowActions? = nil, followsStore: Bool? = nil, alwaysVisible: Bool = false,
    make: RowMaker? = nil, keptRows: inout [RowID: Row]
  ) -> RowSnapshot? {
    let key = ObjectIdentifier(section)
    let inherited = inherited ?? inheritedActions(section, model: model)
    let followsStore = followsStore ?? section.rowsFollowStore
    // A row that follows its store, that no action configures and that binds nothing needs
    // no observation, no `Row` and no copy of one.
    if followsStore, !inherited.configuresRows, var snapshot = make?.snapshot?(index, id) {
      model?.statistics.rowBuilds += 1
      if let model, !model.selectedRowIDs.isEmpty, model.selectedRowIDs.contains(id) {
        snapshot.isSelected = true
      }
      if !keptRows.isEmpty { keptRows[id] = nil }
      return snapshot
    }
    var kept: Row?
    func build() -> RowSnapshot? {
      var row = make?.row(index) ?? section.makeRow(at: index)
      row.id = id
      applyActions(
        to: &row, id: id, at: index, section: section, model: model, inherited: inherited)
      // A configured row made again for an event would miss what its actions set.
      if row.binding != nil || row.actions.configuresRows { kept = row }
      guard row.isVisible || alwaysVisible else { return nil }
      var snapshot = RowSnapshot(row, sharing: make?.attributes)
      section.applyExpansion(of: row, to: &snapshot)
      return snapshot
    }
    model?.statistics.rowBuilds += 1
    var snapshot = tracking(unless: followsStore, sink: sink, build) {
      sink.invalidateRow(id, in: key)
    }
    if let model, !model.selectedRowIDs.isEmpty, model.selectedRowIDs.contains(id) {
      snapshot?.isSelected = true
    }
    // Most rows of a long list are unbound: they cost no lookup at all.
    if let kept {
      keptRows[id] = kept
    } else if !keptRows.isEmpty {
      keptRows[id] = nil
    }
    return snapshot
  }

  /// Row actions: the row's own, then its section's, then the model's. The configuring ones
  /// get the row's index path: its section's place in the model and its element index.
  private static func applyActions(
    to row: inout Row, id: RowID, at index: Int, section: Section, model: TableModel?,
    inherited: RowActions
  ) {
    let actions = row.actions.isEmpty ? inherited : row.actions.overriding(inherited)
    guard !actions.isEmpty else { return }
    row.actions = actions
    guard actions.configuresRows else { return }
    let sectionIndex = model?.sections.firstIndex { $0 === section }
    let context = RowContext(
      indexPath: sectionIndex.map { ItemPath(item: index, section: $0) },
      rowID: id, propertyName: row.propertyName,
      values: (section as? ObjectSection)?.draft.reader ?? ValueReader { _ in nil },
      sectionID: section.id)
    actions.willConfigure?(&row, context)
    actions.willDisplay?(&row, context)
    if let style = actions.willStyle?(context) { row.themeStyle = style }
  }

  /// The actions a section's rows fall back on: the section's own, then the model's.
  static func inheritedActions(_ section: Section, model: TableModel?) -> RowActions {
    section.rowActions.overriding(model?.rowActions ?? RowActions())
  }
}
