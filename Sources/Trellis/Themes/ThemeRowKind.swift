/// The kinds of row a theme styles separately, named as Trellis names row kinds.
///
/// The raw values match the names of Trellis's row kinds, so a host maps a row to its theme
/// kind with `ThemeRowKind(rawValue: name)`.
public enum ThemeRowKind: String, Hashable, Sendable, Codable, CaseIterable {
  case plain, label, textView, textField, numericTextField, slider, segmented
  case `switch`, date, imagePicker, selection, objectSelection, object, arrayOfObjects, custom
  /// The row a section shows while it has no items.
  case placeholder
  /// The row that adds a new item.
  case addItem
  /// The row that loads the next batch of items.
  case loadMore

  /// The Trellis element name that styles this kind (`textFieldCell`).
  public var elementName: String { rawValue + "Cell" }

  /// STV's class for this kind of cell, when STV had one (`SCTextFieldCell`).
  public var stvClassName: String? {
    switch self {
    case .plain, .placeholder, .addItem, .loadMore: nil
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
}

/// The kinds of section a theme styles separately, named as Trellis names section kinds.
public enum ThemeSectionKind: String, Hashable, Sendable, Codable, CaseIterable {
  case basic, object, arrayOfObjects, arrayOfStrings, selection, objectSelection

  /// The Trellis element name that styles this kind (`arrayOfStringsSection`).
  public var elementName: String { rawValue + "Section" }

  /// STV's class for this kind of section, when it differs from the generic section's.
  public var stvClassName: String? {
    switch self {
    case .basic: nil
    case .object: "SCObjectSection"
    case .arrayOfObjects: "SCArrayOfObjectsSection"
    case .arrayOfStrings: "SCArrayOfStringsSection"
    case .selection: "SCSelectionSection"
    case .objectSelection: "SCObjectSelectionSection"
    }
  }
}
