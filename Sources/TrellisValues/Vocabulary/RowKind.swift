/// What a row shows and which control edits its value.
///
/// The raw values are the names used in JSON snapshots, descriptors and theme aliases.
public enum RowKind: String, Hashable, Sendable, CaseIterable, Codable {
  /// Text and detail text, no control.
  case plain
  /// A title and a read-only value on the right.
  case label
  /// Multi-line text entry that grows with its text.
  case textView
  /// Single-line text entry.
  case textField
  /// Text entry for numbers, with optional minimum and maximum.
  case numericTextField
  /// A slider between a minimum and a maximum.
  case slider
  /// A segmented control over a few titles.
  case segmented
  /// An on/off switch.
  case `switch`
  /// A date (and optionally time) picker.
  case date
  /// An image chosen from a path or an upload.
  case imagePicker
  /// A choice among listed items; disclosure pushes the selection list.
  case selection
  /// A choice among objects from a store; disclosure pushes the list.
  case objectSelection
  /// A nested object; disclosure pushes its generated detail screen.
  case object
  /// A list of objects; disclosure pushes the list screen.
  case arrayOfObjects
  /// A row drawn by a template the app registers.
  case custom
  /// A tappable action row, such as "Delete Task".
  case button
  /// A row that opens a web address.
  case link
  /// Shown in place of an empty list ("No tasks yet!").
  case placeholder
  /// The "add new item" row at the end of an editable list.
  case addItem
  /// The row that loads the next batch of a long list.
  case loadMore

  /// Whether selecting the row pushes a generated detail screen.
  public var pushesDetail: Bool {
    switch self {
    case .selection, .objectSelection, .object, .arrayOfObjects: true
    default: false
    }
  }

  /// Whether the row edits a bound value with a control.
  public var editsValue: Bool {
    switch self {
    case .textView, .textField, .numericTextField, .slider, .segmented, .switch, .date,
      .imagePicker, .selection, .objectSelection:
      true
    default: false
    }
  }

  /// Whether the row is one of the special rows a list adds for itself.
  public var isSpecial: Bool {
    switch self {
    case .placeholder, .addItem, .loadMore: true
    default: false
    }
  }
}
