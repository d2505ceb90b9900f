import TrellisValues

/// How a theme names and styles each kind of row.
extension RowKind {
  /// The Trellis element name that styles this kind (`textFieldCell`).
  public var elementName: String { rawValue + "Cell" }

  /// STV's class for this kind of cell, when STV had one (`SCTextFieldCell`).
  public var stvClassName: String? {
    switch self {
    case .plain, .placeholder, .addItem, .loadMore, .button, .link: nil
    case .label: "SCLabelCell"
    case .textView: "SCTextViewCell"
    case .textField: "SCTextFieldCell"
    case .numericTextField: "SCNumericTextFieldCell"
    case .slider: "SCSliderCell"
    case .segmented: "SCSegmentedCell"
    case .switch: "SCSwitchCell"
    case .date: "SCDateCell"
    case .imagePicker: "SCImagePickerCell"
    case .selection: "SCSelectionCell"
    case .objectSelection: "SCObjectSelectionCell"
    case .object: "SCObjectCell"
    case .arrayOfObjects: "SCArrayOfObjectsCell"
    case .custom: "SCCustomCell"
    }
  }

  /// Whether STV drew this kind with a subclass of `SCControlCell` (a text, a control beside
  /// it), which the `controlCell` style, alias `SCControlCell`, styles.
  public var isControlCell: Bool {
    switch self {
    case .label, .textView, .textField, .numericTextField, .slider, .segmented, .switch, .date,
      .imagePicker, .selection, .objectSelection:
      true
    default: false
    }
  }

  /// The names of the style every control cell takes (``isControlCell``), between the
  /// generic cell style and its kind's.
  public static let controlCellStyleNames = ["controlCell", "SCControlCell"]
}
