extension RowSnapshot {
  /// Everything a row shows, compared and hashed field by field.
  struct Contents: Hashable, Sendable {
    var id: RowID
    var kind: RowKind
    var text: String?
    var detail: String?
    var value: Value?
    var imageName: String?
    var accessory: Accessory
    var editingAccessory: Accessory
    var editingStyle: EditingStyle
    var isEnabled: Bool
    var isMovable: Bool
    var isDeletable: Bool
    var height: Double?
    var themeStyle: String?
    /// The attributes when any is set; see ``attributes``.
    var sharedAttributes: SharedAttributes?
    var validationMessage: String?
    var keyPath: String?
    var style: ResolvedStyle?
    var isSelected = false
    var isExpanded: Bool? = nil
    var childRowCount = 0

    /// The attributes of the row's control: the default ones when the row sets none.
    var attributes: RowAttributes {
      get { sharedAttributes?.value ?? SharedAttributes.none }
      set { sharedAttributes = SharedAttributes.make(newValue) }
    }
  }

  /// A row's fields, shared by copies of a snapshot until one of them writes.
  // Sound: copy on write; `contents` is written only through a snapshot that holds the only
  // reference (`isKnownUniquelyReferenced`), so shared storage is never written.
  final class Storage: @unchecked Sendable {
    var contents: Contents
    init(_ contents: Contents) { self.contents = contents }

    /// An empty row, for a deferred row whose source can no longer render it.
    static let placeholder = Storage(.placeholder(id: RowID(.null)))
  }
}

extension RowSnapshot.Contents {
  /// An empty row, for a deferred row whose source can no longer render it.
  static func placeholder(id: RowID) -> Self {
    RowSnapshot.Contents(
      id: id, kind: .plain, text: nil, detail: nil, value: nil, imageName: nil,
      accessory: .none, editingAccessory: .none, editingStyle: .none, isEnabled: true,
      isMovable: false, isDeletable: false, height: nil, themeStyle: nil,
      sharedAttributes: nil, validationMessage: nil, keyPath: nil, style: nil)
  }
}
