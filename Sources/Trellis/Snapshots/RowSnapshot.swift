import TrellisDiff

/// A row as a host draws it: everything visible, with the bound value already read.
///
/// Two snapshots with the same ``id`` are the same row; when anything else differs, the row is
/// reloaded.
///
/// A snapshot is a value with copy-on-write storage: copying one, or a table of them, copies a
/// reference, and comparing a row with an unchanged copy of itself is a pointer comparison.
public struct RowSnapshot: Hashable, Sendable, Diffable {
  /// The row's fields, shared between copies; see ``RowSnapshot/Storage``.
  var storage: Storage

  /// Reads `row` and its bound value.
  public init(_ row: Row) {
    storage = Storage(
      Contents(
        id: row.id, kind: row.kind, text: row.text, detail: row.detailText,
        value: row.value.map(Self.displayable), imageName: row.imageName,
        accessory: row.accessory, editingAccessory: row.editingAccessory,
        editingStyle: row.editingStyle, isEnabled: row.isEnabled, isMovable: row.isMovable,
        isDeletable: row.isDeletable, height: row.height, themeStyle: row.themeStyle,
        attributes: row.attributes, validationMessage: row.validationMessage,
        keyPath: row.binding?.keyPath, style: nil))
  }

  /// A row that is rendered when something first reads it (see ``DeferredRows``).
  init(deferred id: RowID, index: Int, source: DeferredRows) {
    storage = Storage(deferred: id, index: index, source: source)
  }

  /// Writes through a copy when the storage is shared or still deferred.
  private mutating func update(_ change: (inout Contents) -> Void) {
    guard storage.source == nil, isKnownUniquelyReferenced(&storage),
      var contents = storage.rendered
    else {
      var contents = storage.contents
      change(&contents)
      storage = Storage(contents)
      return
    }
    // Let go of the stored copy first, so that the fields are changed in place.
    storage.rendered = nil
    change(&contents)
    storage.rendered = contents
  }

  /// The row's identity.
  public var id: RowID {
    get { storage.id }
    set { update { $0.id = newValue } }
  }
  /// What kind of row it is.
  public var kind: RowKind {
    get { storage.contents.kind }
    set { update { $0.kind = newValue } }
  }
  /// The main text.
  public var text: String? {
    get { storage.contents.text }
    set { update { $0.text = newValue } }
  }
  /// The detail text.
  public var detail: String? {
    get { storage.contents.detail }
    set { update { $0.detail = newValue } }
  }
  /// The bound value as a host shows it: a scalar, or an array for a multiple selection.
  public var value: Value? {
    get { storage.contents.value }
    set { update { $0.value = newValue } }
  }
  /// The name of the row's image.
  public var imageName: String? {
    get { storage.contents.imageName }
    set { update { $0.imageName = newValue } }
  }
  /// The accessory outside edit mode.
  public var accessory: Accessory {
    get { storage.contents.accessory }
    set { update { $0.accessory = newValue } }
  }
  /// The accessory in edit mode.
  public var editingAccessory: Accessory {
    get { storage.contents.editingAccessory }
    set { update { $0.editingAccessory = newValue } }
  }
  /// What edit mode offers for the row: delete, insert or nothing.
  public var editingStyle: EditingStyle {
    get { storage.contents.editingStyle }
    set { update { $0.editingStyle = newValue } }
  }
  /// Whether a person can interact with the row.
  public var isEnabled: Bool {
    get { storage.contents.isEnabled }
    set { update { $0.isEnabled = newValue } }
  }
  /// Whether the row can be moved in edit mode.
  public var isMovable: Bool {
    get { storage.contents.isMovable }
    set { update { $0.isMovable = newValue } }
  }
  /// Whether the row can be deleted in edit mode.
  public var isDeletable: Bool {
    get { storage.contents.isDeletable }
    set { update { $0.isDeletable = newValue } }
  }
  /// A fixed height, when the row has one.
  public var height: Double? {
    get { storage.contents.height }
    set { update { $0.height = newValue } }
  }
  /// The named theme style the row asks for.
  public var themeStyle: String? {
    get { storage.contents.themeStyle }
    set { update { $0.themeStyle = newValue } }
  }
  /// The attributes of the row's control (placeholder, range, titles…).
  public var attributes: RowAttributes {
    get { storage.contents.attributes }
    set { update { $0.attributes = newValue } }
  }
  /// Why the row's value was refused, when it was.
  public var validationMessage: String? {
    get { storage.contents.validationMessage }
    set { update { $0.validationMessage = newValue } }
  }
  /// The key path of the binding, for hosts that send edits back by path.
  public var keyPath: String? {
    get { storage.contents.keyPath }
    set { update { $0.keyPath = newValue } }
  }
  /// The theme's resolved style for the row (element, odd/even and named styles, cascaded);
  /// `nil` when the model has no theme.
  public var style: ResolvedStyle? {
    get { storage.contents.style }
    set { update { $0.style = newValue } }
  }

  public static func == (lhs: RowSnapshot, rhs: RowSnapshot) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.contents == rhs.storage.contents
  }

  public func hash(into hasher: inout Hasher) { storage.contents.hash(into: &hasher) }

  public var diffID: RowID { storage.id }

  /// Whether this row shows what `other` shows. Two rows that no host has read yet are the
  /// same: nothing shows either, so nothing can be stale. Otherwise it is ``==``.
  public func isContentEqual(to other: RowSnapshot) -> Bool {
    if storage === other.storage { return true }
    if !storage.isResolved && !other.storage.isResolved { return true }
    return self == other
  }

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
