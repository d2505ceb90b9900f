import TrellisDiff

/// A row as a host draws it: everything visible, with the bound value already read.
///
/// Two snapshots with the same ``id`` are the same row; when anything else differs, the row is
/// reloaded.
public struct RowSnapshot: Hashable, Sendable, Diffable {
  /// The row's identity.
  public var id: RowID
  public var kind: RowKind
  public var text: String?
  public var detail: String?
  /// The bound value as a host shows it: a scalar, or an array for a multiple selection.
  public var value: Value?
  public var imageName: String?
  public var accessory: Accessory
  public var editingAccessory: Accessory
  public var editingStyle: EditingStyle
  public var isEnabled: Bool
  public var isMovable: Bool
  public var isDeletable: Bool
  public var height: Double?
  public var themeStyle: String?
  public var attributes: RowAttributes
  public var validationMessage: String?
  /// The key path of the binding, for hosts that send edits back by path.
  public var keyPath: String?
  /// The theme's resolved style for the row (element, odd/even and named styles, cascaded);
  /// `nil` when the model has no theme.
  public var style: ResolvedStyle?

  /// Reads `row` and its bound value.
  public init(_ row: Row) {
    id = row.id
    kind = row.kind
    text = row.text
    detail = row.detailText
    value = row.value.map(Self.displayable)
    imageName = row.imageName
    accessory = row.accessory
    editingAccessory = row.editingAccessory
    editingStyle = row.editingStyle
    isEnabled = row.isEnabled
    isMovable = row.isMovable
    isDeletable = row.isDeletable
    height = row.height
    themeStyle = row.themeStyle
    attributes = row.attributes
    validationMessage = row.validationMessage
    keyPath = row.binding?.keyPath
  }

  public var diffID: RowID { id }

  /// Objects become their text; everything else is kept as it is.
  static func displayable(_ value: Value) -> Value {
    switch value {
    case .object(let ref): .string(ObjectTitle.text(for: ref.object))
    case .array(let values): .array(values.map(displayable))
    default: value
    }
  }
}

/// A section as a host draws it.
public struct SectionSnapshot: Hashable, Sendable, Diffable {
  /// The section's identity.
  public var id: String
  public var header: String?
  public var footer: String?
  /// The title in the section index, if the table shows one.
  public var indexTitle: String?

  /// Creates a section snapshot.
  public init(id: String, header: String? = nil, footer: String? = nil, indexTitle: String? = nil) {
    self.id = id
    self.header = header
    self.footer = footer
    self.indexTitle = indexTitle
  }

  public var diffID: String { id }
}

/// The sections and rows of a table, in the diff engine's terms.
public typealias TableSnapshot = Snapshot<SectionSnapshot, RowSnapshot>

/// The staged batch updates that bring a host from one ``TableSnapshot`` to the next.
public typealias TableChangeset = StagedChangeset<SectionSnapshot, RowSnapshot>

/// The text that stands for an object in a row: its `title` property when it has one.
enum ObjectTitle {
  static func text(for object: AnyObject) -> String {
    if let titled = object as? CustomStringConvertible { return titled.description }
    if let kvc = object as? KeyValueCoding {
      for key in ["title", "name"] where kvc.propertyNames.contains(key) {
        if let value = try? kvc.value(forKey: key) { return value.displayText }
      }
    }
    return String(describing: type(of: object))
  }
}
