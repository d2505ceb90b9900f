import Trellis

/// How the terminal host lays out a table's sections and rows as lines: the grouped style of
/// ``TextRenderer`` at the terminal's width, with theme styles as whole-line colours.
package struct RowLayout: Hashable, Sendable {
  /// The terminal's width in columns.
  package var columns: Int
  /// Whether the screen is in edit mode (delete, insert and reorder controls show).
  package var isEditing: Bool
  /// Whether themed rows are coloured.
  package var usesColor: Bool

  /// Creates a layout.
  package init(columns: Int, isEditing: Bool = false, usesColor: Bool = false) {
    self.columns = columns
    self.isEditing = isEditing
    self.usesColor = usesColor
  }

  /// The renderer whose groups fill the width (its lines are indented by two columns).
  var renderer: TextRenderer { TextRenderer(width: columns - 2, usesColor: false) }

  /// The lines of one row: the row, its subtitle, its validation message.
  package func lines(of row: RowSnapshot) -> [StyledLine] {
    let style = usesColor ? (row.style?.ansiEscape ?? "") : ""
    var row = row
    if let text = row.text { row.text = TerminalText.sanitized(text) }
    if let detail = row.detail { row.detail = TerminalText.sanitized(detail) }
    return renderer.rowLines(row, editing: isEditing).map { StyledLine($0, style: style) }
  }

  /// The lines above a section's rows: a gap, the header, the top border.
  package func top(of section: SectionSnapshot) -> [StyledLine] {
    var lines = [StyledLine.blank]
    if let header = section.header, !header.isEmpty {
      let marker = section.isCollapsible ? (section.isCollapsed ? "▸ " : "▾ ") : ""
      lines.append(
        StyledLine("  " + marker + header.uppercased(), style: usesColor ? "\u{1B}[1m" : ""))
    }
    lines.append(border)
    return lines
  }

  /// The lines below a section's rows: the bottom border and the footer.
  package func bottom(of section: SectionSnapshot) -> [StyledLine] {
    var lines = [border]
    if let footer = section.footer, !footer.isEmpty { lines.append(StyledLine("   " + footer)) }
    return lines
  }

  /// The line an empty section shows between its borders.
  package var emptyRow: StyledLine { StyledLine(renderer.box("")) }

  /// A line inside a group's borders, with `left` and `right` text.
  package func boxed(_ left: String, _ right: String = "") -> String {
    renderer.box(TerminalText.sanitized(left), TerminalText.sanitized(right))
  }

  private var border: StyledLine {
    StyledLine("  +" + String(repeating: "-", count: max(columns - 4, 0)) + "+")
  }
}
