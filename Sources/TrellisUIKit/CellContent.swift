import Foundation
import Trellis

/// Everything a cell shows for a row, as a value: its texts and image, its control, accessories,
/// enabled state, validation message and appearance.
///
/// The UIKit cell maps this to views and nothing else, so what a row looks like in UIKit is
/// decided, and tested, on every platform.
public struct CellContent: Hashable, Sendable {
  /// The row's identity (the cell's accessibility identifier).
  public var id: RowID
  /// The row's kind.
  public var kind: RowKind
  /// The main text.
  public var text: String?
  /// The detail: the row's detail text, or its value as text when no control shows the value.
  public var secondaryText: String?
  /// How the texts are laid out.
  public var layout: RowAttributes.CellStyle
  /// The image's name.
  public var imageName: String?
  /// The control, with its state.
  public var control: CellControl
  /// The accessory outside edit mode.
  public var accessory: Accessory
  /// The accessory in edit mode.
  public var editingAccessory: Accessory
  /// Whether a person can use the row (a disabled row's control is disabled too).
  public var isEnabled: Bool
  /// Whether a tap on the row does something, so the row highlights.
  public var isSelectable: Bool
  /// Why the row's value was refused, shown under its text.
  public var validationMessage: String?
  /// The theme's and the row's own appearance.
  public var appearance: CellAppearance
  /// A fixed height, when the row or theme sets one.
  public var height: Double?
  /// Whether the row's field takes the keyboard when its screen appears.
  public var becomesFirstResponder: Bool
  /// The cell's reuse identifier: the app's own for a custom row, else one per control.
  public var reuseIdentifier: String

  /// The content of `row`.
  public init(_ row: RowSnapshot) {
    id = row.id
    kind = row.kind
    text = row.text
    layout = row.attributes.cellStyle
    imageName = row.imageName
    control = Self.control(for: row)
    // UIKit's default style has no detail label: the title shows alone.
    secondaryText =
      layout == .default ? nil : row.detail ?? (control == .none ? row.value?.displayText : nil)
    accessory = row.accessory
    editingAccessory = row.editingAccessory
    isEnabled = row.isEnabled
    isSelectable = row.isEnabled && Self.isSelectable(row)
    validationMessage = row.validationMessage
    appearance = CellAppearance(row.style)
    height = row.height ?? row.style?.height
    becomesFirstResponder = row.attributes.becomesFirstResponder
    // A value2 cell is made in UIKit's value2 style, which a cell keeps for life.
    reuseIdentifier =
      row.kind == .custom
      ? row.attributes.reuseIdentifier ?? row.attributes.template ?? "custom"
      : "Trellis." + control.reuseName + (layout == .value2 ? ".value2" : "")
  }

  /// The control `row` shows, by its kind and attributes.
  static func control(for row: RowSnapshot) -> CellControl {
    let attributes = row.attributes
    if let expanded = row.isExpanded { return .expander(isExpanded: expanded) }
    if !attributes.pickerComponents.isEmpty {
      let titles = attributes.pickerComponents.map { wheel in
        wheel.values.indices.map(wheel.title(at:))
      }
      return .wheels(titles: titles, selected: row.pickerSelection)
    }
    switch row.kind {
    case .textField:
      if let time = row.timeOfDayText { return .timeOfDay(time) }
      return .textField(entry(row, keyboard: .text), stepper: nil)
    case .numericTextField:
      let keyboard: TextEntry.Keyboard =
        (attributes.minimum ?? -1) >= 0
        ? (attributes.allowsFloat ? .decimal : .wholeNumber) : .signedNumber
      var stepper: CellControl.StepperRange?
      if !attributes.allowsFloat, let low = attributes.minimum, let high = attributes.maximum {
        stepper = .init(
          value: row.value?.doubleValue ?? low, minimum: low, maximum: high, step: 1)
      }
      return .textField(entry(row, keyboard: keyboard), stepper: stepper)
    case .textView:
      return .textView(
        entry(row, keyboard: .text), minimumHeight: attributes.minimumHeight,
        maximumHeight: attributes.maximumHeight)
    case .switch:
      return .toggle(isOn: row.value?.boolValue ?? false)
    case .slider:
      let range = row.sliderRange
      return .slider(
        value: row.value?.doubleValue ?? range.lowerBound, minimum: range.lowerBound,
        maximum: range.upperBound)
    case .segmented:
      return .segmented(titles: row.segments, selected: row.selectedSegment)
    case .date:
      let parts: DateParts =
        !attributes.showsDay ? .time : attributes.showsTime ? .dayAndTime : .day
      return .date(
        row.shownDate, parts: parts, minuteInterval: max(attributes.minuteInterval ?? 1, 1))
    case .imagePicker:
      let name = row.value?.displayText ?? ""
      return .imagePicker(imageName: name.isEmpty ? nil : name)
    default:
      return .none
    }
  }

  private static func entry(_ row: RowSnapshot, keyboard: TextEntry.Keyboard) -> TextEntry {
    var entry = TextEntry(
      text: row.fieldText, placeholder: row.attributes.placeholder,
      isSecure: row.attributes.isSecure,
      keyboard: row.attributes.keyboard.map(Self.keyboard) ?? keyboard,
      autocapitalization: row.attributes.autocapitalization,
      alignment: row.attributes.textAlignment)
    entry.autocorrects = row.attributes.autocorrects
    return entry
  }

  /// The keyboard of a row that names one.
  private static func keyboard(_ keyboard: RowAttributes.Keyboard) -> TextEntry.Keyboard {
    switch keyboard {
    case .default: .text
    case .asciiCapable: .ascii
    case .numbersAndPunctuation: .signedNumber
    case .url: .url
    case .numberPad: .wholeNumber
    case .phonePad: .phone
    case .namePhonePad: .namePhone
    case .emailAddress: .email
    case .decimalPad: .decimal
    }
  }

  /// Whether tapping `row` does something: it pushes, acts, loads, adds or opens.
  private static func isSelectable(_ row: RowSnapshot) -> Bool {
    if row.isExpanded != nil { return true }
    if !row.attributes.pickerComponents.isEmpty { return false }
    switch row.kind {
    case .placeholder: return false
    case .textField, .numericTextField, .textView, .switch, .slider, .segmented, .date:
      return false
    default: return true
    }
  }
}
