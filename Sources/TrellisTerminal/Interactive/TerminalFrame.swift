/// What the terminal shows at one moment: exactly one line per row of the terminal, none
/// wider than it, and where the cursor is (hidden when `nil`).
package struct TerminalFrame: Hashable, Sendable {
  /// The size the frame fills.
  package var size: TerminalSize
  /// The lines, top to bottom, each fitted to the width.
  package var lines: [StyledLine]
  /// The cursor's row and column (from 0), when it shows.
  package var cursor: (row: Int, column: Int)?

  /// A frame of `size` with `lines` fitted to it: cut or padded to its height, each cut to its
  /// width.
  package init(size: TerminalSize, lines: [StyledLine], cursor: (row: Int, column: Int)? = nil) {
    self.size = size
    var fitted = lines.prefix(size.rows).map {
      StyledLine(TerminalText.fit($0.text, to: size.columns), style: $0.style, spans: $0.spans)
    }
    while fitted.count < size.rows { fitted.append(.blank) }
    self.lines = fitted
    self.cursor = cursor
  }

  package static func == (lhs: TerminalFrame, rhs: TerminalFrame) -> Bool {
    lhs.size == rhs.size && lhs.lines == rhs.lines && lhs.cursor?.row == rhs.cursor?.row
      && lhs.cursor?.column == rhs.cursor?.column
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(size)
    hasher.combine(lines)
  }
}

/// A terminal's size in rows and columns.
public struct TerminalSize: Hashable, Sendable {
  /// Lines, top to bottom.
  public var rows: Int
  /// Columns, left to right.
  public var columns: Int

  /// Creates a size; each side is at least 1.
  public init(rows: Int, columns: Int) {
    self.rows = max(rows, 1)
    self.columns = max(columns, 1)
  }
}
