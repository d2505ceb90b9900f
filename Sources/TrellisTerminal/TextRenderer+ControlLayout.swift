import Foundation
import Trellis

/// The theme's control layout (`controlIndentation`, `controlMargin`, `maxTextLabelWidth`) as
/// columns: a row's title takes at most `maxTextLabelWidth`, and its control's value starts
/// `controlMargin` after it, but never before `controlIndentation`, so that the values of rows
/// under each other line up, as the web and UIKit place the controls themselves.
extension TextRenderer {
  /// How many points one column stands for: half of UIKit's 17-point body font.
  public static let pointsPerColumn = 8.5

  /// The row's inside when its theme places its control: the title, cut to the largest title
  /// width, then the value from its column on; `nil` for a row whose theme does not place its
  /// control, or that shows no control value.
  static func placedControlValue(_ row: RowSnapshot, value: String, after left: String)
    -> String?
  {
    guard let style = row.style, !value.isEmpty, !(row.text ?? "").isEmpty,
      [.switch, .slider, .segmented, .textField, .numericTextField].contains(row.kind),
      style.controlMargin != nil || style.controlIndentation != nil
        || style.maxTextLabelWidth != nil
    else { return nil }
    var title = left
    if let largest = style.maxTextLabelWidth {
      title = TerminalText.fit(title, to: Swift.max(columns(largest), 1))
    }
    // A UIKit cell's content starts 16 points in, where the box's inside starts here.
    let indentation = style.controlIndentation.map { columns($0 - 16) } ?? 0
    let margin = Swift.max(style.controlMargin.map(columns) ?? 1, 1)
    let start = Swift.max(indentation, TerminalText.width(of: title) + margin)
    let pad = start - TerminalText.width(of: title)
    return title + String(repeating: " ", count: pad) + value
  }

  /// The whole columns `points` take.
  static func columns(_ points: Double) -> Int {
    Swift.max(Int((points / pointsPerColumn).rounded(.down)), 0)
  }
}
