import Observation

/// What a model last rendered for one section, and which element each visible row shows.
struct SectionCache {
  var snapshot: SectionSnapshot
  var elementIDs: [RowID]
  /// Per element: its row, or `nil` when hidden.
  var rows: [RowSnapshot?]
  /// The visible rows, in order.
  var visible: [RowSnapshot]
  /// Per visible row, its element index; `nil` when every element is visible.
  var visibleElementIndex: [Int]?
  /// Element index by identity, built the first time many rows change at once.
  var elementIndexByID: [RowID: Int]? = nil

  /// The element index of visible row `row`.
  func elementIndex(ofVisibleRow row: Int) -> Int? {
    guard visible.indices.contains(row) else { return nil }
    return visibleElementIndex?[row] ?? row
  }

  /// Renders a whole section, tracking what its structure and each row read.
  static func render(_ section: Section, sink: InvalidationSink, model: TableModel?)
    -> SectionCache
  {
    let key = ObjectIdentifier(section)
    let (snapshot, ids) = withObservationTracking {
      (section.sectionSnapshot(), section.elementIDs())
    } onChange: {
      sink.invalidateSection(key)
    }
    var rows: [RowSnapshot?] = []
    rows.reserveCapacity(ids.count)
    let inherited = inheritedActions(section, model: model)
    for (index, id) in ids.enumerated() {
      rows.append(
        renderRow(section, index: index, id: id, sink: sink, model: model, inherited: inherited))
    }
    var cache = SectionCache(
      snapshot: snapshot, elementIDs: ids, rows: rows, visible: [], visibleElementIndex: nil)
    cache.collectVisible(section: section, theme: model?.theme)
    return cache
  }

  /// Gathers the visible rows in order and resolves their theme styles by visible position.
  mutating func collectVisible(section: Section, theme: Theme?) {
    var visible: [RowSnapshot] = []
    visible.reserveCapacity(rows.count)
    var indices: [Int] = []
    var allVisible = true
    for (index, row) in rows.enumerated() {
      if let row {
        visible.append(row)
        indices.append(index)
      } else {
        allVisible = false
      }
    }
    if let theme {
      // Odd and even styles go by visible position, so they are applied after hiding.
      let sectionStyle = theme.sectionStyle(themeStyle: section.themeStyle)
      for index in visible.indices {
        let kind = ThemeRowKind(rawValue: visible[index].kind.rawValue) ?? .plain
        visible[index].style = theme.resolvedStyle(
          forRowKind: kind, themeStyle: visible[index].themeStyle, rowIndex: index,
          sectionStyle: sectionStyle)
      }
    }
    self.visible = visible
    self.visibleElementIndex = allVisible ? nil : indices
  }

  /// Renders one row, tracking what it reads so that a change marks only this row stale.
  static func renderRow(
    _ section: Section, index: Int, id: RowID, sink: InvalidationSink, model: TableModel?,
    inherited: RowActions? = nil
  ) -> RowSnapshot? {
    let key = ObjectIdentifier(section)
    let inherited = inherited ?? inheritedActions(section, model: model)
    return withObservationTracking { () -> RowSnapshot? in
      var row = section.makeRow(at: index)
      row.id = id
      // Row actions: the row's own, then its section's, then the model's.
      let actions = row.actions.isEmpty ? inherited : row.actions.overriding(inherited)
      if !actions.isEmpty {
        row.actions = actions
        let context = RowContext(
          rowID: id, propertyName: row.propertyName,
          values: (section as? ObjectSection)?.draft.reader
            ?? ValueReader { _ in nil }, sectionID: section.id)
        actions.willConfigure?(&row, context)
        actions.willDisplay?(&row, context)
        if let style = actions.willStyle?(context) { row.themeStyle = style }
      }
      return row.isVisible ? RowSnapshot(row) : nil
    } onChange: {
      sink.invalidateRow(id, in: key)
    }
  }

  /// The actions a section's rows fall back on: the section's own, then the model's.
  static func inheritedActions(_ section: Section, model: TableModel?) -> RowActions {
    section.rowActions.overriding(model?.rowActions ?? RowActions())
  }
}
