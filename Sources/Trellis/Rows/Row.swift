/// One row of a table: what it shows, how it edits, and what it is bound to.
///
/// Rows are values. Sections make them on demand from their content, so a section over a
/// million items never holds a million rows.
public struct Row {
  /// The row's identity across updates.
  public var id: RowID
  /// What the row shows and which control edits it.
  public var kind: RowKind
  /// The main text (the property title for bound rows).
  public var text: String?
  /// The secondary text; for bound rows without a control, the value's text.
  public var detailText: String?
  /// The name of an image shown at the leading edge.
  public var imageName: String?
  /// The accessory outside edit mode.
  public var accessory: Accessory = .none
  /// The accessory in edit mode.
  public var editingAccessory: Accessory = .none
  /// The editing control in edit mode.
  public var editingStyle: EditingStyle = .none
  /// Whether the row can be reordered in edit mode.
  public var isMovable = false
  /// Whether the row can be deleted in edit mode.
  public var isDeletable = false
  /// Whether the row reacts to the user.
  public var isEnabled = true
  /// Whether the row is shown at all; hidden rows are left out of snapshots.
  public var isVisible = true
  /// Whether selecting the row shows and hides the rows after it (an expand/collapse row).
  public var expansion: RowExpansion?
  /// A fixed height in points, or `nil` for the host's default.
  public var height: Double?
  /// A named theme style applied on top of the row kind's style.
  public var themeStyle: String?
  /// The control settings.
  public var attributes = RowAttributes()
  /// The bound value, if the row shows one.
  public var binding: RowBinding?
  /// A validation message to show with the row.
  public var validationMessage: String?
  /// What selecting the row does beyond editing its value.
  public var action: RowAction?
  /// What tapping the accessory button (``Accessory/detailDisclosureButton`` or
  /// ``Accessory/detailButton``) does; without it, the button does what selecting does.
  public var accessoryAction: RowAction?
  /// What tapping the accessory button does in edit mode; ``accessoryAction`` when `nil`.
  public var editingAccessoryAction: RowAction?
  /// What tapping the editing control (delete or insert) does instead of deleting: the app
  /// commits the edit itself (RCSTableKit's `editingStyleAction`).
  public var editingStyleAction: RowAction?
  /// The row's own actions; they override its section's and model's.
  public var actions = RowActions()
  /// The property the row was generated for, if any.
  public var propertyName: String?

  /// Creates a row.
  public init(
    id: RowID, kind: RowKind = .plain, text: String? = nil, detailText: String? = nil,
    binding: RowBinding? = nil
  ) {
    self.id = id
    self.kind = kind
    self.text = text
    self.detailText = detailText
    self.binding = binding
  }

  /// The bound value now, or `nil` when unbound or unreadable.
  public var value: Value? { try? binding?.read() }
}

/// What selecting a row does, besides focusing its control.
public enum RowAction: Hashable, Sendable {
  /// Push a generated detail screen for the bound value.
  case pushDetail
  /// Push another screen by name (a descriptor, say).
  case push(String)
  /// Run a named action the app registered.
  case named(String)
  /// Open a web address.
  case open(String)
}
