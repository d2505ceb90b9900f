import Trellis

/// A text view's text, under its title on lines of its own, as tall as its row says: UIKit's
/// growing text view and the web's text area, in lines.
extension TextRenderer {
  /// The most lines a text view that grows shows when its row sets no largest height.
  static let textViewLineLimit = 10

  /// The lines a text view shows its text on, under its title: as many as its text wraps to
  /// (at least its smallest height and at most its largest, in lines of ``pointsPerLine``
  /// points), or its smallest (two lines, as
  /// the web's text area, when its row gives none) when it does not grow with its text. A
  /// text cut short ends with how many lines are not shown; an empty one shows its
  /// placeholder. None for other rows, and for a subtitle or value2 row, which shows its
  /// text in its own place.
  func textViewLines(_ row: RowSnapshot) -> [String] {
    guard row.kind == .textView, row.attributes.cellStyle != .subtitle,
      row.attributes.cellStyle != .value2
    else { return [] }
    let columns = Swift.max(width - 6, 1)
    let text = row.value?.displayText ?? ""
    var lines =
      text.isEmpty
      ? [row.attributes.placeholder.map { "(\($0))" } ?? ""]
      : TerminalText.wrapped(text, to: columns)
    let smallest = Self.textViewLineCount(row.attributes.minimumHeight)
    let grows = row.attributes.growsWithText && row.style?.autoResize != false
    let count: Int
    if grows {
      let largest =
        Self.textViewLineCount(row.attributes.maximumHeight)
        ?? Self.textViewLineLimit
      count = Swift.min(Swift.max(lines.count, smallest ?? 1), Swift.max(largest, smallest ?? 1))
    } else {
      count = smallest ?? 2
    }
    if lines.count > count {
      let hidden = lines.count - count + 1
      let more = "… \(hidden) more line\(hidden == 1 ? "" : "s")"
      lines = Array(lines.prefix(count - 1)) + [count == 1 ? lines[0] + " " + more : more]
    }
    lines += Array(repeating: "", count: count - lines.count)
    return lines.map { "  " + $0 }
  }

  /// The lines a text view's height of `points` takes (``pointsPerLine`` points each), one at
  /// least; `nil` for none, or for a height no screen has.
  static func textViewLineCount(_ points: Double?) -> Int? {
    lineCount(forHeight: points).map { Swift.max($0, 1) }
  }
}
