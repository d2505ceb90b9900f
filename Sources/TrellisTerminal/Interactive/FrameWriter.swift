/// Turns frames into what is written to the terminal: the first frame (and the first after a
/// resize) whole, every later one as the lines that changed, each addressed by the cursor.
///
/// Nothing is cleared and painted again on an edit: a line that shows what it showed is not
/// written. ``linesWritten`` counts the lines written, for tests of that promise.
package struct FrameWriter {
  /// The frame on the terminal now.
  package private(set) var shown: TerminalFrame?
  /// How many lines were written since the writer was made.
  package private(set) var linesWritten = 0
  /// How many times the whole screen was painted.
  package private(set) var fullPaints = 0

  /// Creates a writer for a terminal that shows nothing of ours yet.
  package init() {}

  /// Forgets what is shown: the next frame is painted whole (after a resize, say).
  package mutating func invalidate() { shown = nil }

  /// The bytes that bring the terminal from ``shown`` to `frame`.
  package mutating func output(for frame: TerminalFrame) -> String {
    var out = ""
    let previous = shown?.size == frame.size ? shown : nil
    if previous == nil {
      out += "\u{1B}[0m\u{1B}[2J"
      fullPaints += 1
    }
    for (index, line) in frame.lines.enumerated() where previous?.lines[index] != line {
      out += "\u{1B}[\(index + 1);1H\u{1B}[2K"
      out += line.output
      linesWritten += 1
    }
    if let cursor = frame.cursor {
      out += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
    } else if previous?.cursor != nil || previous == nil {
      out += "\u{1B}[?25l"
    }
    shown = frame
    return out
  }

  /// Switches to the alternate screen, hiding the cursor, and asks the terminal to bracket
  /// pastes (DEC mode 2004), so that pasted text is never read as keys.
  package static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[H"
  /// Ends bracketed pastes, shows the cursor again and returns to the normal screen.
  package static let leave = "\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
}
