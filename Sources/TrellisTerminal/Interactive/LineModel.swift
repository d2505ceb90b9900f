import Trellis

/// The lines of one screen's table as the terminal shows them, kept in step with the model by
/// applying each staged changeset to them, step by step.
///
/// Each stage of a ``TableChangeset`` is taken as the diff engine's sequential steps
/// (``StageSteps``, the same translation the web host's page patches use): a deleted row's
/// lines go, an inserted or reloaded row's lines are drawn from the stage's data, and every
/// other row keeps the lines it has. A row's lines are drawn when first shown, so a list of a
/// hundred thousand rows costs only the rows in view. ``rowsDrawn`` counts the drawings.
package struct LineModel {
  /// One row's lines, drawn when first needed.
  package struct RowLines {
    package var row: RowSnapshot
    package var lines: [StyledLine]?
  }

  /// One section: the lines above and below its rows, and its rows.
  package struct SectionLines {
    package var top: [StyledLine]
    package var rows: [RowLines]
    package var bottom: [StyledLine]
  }

  /// Where a line of the model comes from.
  package enum Origin: Hashable, Sendable {
    /// A section's header line.
    case header(Int)
    /// A section's gap, border or footer, or an empty section's filler.
    case section(Int)
    /// The `line`th line of the row at `path`.
    case row(ItemPath, line: Int)
  }

  /// The sections' lines.
  package private(set) var sections: [SectionLines] = []
  /// The table the lines show.
  package private(set) var table: TableSnapshot
  /// How rows become lines.
  package private(set) var layout: RowLayout
  /// How many times a row's lines were drawn: what an update cost.
  package private(set) var rowsDrawn = 0

  /// The lines of `table`, laid out by `layout`.
  package init(table: TableSnapshot, layout: RowLayout) {
    self.table = table
    self.layout = layout
    sections = table.sections.map(makeSection)
  }

  private func makeSection(_ section: SnapshotSection<SectionSnapshot, RowSnapshot>) -> SectionLines
  {
    SectionLines(
      top: layout.top(of: section.model), rows: section.items.map { RowLines(row: $0) },
      bottom: layout.bottom(of: section.model))
  }

  /// Lays everything out again with `layout` (a new width, edit mode turned on or off).
  package mutating func relayout(_ layout: RowLayout) {
    guard layout != self.layout else { return }
    self.layout = layout
    sections = table.sections.map(makeSection)
  }

  /// Applies a changeset: each stage's steps in order, or the whole target on a full reload.
  /// A step that does not fit (which a valid changeset never has) lays the target out anew.
  package mutating func apply(_ changeset: TableChangeset) {
    if changeset.fullReload != nil {
      table = changeset.target
      sections = table.sections.map(makeSection)
      return
    }
    for stage in changeset.stages {
      for step in stage.sequentialSteps {
        do {
          try table.apply(step, from: stage.data)
        } catch {
          table = changeset.target
          sections = table.sections.map(makeSection)
          return
        }
        take(step, from: stage.data)
      }
    }
  }

  /// Does to the lines what `step` did to ``table`` (whose indices it was checked against).
  private mutating func take(_ step: StageStep, from data: TableSnapshot) {
    switch step {
    case .deleteItem(let path):
      sections[path.section].rows.remove(at: path.item)
    case .deleteSection(let index):
      sections.remove(at: index)
    case .insertSection(let index):
      sections.insert(makeSection(data.sections[index]), at: index)
    case .insertItem(let path):
      sections[path.section].rows.insert(
        RowLines(row: table.sections[path.section].items[path.item]), at: path.item)
    case .reloadSection(let index):
      sections[index] = makeSection(data.sections[index])
    case .reloadItem(let path):
      sections[path.section].rows[path.item] = RowLines(
        row: table.sections[path.section].items[path.item])
    }
  }

  /// The lines of the row at `path`, drawn now if they were not yet.
  package mutating func lines(at path: ItemPath) -> [StyledLine] {
    if let lines = sections[path.section].rows[path.item].lines { return lines }
    let lines = layout.lines(of: sections[path.section].rows[path.item].row)
    sections[path.section].rows[path.item].lines = lines
    rowsDrawn += 1
    return lines
  }

  /// Draws every row not drawn yet, when there are at most `limit` rows: positions are then
  /// exact (a row not drawn counts one line).
  package mutating func drawRows(ifAtMost limit: Int) {
    guard sections.reduce(0, { $0 + $1.rows.count }) <= limit else { return }
    for s in sections.indices {
      for item in sections[s].rows.indices where sections[s].rows[item].lines == nil {
        _ = lines(at: ItemPath(item: item, section: s))
      }
    }
  }

  /// How many lines the row at `path` takes (one, until it is drawn).
  package func height(at path: ItemPath) -> Int {
    sections[path.section].rows[path.item].lines?.count ?? 1
  }

  /// The first line of the row at `path` in ``allLines()``'s numbering.
  package func firstLine(of path: ItemPath) -> Int {
    var line = 0
    for s in 0..<min(path.section, sections.count) {
      line += sections[s].top.count + sections[s].bottom.count
      line +=
        sections[s].rows.isEmpty
        ? 1
        : sections[s].rows.indices.reduce(0) {
          $0 + height(at: ItemPath(item: $1, section: s))
        }
    }
    guard sections.indices.contains(path.section) else { return line }
    line += sections[path.section].top.count
    for item in 0..<min(path.item, sections[path.section].rows.count) {
      line += height(at: ItemPath(item: item, section: path.section))
    }
    return line
  }

  /// The lines from `start` on, at most `count`, each with where it comes from; rows among
  /// them are drawn now.
  package mutating func window(from start: Int, count: Int) -> [(StyledLine, Origin)] {
    var result: [(StyledLine, Origin)] = []
    var line = 0
    func take(_ lines: [StyledLine], _ origin: (Int) -> Origin) -> Bool {
      for (offset, text) in lines.enumerated() {
        if line >= start { result.append((text, origin(offset))) }
        line += 1
        if result.count >= count { return false }
      }
      return true
    }
    for s in sections.indices {
      let sectionEnd = line + sections[s].top.count + sections[s].bottom.count
      // A section wholly above the window is skipped by height alone.
      if sectionEnd + rowsHeight(s) <= start {
        line = sectionEnd + rowsHeight(s)
        continue
      }
      let top = sections[s].top
      // The header's text is the line right above the top border.
      let headerLine = top.count >= 3 ? top.count - 2 : -1
      guard take(top, { $0 == headerLine ? .header(s) : .section(s) }) else {
        return result
      }
      if sections[s].rows.isEmpty {
        guard take([layout.emptyRow], { _ in .section(s) }) else { return result }
      }
      for item in sections[s].rows.indices {
        let path = ItemPath(item: item, section: s)
        if line + height(at: path) <= start {
          line += height(at: path)
          continue
        }
        guard take(lines(at: path), { .row(path, line: $0) }) else { return result }
      }
      guard take(sections[s].bottom, { _ in .section(s) }) else { return result }
    }
    return result
  }

  private func rowsHeight(_ section: Int) -> Int {
    if sections[section].rows.isEmpty { return 1 }
    return sections[section].rows.indices.reduce(0) {
      $0 + height(at: ItemPath(item: $1, section: section))
    }
  }

  /// Every line, every row drawn.
  package mutating func allLines() -> [StyledLine] {
    window(from: 0, count: .max).map(\.0)
  }

  /// How many lines there are (rows not yet drawn count one each).
  package var lineCount: Int {
    sections.indices.reduce(0) {
      $0 + sections[$1].top.count + sections[$1].bottom.count + rowsHeight($1)
    }
  }
}
