import TrellisDiff

extension SectionCache {
  /// Renders again the rows with `ids` and patches ``visible`` in place, answering what the
  /// hosts must do (deletes and reloads at old positions, inserts at new ones), without
  /// looking at the other rows.
  ///
  /// Returns `nil` when the change is not local: a row appeared or disappeared in a themed
  /// section, whose odd and even styles then shift for every row below, or the section has
  /// expand/collapse rows, which show and hide the rows after them. The cache is still
  /// brought up to date; the caller diffs the section instead.
  mutating func updateRows(
    _ ids: Set<RowID>, of section: Section, sink: InvalidationSink, model: TableModel?
  ) -> SectionEdits? {
    let changed = elementIndices(of: ids, limit: section.elementCount)
    guard !changed.isEmpty else { return SectionEdits() }
    var old: [RowSnapshot?] = []
    old.reserveCapacity(changed.count)
    var visibilityChanged = false
    for index in changed {
      let before = rows[index]
      old.append(before)
      rows[index] = Self.renderRow(
        section, index: index, id: elementIDs[index], sink: sink, model: model,
        alwaysVisible: rowsAlwaysVisible, keptRows: &keptRows)
      if (before == nil) != (rows[index] == nil) { visibilityChanged = true }
    }
    let theme = model?.theme
    if hasExpansions {
      collectVisible(section: section, theme: theme)
      return nil
    }
    if visibilityChanged && theme != nil {
      collectVisible(section: section, theme: theme)
      return nil
    }
    var updates = SectionEdits()
    if visibilityChanged {
      applyVisibilityChanges(changed: changed, old: old, into: &updates)
    }
    // Rows visible before and after: reloaded when anything they show changed.
    let sectionStyle = theme?.sectionStyle(kind: section.themeKind, themeStyle: section.themeStyle)
    for (offset, index) in changed.enumerated() {
      guard old[offset] != nil, var row = rows[index] else { continue }
      guard let position = visiblePosition(ofElement: index) else { continue }
      if let theme {
        Self.applyStyle(to: &row, at: position, theme: theme, sectionStyle: sectionStyle)
      }
      if visible[position] != row {
        // A reload names the row where it was before this batch.
        updates.reloads.append(
          oldPosition(position, deletes: updates.deletes, inserts: updates.inserts))
        visible[position] = row
      }
    }
    updates.reloads.sort()
    return updates
  }

  /// Inserts and removes the rows that appeared or disappeared, recording where.
  private mutating func applyVisibilityChanges(
    changed: [Int], old: [RowSnapshot?], into updates: inout SectionEdits
  ) {
    var shown = visibleElementIndex ?? Array(0..<visible.count)
    // Deletes at old positions, last first so that earlier positions stay put.
    for (offset, index) in changed.enumerated().reversed()
    where old[offset] != nil && rows[index] == nil {
      guard let position = Self.position(of: index, in: shown) else { continue }
      updates.deletes.append(position)
      shown.remove(at: position)
      visible.remove(at: position)
    }
    updates.deletes.reverse()
    // Inserts at new positions, first first.
    for (offset, index) in changed.enumerated() where old[offset] == nil {
      guard let row = rows[index] else { continue }
      let position = Self.insertionPoint(of: index, in: shown)
      updates.inserts.append(position)
      shown.insert(index, at: position)
      visible.insert(row, at: position)
    }
    visibleElementIndex = shown.count == rows.count ? nil : shown
  }

  /// The element indices of `ids`, ascending; ids no longer in the section are skipped.
  ///
  /// The index by identity is built on the first such update after a render, so that later
  /// edits of a large section cost what their rows cost.
  private mutating func elementIndices(of ids: Set<RowID>, limit: Int) -> [Int] {
    buildElementIndex()
    return ids.compactMap { elementIndexByID?[$0] }.filter { $0 < limit }.sorted()
  }

  /// The visible position of the row with `id`, or `nil` when no visible row has it.
  mutating func visiblePosition(ofRow id: RowID) -> Int? {
    elementIndex(of: id).flatMap(visiblePosition(ofElement:))
  }

  /// The element index of `id`, or `nil` when no element has it.
  ///
  /// Elements are found by reading the identities in order, as far as each, until those reads
  /// add up to the whole list; then an index by identity is built, which later lookups use. A
  /// few events on a long list build no index, and rows near the top cost little.
  mutating func elementIndex(of id: RowID) -> Int? {
    if elementIndexByID == nil, scansLeft { return scanForElement { $0 == id } }
    buildElementIndex()
    return elementIndexByID?[id]
  }

  /// The visible position of the row whose identity hashes to `hash`, or `nil` when no
  /// visible row has it; found as ``elementIndex(of:)`` finds an element, with an index by
  /// hash once the reads add up to the whole list.
  mutating func visiblePosition(ofRowHash hash: Int) -> Int? {
    if elementIndexByHash == nil, scansLeft {
      return scanForElement { $0.hashValue == hash }.flatMap(visiblePosition(ofElement:))
    }
    if elementIndexByHash == nil {
      var map: [Int: Int] = [:]
      map.reserveCapacity(elementIDs.count)
      for (index, id) in elementIDs.enumerated() where map[id.hashValue] == nil {
        map[id.hashValue] = index
      }
      elementIndexByHash = map
    }
    guard let element = elementIndexByHash?[hash] else { return nil }
    return visiblePosition(ofElement: element)
  }

  /// Whether lookups since the render have read less than the whole list in order.
  private var scansLeft: Bool { scannedWithoutIndex < elementIDs.count }

  /// The first element whose identity `matches`, read in order, counting what was read.
  private mutating func scanForElement(where matches: (RowID) -> Bool) -> Int? {
    let element = elementIDs.firstIndex(where: matches)
    scannedWithoutIndex += element.map { $0 + 1 } ?? elementIDs.count
    return element
  }

  mutating func buildElementIndex() {
    guard elementIndexByID == nil else { return }
    var map: [RowID: Int] = [:]
    map.reserveCapacity(elementIDs.count)
    for (index, id) in elementIDs.enumerated() where map[id] == nil { map[id] = index }
    elementIndexByID = map
  }

  /// The visible position of element `index`, if it is visible.
  func visiblePosition(ofElement index: Int) -> Int? {
    guard let shown = visibleElementIndex else { return index < visible.count ? index : nil }
    return Self.position(of: index, in: shown)
  }

  /// Where `value` sits in the ascending `list`, by binary search.
  static func position(of value: Int, in list: [Int]) -> Int? {
    let point = insertionPoint(of: value, in: list)
    return point < list.count && list[point] == value ? point : nil
  }

  /// The first position in the ascending `list` whose value is not below `value`.
  static func insertionPoint(of value: Int, in list: [Int]) -> Int {
    var low = 0
    var high = list.count
    while low < high {
      let middle = (low + high) / 2
      if list[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The position before this batch of the row at `position` after it, given the batch's
  /// deletes (old positions, ascending) and inserts (new positions, ascending).
  private func oldPosition(_ position: Int, deletes: [Int], inserts: [Int]) -> Int {
    guard !deletes.isEmpty || !inserts.isEmpty else { return position }
    // Undo the inserts: rows inserted before it pushed it down.
    let insertedBefore = Self.insertionPoint(of: position, in: inserts)
    var result = position - insertedBefore
    // Undo the deletes: each deleted old position at or before it had pulled it up.
    for deleted in deletes {
      if deleted <= result { result += 1 } else { break }
    }
    return result
  }
}
