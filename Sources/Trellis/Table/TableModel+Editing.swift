import TrellisDiff

extension TableModel {
  /// The section at `index`, or an error naming the range.
  public func section(at index: Int) throws(TableEditError) -> Section {
    guard sections.indices.contains(index) else {
      throw .sectionOutOfRange(index, count: sections.count)
    }
    return sections[index]
  }

  /// The row shown at `path` (visible rows only), made fresh with its binding.
  public func row(at path: ItemPath) throws(TableEditError) -> Row {
    let (section, index) = try locate(path)
    statistics.rowBuilds += 1
    var row = section.makeRow(at: index)
    if let cache = caches[ObjectIdentifier(section)], cache.elementIDs.indices.contains(index) {
      row.id = cache.elementIDs[index]
    }
    return row
  }

  /// The row at `path` as hosts show it, with its section and element index: a bound row, or
  /// one that configuring actions changed, as the last render kept it; any
  /// other made again. An event acts on it.
  func shownRow(at path: ItemPath) throws(TableEditError) -> (
    row: Row, section: Section, index: Int
  ) {
    let (section, index) = try locate(path)
    if let cache = caches[ObjectIdentifier(section)], cache.elementIDs.indices.contains(index),
      let kept = cache.keptRows[cache.elementIDs[index]]
    {
      return (kept, section, index)
    }
    return (try row(at: path), section, index)
  }

  /// The index path of the row with `id`, in the snapshot hosts show.
  public func indexPath(of id: RowID) -> ItemPath? {
    indexPath(inCache: { $0.visiblePosition(ofRow: id) }, orWhere: { $0 == id })
  }

  /// The identity of the row at `path` in the snapshot hosts show: what a host that knows
  /// rows by position (a `UITableView`'s index paths) names a row by in a ``ScreenEvent``.
  /// `nil` when no row is shown there.
  public func rowID(at path: ItemPath) -> RowID? {
    shownRow(at: path)?.id
  }

  /// The row at `path` in the snapshot hosts show, as they show it; `nil` when no row is
  /// shown there.
  package func shownRow(at path: ItemPath) -> RowSnapshot? {
    guard snapshot.sections.indices.contains(path.section) else { return nil }
    let items = snapshot.sections[path.section].items
    return items.indices.contains(path.item) ? items[path.item] : nil
  }

  /// The index path of the row whose identity's `hashValue` is `hash`, in the snapshot hosts
  /// show: for a host that names rows by that hash (the web host's keys) and keeps no table
  /// from one to the other. Reads identities only, rendering nothing.
  package func indexPath(ofRowHash hash: Int) -> ItemPath? {
    indexPath(inCache: { $0.visiblePosition(ofRowHash: hash) }, orWhere: { $0.hashValue == hash })
  }

  /// A row of the snapshot hosts show: found through each section's cache (`position` looks
  /// it up by an index the cache builds once per render) while the caches hold what was last
  /// delivered, else by reading every row's identity.
  private func indexPath(
    inCache position: (inout SectionCache) -> Int?, orWhere matches: (RowID) -> Bool
  ) -> ItemPath? {
    if sections.count == snapshot.sections.count {
      for (s, section) in sections.enumerated() {
        let key = ObjectIdentifier(section)
        guard caches[key]?.snapshot.id == snapshot.sections[s].model.id else { break }
        // In place: the cache's index is kept for the next lookup. A cache that rests while
        // a shared list serves the section knows older positions: a row found there counts
        // only where the snapshot shows it.
        guard let found = position(&caches[key]!) else { continue }
        let items = snapshot.sections[s].items
        guard items.indices.contains(found), matches(items[found].id) else { break }
        return ItemPath(item: found, section: s)
      }
    }
    for (s, section) in snapshot.sections.enumerated() {
      if let row = section.items.firstIndex(where: { matches($0.id) }) {
        return ItemPath(item: row, section: s)
      }
    }
    return nil
  }

  /// Writes a value a person entered into the row at `path`, then updates the hosts.
  ///
  /// The value is written through the row's binding, which checks its type: on error the bound
  /// object is unchanged.
  public func setValue(_ value: Value, at path: ItemPath) throws(TableEditError) {
    try writeValue(value, at: path)
    processChanges()
  }

  /// Writes a value into the row at `path` without processing the change: the event handler's
  /// step, which the host loop follows with one ``processChanges()``. The row's binding comes
  /// from the last render, so writing builds no row.
  @discardableResult
  func writeValue(_ value: Value, at path: ItemPath) throws(TableEditError) -> Row {
    let row = try shownRow(at: path).row
    let name = row.text.map { "“\($0)”" } ?? "The row"
    guard let binding = row.binding else {
      throw .rowNotEditable(row: name, reason: "it shows no value of its own")
    }
    guard row.isEnabled else { throw .rowNotEditable(row: name, reason: "it is disabled") }
    do { try binding.write(value) } catch { throw .binding(error) }
    return row
  }

  /// Deletes the row at `path` from the content it represents, then updates the hosts.
  public func deleteRow(at path: ItemPath) throws(TableEditError) {
    try removeRow(at: path)
    processChanges()
  }

  /// Deletes the row at `path` without processing the change (the event handler's step).
  func removeRow(at path: ItemPath) throws(TableEditError) {
    let (section, index) = try locate(path)
    try refuseIfReadOnly(section)
    guard section.makeRow(at: index).isDeletable else { throw .notDeletable(path: "\(path)") }
    _ = try section.removeElement(at: index)
  }

  /// Moves the row at `source` so that it ends at `destination`, within a section or between
  /// sections, changing the arrays the sections represent. Refused moves change nothing.
  public func moveRow(from source: ItemPath, to destination: ItemPath) throws(TableEditError) {
    try relocateRow(from: source, to: destination)
    processChanges()
  }

  /// Moves a row without processing the change (the event handler's step).
  func relocateRow(from source: ItemPath, to destination: ItemPath) throws(TableEditError) {
    let (from, fromIndex) = try locate(source)
    let to = try section(at: destination.section)
    guard from.makeRow(at: fromIndex).isMovable else { throw .notMovable(path: "\(source)") }
    try refuseIfReadOnly(from)
    if from === to {
      let count = visibleCount(of: to)
      guard destination.item >= 0, destination.item < count else {
        throw .rowOutOfRange(path: "\(destination)", count: count)
      }
      let toIndex = elementIndex(forInsertingAt: destination.item, in: to, excluding: fromIndex)
      try from.moveElement(from: fromIndex, to: toIndex)
    } else {
      try refuseIfReadOnly(to)
      guard to.rowDefaults.acceptsMovesIn else {
        throw .refused(section: to.id, reason: "it does not accept rows from other sections")
      }
      let element = from.element(at: fromIndex)
      if let reason = to.refusalReason(forInserting: element) {
        throw .refused(section: to.id, reason: reason)
      }
      let count = visibleCount(of: to)
      guard destination.item >= 0, destination.item <= count else {
        throw .rowOutOfRange(path: "\(destination)", count: count)
      }
      let toIndex = elementIndex(forInsertingAt: destination.item, in: to, excluding: nil)
      let removed = try from.removeElement(at: fromIndex)
      do {
        try to.insertElement(removed, at: toIndex)
      } catch {
        // Put the element back where it was, so a refused move changes nothing.
        try? from.insertElement(removed, at: fromIndex)
        throw error
      }
    }
  }

  /// Inserts an element into the content of the section at `section`, at visible row `row`
  /// (the end when `nil`), then updates the hosts.
  public func insertElement(_ element: Any, inSection sectionIndex: Int, at row: Int? = nil)
    throws(TableEditError)
  {
    let section = try section(at: sectionIndex)
    try refuseIfReadOnly(section)
    if let reason = section.refusalReason(forInserting: element) {
      throw .refused(section: section.id, reason: reason)
    }
    let count = visibleCount(of: section)
    let row = row ?? count
    guard row >= 0, row <= count else {
      throw .rowOutOfRange(path: "\(ItemPath(item: row, section: sectionIndex))", count: count)
    }
    try section.insertElement(
      element, at: elementIndex(forInsertingAt: row, in: section, excluding: nil))
    processChanges()
  }

  /// Refuses an edit of `section`'s rows when a person may not add, delete or move them.
  private func refuseIfReadOnly(_ section: Section) throws(TableEditError) {
    guard section.isEditable else {
      throw .sectionNotEditable(section: section.id, reason: "the section is read-only")
    }
  }

  // MARK: Index mapping

  /// The section and element index behind a visible index path.
  func locate(_ path: ItemPath) throws(TableEditError) -> (Section, Int) {
    let section = try section(at: path.section)
    // Paths address what hosts show. Only a section no host has seen yet is rendered first.
    if caches[ObjectIdentifier(section)] == nil, hasPendingChanges { processChanges() }
    guard let cache = caches[ObjectIdentifier(section)],
      let index = cache.elementIndex(ofVisibleRow: path.item), index < section.elementCount
    else {
      throw .rowOutOfRange(path: "\(path)", count: visibleCount(of: section))
    }
    return (section, index)
  }

  func visibleCount(of section: Section) -> Int {
    caches[ObjectIdentifier(section)]?.visible.count ?? section.elementCount
  }

  /// The element index at which an element lands to show as visible row `row`.
  private func elementIndex(forInsertingAt row: Int, in section: Section, excluding: Int?) -> Int {
    guard let map = caches[ObjectIdentifier(section)]?.visibleElementIndex else { return row }
    var visible = map
    if let excluding { visible.removeAll { $0 == excluding } }
    if row < visible.count {
      let index = visible[row]
      if let excluding, excluding < index { return index - 1 }
      return index
    }
    return section.elementCount - (excluding == nil ? 0 : 1)
  }
}
