import Trellis

/// What the terminal host keeps for one screen it shows: its lines, which row the cursor is
/// on, and how far the table is scrolled.
///
/// The screen's model reports every changeset here as it is made, and the lines take it at
/// once, so that they always show the model's last snapshot.
package final class ScreenView {
  /// Where the cursor can rest: a row, or the header of a section that collapses.
  package enum Focus: Hashable {
    case row(RowID)
    case header(String)
  }

  /// A place in the table: a collapsible section's header, or a row.
  package enum Place: Hashable {
    case header(Int)
    case row(ItemPath)
  }

  /// The screen shown.
  package let screen: Screen
  /// Its table's lines.
  package var lines: LineModel
  /// The row (or header) the cursor is on, by identity: an edit elsewhere cannot move it.
  package var focus: Focus?
  /// Where the focus last was, for when its row goes away.
  package var lastPlace: Place?
  /// The row the person last deleted from under the cursor: if the store refuses the delete
  /// and the row comes back before the cursor moves, the cursor goes back to it.
  package var deletedFocus: Focus?
  /// The first line of the table in view.
  package var scrollTop = 0
  /// The sections whose "load more" row the host already asked to load since it last changed.
  package var requestedLoads: Set<Int> = []
  /// The screen's ``Screen/saves`` the status line last told of.
  package var saves: Int
  private var observation: ObservationToken?

  /// Starts following `screen`, laid out with `layout`.
  package init(screen: Screen, layout: RowLayout) {
    self.screen = screen
    self.saves = screen.saves
    screen.model.processChanges()
    lines = LineModel(table: screen.model.snapshot, layout: layout)
    observation = screen.model.observe { [weak self] changeset in
      self?.lines.apply(changeset)
      self?.requestedLoads.removeAll()
    }
  }

  deinit { observation?.cancel() }

  /// The table shown.
  package var table: TableSnapshot { lines.table }

  /// Where `focus` is now, if it is still shown.
  package func place(of focus: Focus) -> Place? {
    switch focus {
    case .header(let id):
      guard let index = table.sections.firstIndex(where: { $0.model.id == id }),
        table.sections[index].model.isCollapsible
      else { return nil }
      return .header(index)
    case .row(let id):
      if case .row(let path)? = lastPlace, table[safe: path]?.id == id { return .row(path) }
      for (s, section) in table.sections.enumerated() {
        if let item = section.items.firstIndex(where: { $0.id == id }) {
          return .row(ItemPath(item: item, section: s))
        }
      }
      return nil
    }
  }

  /// The focus at `place`.
  package func focus(at place: Place) -> Focus? {
    switch place {
    case .header(let index):
      table.sections.indices.contains(index) ? .header(table.sections[index].model.id) : nil
    case .row(let path): table[safe: path].map { .row($0.id) }
    }
  }

  /// Where the cursor is now: its row (or header), or the nearest place to where it was, or
  /// the first place; `nil` for a table with nothing to rest on.
  package func currentPlace() -> Place? {
    if let deleted = deletedFocus, let place = place(of: deleted) {
      focus = deleted
      deletedFocus = nil
      lastPlace = place
      return place
    }
    if let focus, let place = place(of: focus) {
      lastPlace = place
      return place
    }
    let count = placeCount
    guard count > 0 else { return nil }
    let ordinal = min(lastPlace.map(ordinal(of:)) ?? 0, count - 1)
    let place = self.place(atOrdinal: ordinal)
    if let place {
      focus = focus(at: place)
      lastPlace = place
    }
    return place
  }

  /// Moves the cursor `by` places (negative: up), stopping at the ends.
  package func moveFocus(by offset: Int) {
    let count = placeCount
    guard count > 0 else { return }
    let current = currentPlace().map(ordinal(of:)) ?? 0
    let target = min(max(current + offset, 0), count - 1)
    deletedFocus = nil
    if let place = place(atOrdinal: target) {
      focus = focus(at: place)
      lastPlace = place
    }
  }

  /// Puts the cursor on `place`.
  package func setFocus(_ place: Place) {
    deletedFocus = nil
    focus = focus(at: place)
    lastPlace = place
  }

  /// How many places the cursor can rest on.
  package var placeCount: Int {
    table.sections.reduce(0) { $0 + $1.items.count + ($1.model.isCollapsible ? 1 : 0) }
  }

  /// The position of `place` among all places, top first.
  package func ordinal(of place: Place) -> Int {
    var ordinal = 0
    let sections = table.sections
    let target: Int
    switch place {
    case .header(let index): target = index
    case .row(let path): target = path.section
    }
    for s in 0..<min(target, sections.count) {
      ordinal += sections[s].items.count + (sections[s].model.isCollapsible ? 1 : 0)
    }
    guard case .row(let path) = place else { return ordinal }
    let collapsible =
      sections.indices.contains(path.section) && sections[path.section].model.isCollapsible
    return ordinal + (collapsible ? 1 : 0) + path.item
  }

  /// The place at `ordinal` among all places, top first.
  package func place(atOrdinal ordinal: Int) -> Place? {
    var remaining = ordinal
    for (s, section) in table.sections.enumerated() {
      if section.model.isCollapsible {
        if remaining == 0 { return .header(s) }
        remaining -= 1
      }
      if remaining < section.items.count { return .row(ItemPath(item: remaining, section: s)) }
      remaining -= section.items.count
    }
    return nil
  }

  /// The row the cursor is on, with its path.
  package func focusedRow() -> (path: ItemPath, row: RowSnapshot)? {
    guard case .row(let path)? = currentPlace(), let row = table[safe: path] else { return nil }
    return (path, row)
  }
}
