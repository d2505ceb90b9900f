import Trellis

/// Renders a screen as deterministic text in the grouped table style.
///
/// Headers are upper-cased above each group, footers below it, values sit on the right (a
/// text view's text goes on lines of its own under its title, as tall as its row's heights
/// allow), and accessories and edit-mode controls use fixed symbols:
///
/// | symbol | meaning |
/// |---|---|
/// | `>` | disclosure indicator |
/// | `(i)` | detail button |
/// | `(i)>` | detail disclosure button |
/// | `✓` | checkmark |
/// | `(-)` | delete control (edit mode) |
/// | `(+)` | insert control (edit mode) |
/// | `≡` | reorder control (edit mode) |
/// | `[x]` / `[ ]` | a switch on / off |
/// | `!` | a validation message |
/// | `[name]` | a header or footer view (an image) |
///
/// With ``usesColor``, rows that carry a theme style (``RowSnapshot/style``) are drawn in the
/// nearest ANSI colours to the style's background and text colours, bold or italic as its font.
public struct TextRenderer: Sendable {
  /// The width of a group, borders included.
  public var width: Int
  /// Whether to colour themed rows with ANSI escape sequences.
  public var usesColor: Bool

  /// The widths a rendering can have; a width outside is brought to the nearest end.
  public static let widths = 24...1000

  /// The colours the terminal shows: a theme's colours are drawn in the nearest of them.
  public var colorDepth = TerminalColorDepth.sixteen

  /// Creates a renderer.
  public init(width: Int = 60, usesColor: Bool = false) {
    self.width = Swift.min(Swift.max(width, Self.widths.lowerBound), Self.widths.upperBound)
    self.usesColor = usesColor
  }

  /// The whole screen as text, ending with a newline.
  public func render(_ screen: ScreenSnapshot) -> String {
    var lines: [String] = []
    let left = buttons(screen, .left)
    let right = buttons(screen, .right)
    if let title = screen.title {
      if left.isEmpty && right.isEmpty {
        lines.append(title)
        lines.append(String(repeating: "=", count: TerminalText.width(of: title)))
      } else {
        let bar = [left, title, right].filter { !$0.isEmpty }.joined(separator: "  ")
        lines.append(bar)
        lines.append(String(repeating: "=", count: TerminalText.width(of: bar)))
      }
    }
    if let notice = screen.notice {
      lines.append((screen.isBusy ? "… " : "! ") + notice)
    }
    if let search = screen.search {
      lines.append("  [Search: \(search)]")
    }
    for section in screen.table.sections {
      lines.append(contentsOf: headerLines(section.model))
      // A section without rows shows its header and footer only, as a grouped table does.
      if !section.items.isEmpty {
        lines.append("  +" + String(repeating: "-", count: width - 2) + "+")
        for row in section.items {
          lines.append(contentsOf: rowLines(row, editing: screen.isEditing))
        }
        lines.append("  +" + String(repeating: "-", count: width - 2) + "+")
      }
      lines.append(contentsOf: footerLines(section.model))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The bar buttons on one side: `[< Back]`, `[Add]`, `[Edit]`/`[Done]`, `[Cancel]`.
  func buttons(_ screen: ScreenSnapshot, _ side: BarButton.Side) -> String {
    var parts: [String] = []
    if side == .left && screen.canGoBack
      && !screen.barButtons.contains(where: { $0.side == .left })
    {
      parts.append("[< Back]")
    }
    for button in screen.barButtons where button.side == side {
      switch button.role {
      case .add: parts.append("[+]")
      case .edit: parts.append(screen.isEditing ? "[Done]" : "[Edit]")
      case .done: parts.append(screen.isDoneEnabled ? "[Done]" : "(Done)")
      case .cancel: parts.append("[Cancel]")
      case .takeTheirs: parts.append("[Take Theirs]")
      }
    }
    return parts.joined(separator: " ")
  }

  /// The lines of one row: the row itself, a text view's text, a subtitle line, and a
  /// validation line.
  func rowLines(_ row: RowSnapshot, editing: Bool) -> [String] {
    var left = ""
    if editing {
      switch row.editingStyle {
      case .delete: left += "(-) "
      case .insert: left += "(+) "
      case .none: break
      }
    }
    if !row.isEnabled { left += "~" }
    // An expand/collapse row says which way it is, like a collapsible section's header.
    if let expanded = row.isExpanded { left += expanded ? "▾ " : "▸ " }
    left += row.attributes.cellStyle == .value2 ? value2Text(row) : row.text ?? ""
    let value = valueText(row)
    var right = value
    // A text field whose row aligns its text left or centre shows it there, not at the right.
    if let placed = Self.placedFieldValue(row, value: value, after: left, inner: width - 4) {
      left = placed
      right = ""
    } else if let placed = Self.placedControlValue(row, value: value, after: left) {
      left = placed
      right = ""
    }
    let accessory = Self.symbol(for: editing ? row.editingAccessory : row.accessory)
    if !accessory.isEmpty { right += right.isEmpty ? accessory : " " + accessory }
    if row.isSelected && accessory != Self.symbol(for: .checkmark) {
      right += right.isEmpty ? "✓" : " ✓"
    }
    if editing && row.isMovable { right += right.isEmpty ? "≡" : " ≡" }
    var lines: [String]
    if row.attributes.cellStyle == .subtitle {
      // A subtitle row (a list's notice, a message) wraps its text and its detail, as a
      // self-sizing cell does, rather than cutting what it says.
      let inner = width - 4
      let room = inner - (right.isEmpty ? 0 : TerminalText.width(of: right) + 1)
      let parts = Self.firstLines(TerminalText.wrapped(left, to: room), limit: 4)
      lines = [box(parts.first ?? "", right)] + parts.dropFirst().map { box($0) }
      lines += subtitleDetailLines(row).map { box("  " + $0) }
    } else {
      lines = [box(left, right)]
    }
    lines += textViewLines(row).map { box($0) }
    if let message = row.validationMessage {
      lines.append(box("  ! " + message))
    }
    if !row.isEnabled, let reason = row.attributes.unavailableReason {
      lines.append(box("  ⊘ " + reason))
    }
    let escape = usesColor ? row.style?.ansiEscape(depth: colorDepth) ?? "" : ""
    if !escape.isEmpty { lines = lines.map { Self.colored($0, escape) } }
    if usesColor {
      for part in coloredParts(row, lineCount: lines.count) {
        lines[part.line] = Self.tinted(
          lines[part.line], value: part.text, tint: part.escape, rowEscape: escape,
          first: part.first)
      }
    }
    return lines
  }

  /// The lines a subtitle row shows its detail on, under its text, unboxed; none for another
  /// style.
  func subtitleDetailLines(_ row: RowSnapshot) -> [String] {
    guard row.attributes.cellStyle == .subtitle, let detail = row.detail, !detail.isEmpty else {
      return []
    }
    return Self.firstLines(TerminalText.wrapped(detail, to: width - 6), limit: 4)
  }

  /// How many lines follow a subtitle row's detail: a text view's, its validation message,
  /// and why it is unavailable.
  func linesAfterDetail(_ row: RowSnapshot) -> Int {
    textViewLines(row).count + (row.validationMessage == nil ? 0 : 1)
      + (!row.isEnabled && row.attributes.unavailableReason != nil ? 1 : 0)
  }

  /// At most `limit` of `lines`, the last one ending in "…" when some are left out.
  static func firstLines(_ lines: [String], limit: Int) -> [String] {
    guard lines.count > limit else { return lines }
    return Array(lines.prefix(limit - 1)) + [lines[limit - 1] + "…"]
  }

  /// A boxed line with its inside (between `| ` and ` |`) drawn with `escape`.
  static func colored(_ line: String, _ escape: String) -> String {
    guard line.hasPrefix("  | "), line.hasSuffix(" |") else { return line }
    let inside = line.dropFirst(4).dropLast(2)
    return "  | " + escape + inside + "\u{1B}[0m" + " |"
  }

  /// The text on the right of a row: its control's value or its detail.
  func valueText(_ row: RowSnapshot) -> String {
    // Subtitle rows show their detail under the text, value2 rows beside their title.
    if row.attributes.cellStyle == .subtitle || row.attributes.cellStyle == .value2 { return "" }
    if !row.attributes.pickerComponents.isEmpty {
      // A picker in parts: a field per wheel.
      return zip(row.attributes.pickerComponents, row.pickerSelection).map { wheel, index in
        "[" + (index.map(wheel.title(at:)) ?? " ") + "]"
      }.joined(separator: " ")
    }
    let value = row.value
    switch row.kind {
    case .switch:
      return value?.boolValue == true ? "[x]" : "[ ]"
    case .textView:
      // Its text goes on lines of its own, under the title.
      return ""
    case .textField, .numericTextField:
      let text = row.fieldText
      if text.isEmpty { return row.attributes.placeholder.map { "(\($0))" } ?? "" }
      return row.attributes.isSecure ? String(repeating: "•", count: text.count) : text
    case .slider:
      return "<\(value?.displayText ?? "")>"
    case .segmented:
      let titles = row.segments
      let selected = row.selectedSegment
      return titles.enumerated().map { $0.offset == selected ? "[\($0.element)]" : $0.element }
        .joined(separator: "|")
    case .custom:
      // A custom row's value is its controls' values by tag: the values are what it shows.
      if let detail = row.detail, !detail.isEmpty { return detail }
      guard case .dictionary(let values)? = value else { return value?.displayText ?? "" }
      return values.values.map(\.displayText).filter { !$0.isEmpty }.joined(separator: ", ")
    default:
      // UIKit's default style shows the title alone.
      if row.attributes.cellStyle == .default { return "" }
      if let detail = row.detail, !detail.isEmpty { return detail }
      return row.kind == .date ? row.fieldText : value?.displayText ?? ""
    }
  }

  static func symbol(for accessory: Accessory) -> String {
    switch accessory {
    case .none: ""
    case .disclosureIndicator: ">"
    case .detailDisclosureButton: "(i)>"
    case .checkmark: "✓"
    case .detailButton: "(i)"
    }
  }

  /// A line inside a group's border, with `left` and `right` text, cut to fit.
  /// Widths are counted in terminal columns: a wide character or an emoji takes two.
  func box(_ left: String, _ right: String = "") -> String {
    let inner = width - 4
    var right = TerminalText.sanitized(right)
    if TerminalText.width(of: right) > inner / 2 {
      right = TerminalText.fit(right, to: inner / 2 - 1) + "…"
    }
    let rightWidth = TerminalText.width(of: right)
    var left = TerminalText.sanitized(left)
    let room = inner - rightWidth - (right.isEmpty ? 0 : 1)
    if TerminalText.width(of: left) > room {
      left = TerminalText.fit(left, to: Swift.max(room - 1, 0)) + "…"
    }
    let gap = inner - TerminalText.width(of: left) - rightWidth
    return "  | " + left + String(repeating: " ", count: Swift.max(gap, 0)) + right + " |"
  }
}
