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

  /// The element index of visible row `row`.
  func elementIndex(ofVisibleRow row: Int) -> Int? {
    guard visible.indices.contains(row) else { return nil }
    return visibleElementIndex?[row] ?? row
  }

  /// Renders a whole section, tracking what its structure and each row read.
  static func render(_ section: Section, sink: InvalidationSink) -> SectionCache {
    let key = ObjectIdentifier(section)
    let (snapshot, ids) = withObservationTracking {
      (section.sectionSnapshot(), section.elementIDs())
    } onChange: {
      sink.invalidateSection(key)
    }
    var rows: [RowSnapshot?] = []
    rows.reserveCapacity(ids.count)
    for (index, id) in ids.enumerated() {
      rows.append(renderRow(section, index: index, id: id, sink: sink))
    }
    var cache = SectionCache(
      snapshot: snapshot, elementIDs: ids, rows: rows, visible: [], visibleElementIndex: nil)
    cache.collectVisible()
    return cache
  }

  /// Re-renders the rows with `ids`.
  mutating func rerender(_ ids: Set<RowID>, of section: Section, sink: InvalidationSink) {
    for (index, id) in elementIDs.enumerated() where ids.contains(id) {
      guard index < section.elementCount else { continue }
      rows[index] = Self.renderRow(section, index: index, id: id, sink: sink)
    }
    collectVisible()
  }

  private mutating func collectVisible() {
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
    self.visible = visible
    self.visibleElementIndex = allVisible ? nil : indices
  }

  private static func renderRow(_ section: Section, index: Int, id: RowID, sink: InvalidationSink)
    -> RowSnapshot?
  {
    let key = ObjectIdentifier(section)
    return withObservationTracking { () -> RowSnapshot? in
      var row = section.makeRow(at: index)
      row.id = id
      return row.isVisible ? RowSnapshot(row) : nil
    } onChange: {
      sink.invalidateRow(id, in: key)
    }
  }
}
