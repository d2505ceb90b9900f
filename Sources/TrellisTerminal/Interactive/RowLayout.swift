import Foundation
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
  /// The colours the terminal shows.
  package var colorDepth: TerminalColorDepth

  /// Creates a layout.
  package init(
    columns: Int, isEditing: Bool = false, usesColor: Bool = false,
    colorDepth: TerminalColorDepth = .sixteen
  ) {
    self.columns = columns
    self.isEditing = isEditing
    self.usesColor = usesColor
    self.colorDepth = colorDepth
  }

  /// The renderer whose groups fill the width (its lines are indented by two columns).
  var renderer: TextRenderer { TextRenderer(width: columns - 2, usesColor: false) }

  /// The lines of one row: the row, its subtitle, its validation message.
  package func lines(of row: RowSnapshot) -> [StyledLine] {
    let style = usesColor ? (row.style?.ansiEscape(depth: colorDepth) ?? "") : ""
    var row = row
    if let text = row.text { row.text = TerminalText.sanitized(text) }
    if let detail = row.detail { row.detail = TerminalText.sanitized(detail) }
    var lines = renderer.rowLines(row, editing: isEditing).map { StyledLine($0, style: style) }
    guard usesColor else { return lines }
    var colored = renderer
    colored.colorDepth = colorDepth
    for part in colored.coloredParts(row, lineCount: lines.count) {
      lines[part.line].style(part.text, with: part.escape, first: part.first)
    }
    return lines
  }

  /// The lines above a section's rows: a gap, the header (its view or title, as tall as its
  /// height says), the top border. The header's text is the line right above the border.
  package func top(of section: SectionSnapshot) -> [StyledLine] {
    let bold = usesColor ? "\u{1B}[1m" : ""
    let header = renderer.headerLines(section).map { StyledLine($0, style: $0.isEmpty ? "" : bold) }
    return header + [border]
  }

  /// The lines below a section's rows: the bottom border and the footer.
  package func bottom(of section: SectionSnapshot) -> [StyledLine] {
    [border] + renderer.footerLines(section).map { StyledLine($0) }
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
