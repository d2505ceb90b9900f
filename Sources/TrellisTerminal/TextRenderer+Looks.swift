import Foundation
import Trellis

/// Headers and footers, UIKit's value2 and default cell styles, and control tints, as text.
///
/// A header or footer view is an image, which a terminal cannot show: it is drawn as its name
/// in brackets (`[banner]`), followed by the title when there is one. A header or footer
/// height takes one line per ``pointsPerLine`` points (rounded), the header's text on the last
/// of them and the footer's on the first, as UIKit places a title in a taller header.
extension TextRenderer {
  /// How many points of a header's or footer's height one terminal line stands for: half a
  /// row, which is one line at UIKit's 44 points.
  public static let pointsPerLine = 22.0

  /// The lines above a section's top border: a gap, then its header.
  public func headerLines(_ section: SectionSnapshot) -> [String] {
    var text: String?
    let title = section.header?.uppercased() ?? ""
    if let view = section.style?.headerView {
      text = "[\(TerminalText.sanitized(view.name))]" + (title.isEmpty ? "" : " " + title)
    } else if !title.isEmpty {
      text = title
    }
    if let line = text, section.isCollapsible {
      // A collapsible section's header says which way it is: ▸ collapsed, ▾ open.
      text = (section.isCollapsed ? "▸ " : "▾ ") + line
    }
    var lines = text.map { ["  " + $0] } ?? []
    if let count = Self.lineCount(forHeight: section.style?.headerHeight) {
      lines = Array(lines.suffix(count))
      lines.insert(contentsOf: Array(repeating: "", count: count - lines.count), at: 0)
    }
    return [""] + lines
  }

  /// The lines under a section's bottom border: its footer, wrapped to the group's width.
  public func footerLines(_ section: SectionSnapshot) -> [String] {
    var text: String?
    let title = section.footer ?? ""
    if let view = section.style?.footerView {
      text = "[\(TerminalText.sanitized(view.name))]" + (title.isEmpty ? "" : " " + title)
    } else if !title.isEmpty {
      text = title
    }
    // As UIKit wraps a footer's title to the table's width.
    var lines = text.map { TerminalText.wrapped($0, to: width - 1).map { "   " + $0 } } ?? []
    if let count = Self.lineCount(forHeight: section.style?.footerHeight) {
      lines = Array(lines.prefix(count))
      lines += Array(repeating: "", count: count - lines.count)
    }
    return lines
  }

  /// The lines a height of `points` takes; `nil` for no height, or one no terminal can show.
  static func lineCount(forHeight points: Double?) -> Int? {
    guard let points, points >= 0, points < 10_000 else { return nil }
    return Int((points / pointsPerLine).rounded())
  }

  /// The columns of a value2 row's title: a third of the row, at most 14.
  var value2TitleColumns: Int { Swift.min((width - 4) / 3, 14) }

  /// A value2 row's inside: its title right-aligned in a column of a third of the row (at most
  /// 14 columns), then the detail, left-aligned, right after it.
  func value2Text(_ row: RowSnapshot) -> String {
    let column = value2TitleColumns
    let title = TerminalText.fit(row.text ?? "", to: column)
    let pad = String(repeating: " ", count: Swift.max(column - TerminalText.width(of: title), 0))
    return pad + title + " " + (row.detail ?? row.value?.displayText ?? "")
  }

  /// The left part of a text field's line when its row aligns the field's text (InAppSettingsKit's
  /// `IASKTextAlignment`) left, or in the middle of what the title leaves: `left`, then the
  /// value; `nil` for any other row, whose value stays at the right.
  static func placedFieldValue(_ row: RowSnapshot, value: String, after left: String, inner: Int)
    -> String?
  {
    guard [.textField, .numericTextField].contains(row.kind), !value.isEmpty,
      let alignment = row.attributes.textAlignment, alignment != .right
    else { return nil }
    let gap =
      alignment == .center
      ? Swift.max(
        (inner - TerminalText.width(of: left) - TerminalText.width(of: value)) / 2,
        left.isEmpty ? 0 : 1)
      : (left.isEmpty ? 0 : 1)
    return left + String(repeating: " ", count: gap) + value
  }

  /// A part of a row's line drawn in a colour of its own.
  struct ColoredPart {
    /// The line, among those ``rowLines(_:editing:)`` gives.
    var line: Int
    /// The text coloured: its last occurrence on the line, or its first when `first`.
    var text: String
    /// The escape that colours it.
    var escape: String
    var first = false
  }

  /// The parts of a row's `lineCount` lines drawn in colours of their own, for a rendering
  /// and for the terminal host alike: the control's value in its tint (a switch's [x], a
  /// slider's <0.5>), a field's text and a detail in their colours, and a value2 row's title
  /// in the tint, as UIKit draws it. Parts without a colour are left out.
  func coloredParts(_ row: RowSnapshot, lineCount: Int) -> [ColoredPart] {
    guard lineCount > 0 else { return [] }
    var parts = [
      ColoredPart(line: 0, text: valueText(row), escape: Self.valueTint(row, depth: colorDepth))
    ]
    let detailColor = Self.detailColor(row, depth: colorDepth)
    if row.attributes.cellStyle == .value2 {
      if let title = row.text {
        parts.append(
          ColoredPart(
            line: 0, text: TerminalText.fit(title, to: value2TitleColumns),
            escape: Self.value2Tint(row, depth: colorDepth), first: true))
      }
      if let detail = row.detail {
        parts.append(ColoredPart(line: 0, text: detail, escape: detailColor))
      }
    }
    // A subtitle row's detail lines come after its text's, and before its notes.
    let details = subtitleDetailLines(row)
    let firstDetail = lineCount - details.count - linesAfterDetail(row)
    for (offset, part) in details.enumerated() where (0..<lineCount).contains(firstDetail + offset)
    {
      parts.append(ColoredPart(line: firstDetail + offset, text: part, escape: detailColor))
    }
    return parts.filter { !$0.text.isEmpty && !$0.escape.isEmpty }
  }

  /// The colour of what a row shows on its right, as an escape: its control's tint in bold
  /// (a switch's on colour, a slider's track, a segmented control's), a text field's
  /// `textField.textColor`, or the detail's `detailTextLabel.textColor`; empty when the theme
  /// gives none.
  static func valueTint(_ row: RowSnapshot, depth: TerminalColorDepth = .sixteen) -> String {
    guard let style = row.style else { return "" }
    let tint: ThemeColor?
    switch row.kind {
    case .switch where row.value?.boolValue == true: tint = style.switchOnTintColor
    case .switch: return ""
    case .slider: tint = style.sliderMinimumTrackTintColor
    case .segmented: tint = style.segmentedControlTintColor
    case .textField, .numericTextField:
      return foreground(style.color("textField.textColor"), depth: depth)
    default: return detailColor(row, depth: depth)
    }
    guard let code = tint.flatMap(depth.foreground) else { return "" }
    return "\u{1B}[1;\(code)m"
  }

  /// The escape of a row's `detailTextLabel.textColor`; empty when the theme gives none.
  static func detailColor(_ row: RowSnapshot, depth: TerminalColorDepth = .sixteen) -> String {
    foreground(row.style?.detailTextColor, depth: depth)
  }

  /// The escape that draws text in `color`; empty for none.
  private static func foreground(_ color: ThemeColor?, depth: TerminalColorDepth) -> String {
    guard let code = color.flatMap(depth.foreground) else { return "" }
    return "\u{1B}[\(code)m"
  }

  /// The escape that draws the row under the cursor in its theme's `selectedBackgroundColor`
  /// (the nearest ANSI background); `nil` when it has none, and the host's reverse video stays.
  package static func selectedBackground(
    _ row: RowSnapshot?, depth: TerminalColorDepth = .sixteen
  ) -> String? {
    guard let color = row?.style?.selectedBackgroundColor, let code = depth.background(color)
    else { return nil }
    return "\u{1B}[\(code)m"
  }

  /// The tint of a value2 row's title: the theme's `tintColor`, or blue (UIKit's default
  /// tint), as a bold foreground escape.
  static func value2Tint(_ row: RowSnapshot, depth: TerminalColorDepth = .sixteen) -> String {
    let code =
      row.style?.tintColor.flatMap(depth.foreground) ?? String(ANSIColor.blue.foregroundCode)
    return "\u{1B}[1;\(code)m"
  }

  /// `line` with `value` drawn in `tint`, then back to `rowEscape`: its last occurrence (the
  /// value on the right), or its `first` (a title on the left).
  static func tinted(
    _ line: String, value: String, tint: String, rowEscape: String, first: Bool = false
  ) -> String {
    guard !tint.isEmpty, !value.isEmpty,
      let range = line.range(of: value, options: first ? [] : .backwards)
    else { return line }
    return line.replacingCharacters(
      in: range, with: tint + value + "\u{1B}[0m" + rowEscape)
  }
}
