import Foundation
import Trellis

/// The control a cell shows for its row, with the state it shows: a value computed from the
/// row on every platform, which the UIKit cell only maps to a view.
public enum CellControl: Hashable, Sendable {
  /// No control: text, detail and accessory only.
  case none
  /// A single-line field (text, secure text or a number), with a stepper beside a bounded
  /// whole number.
  case textField(TextEntry, stepper: StepperRange?)
  /// Multi-line text entry.
  case textView(TextEntry, minimumHeight: Double?, maximumHeight: Double?)
  /// An on/off switch.
  case toggle(isOn: Bool)
  /// A slider between two bounds.
  case slider(value: Double, minimum: Double, maximum: Double)
  /// A segmented control; `selected` is `nil` when no segment is.
  case segmented(titles: [String], selected: Int?)
  /// An inline (compact) date picker of the parts the row's format shows, its minutes in
  /// steps of `minuteInterval`.
  case date(Date?, parts: DateParts, minuteInterval: Int)
  /// A time picker over a time of day kept as text (`09:30`, `17:45:30`), which it writes as
  /// `HH:mm`; the text it holds, empty for none.
  case timeOfDay(String)
  /// An image the person picks from their photos; the name of the image chosen.
  case imagePicker(imageName: String?)
  /// The chevron of an expand/collapse row.
  case expander(isExpanded: Bool)
  /// A picker in parts (feet and inches): each wheel's titles, and the title chosen on each,
  /// `nil` where none is.
  case wheels(titles: [[String]], selected: [Int?])

  /// The stepper beside a whole-number field: its bounds and step.
  public struct StepperRange: Hashable, Sendable {
    public var value: Double
    public var minimum: Double
    public var maximum: Double
    public var step: Double

    /// Creates a stepper range.
    public init(value: Double, minimum: Double, maximum: Double, step: Double) {
      self.value = value
      self.minimum = minimum
      self.maximum = maximum
      self.step = step
    }
  }

  /// Which control the cell's reuse identifier names: cells are reused only for the same
  /// control.
  public var reuseName: String {
    switch self {
    case .none: "value"
    case .textField: "textField"
    case .textView: "textView"
    case .toggle: "switch"
    case .slider: "slider"
    case .segmented: "segmented"
    case .date: "date"
    case .timeOfDay: "timeOfDay"
    case .imagePicker: "imagePicker"
    case .expander: "expander"
    case .wheels: "wheels"
    }
  }

  /// Whether the control takes the keyboard (Return moves between these).
  public var takesText: Bool {
    switch self {
    case .textField, .textView: true
    default: false
    }
  }
}
