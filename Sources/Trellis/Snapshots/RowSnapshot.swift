import TrellisDiff

/// A row as a host draws it: everything visible, with the bound value already read.
///
/// Two snapshots with the same ``id`` are the same row; when anything else differs, the row is
/// reloaded.
///
/// A snapshot is a value with copy-on-write storage: copying one, or a table of them, copies a
/// reference, and comparing a row with an unchanged copy of itself is a pointer comparison.
public struct RowSnapshot: Hashable, Sendable, Diffable {
  /// A rendered row's fields, shared between copies until one of them writes.
  var storage: Storage?
  /// Where a deferred row is rendered, on first read; `nil` for a rendered row.
  var source: DeferredRows?
  /// A deferred row's element index in its source.
  var index = 0

  /// Reads `row` and its bound value.
  public init(_ row: Row) { self.init(row, sharing: nil) }

  /// Reads `row` and its bound value; its attributes, when any is set, shared with the rows
  /// `recent` holds.
  init(_ row: Row, sharing recent: SharedAttributes.Recent?) {
    self.init(
      Contents(
        id: row.id, kind: row.kind, text: row.text, detail: row.detailText,
        value: row.value.map(Self.displayable), imageName: row.imageName,
        accessory: row.accessory, editingAccessory: row.editingAccessory,
        editingStyle: row.editingStyle, isEnabled: row.isEnabled, isMovable: row.isMovable,
        isDeletable: row.isDeletable, height: row.height, themeStyle: row.themeStyle,
        sharedAttributes: recent?.share(row.attributes) ?? SharedAttributes.make(row.attributes),
        validationMessage: row.validationMessage,
        keyPath: row.binding?.keyPath, style: Self.ownStyle(row.attributes)))
  }

  /// A rendered row with `contents`.
  init(_ contents: Contents) { storage = Storage(contents) }

  /// The appearance a row sets itself (its background, text colours and text alignment), as a
  /// style that hosts draw like a theme's and that wins over it; `nil` when it sets none.
  static func ownStyle(_ attributes: RowAttributes) -> ResolvedStyle? {
    var style = ResolvedStyle()
    if let color = attributes.backgroundColor {
      style.attributes["backgroundColor"] = .color(color)
    }
    if let alignment = attributes.textAlignment {
      style.attributes["textLabel.textAlignment"] = .name(alignment.rawValue)
    }
    if let color = attributes.textColor {
      style.attributes["textLabel.textColor"] = .color(color)
    }
    if let color = attributes.detailTextColor {
      style.attributes["detailTextLabel.textColor"] = .color(color)
    }
    return style.attributes.isEmpty ? nil : style
  }

  /// A row that is rendered when something first reads it (see ``DeferredRows``): its
  /// identity and where it comes from, without an allocation of its own.
  init(deferredAt index: Int, in source: DeferredRows) {
    self.source = source
    self.index = index
  }

  /// The row with its fields in hand: a deferred row is rendered now, on the caller's domain,
  /// so that the copy can be read on any thread; a rendered row is itself.
  package var rendered: RowSnapshot {
    guard isDeferred else { return self }
    var copy = self
    copy.storage = fields
    copy.source = nil
    return copy
  }

  /// The storage of a rendered row: copies of one rendering share it, so a host may key what
  /// it draws of the row on its identity (while it holds it). `nil` for a deferred row.
  package var renderingObject: AnyObject? { storage }

  /// Whether the row's fields live in its source (see ``rendered``).
  package var isDeferred: Bool { storage == nil }

  /// The fields: the row's own, or its source's rendering of it.
  private var fields: Storage {
    storage ?? source?.storage(at: index) ?? Storage.placeholder
  }

  /// Writes through a copy when the storage is shared or the row is still deferred.
  private mutating func update(_ change: (inout Contents) -> Void) {
    guard source == nil, isKnownUniquelyReferenced(&storage), let unique = storage else {
      var contents = fields.contents
      change(&contents)
      storage = Storage(contents)
      source = nil
      return
    }
    change(&unique.contents)
  }

  /// The row's identity.
  public var id: RowID {
    get { storage?.contents.id ?? source?.id(at: index) ?? RowID(.null) }
    set { update { $0.id = newValue } }
  }
  /// What kind of row it is.
  public var kind: RowKind {
    get { fields.contents.kind }
    set { update { $0.kind = newValue } }
  }
  /// The main text.
  public var text: String? {
    get { fields.contents.text }
    set { update { $0.text = newValue } }
  }
  /// The detail text.
  public var detail: String? {
    get { fields.contents.detail }
    set { update { $0.detail = newValue } }
  }
  /// The bound value as a host shows it: a scalar, or an array for a multiple selection.
  public var value: Value? {
    get { fields.contents.value }
    set { update { $0.value = newValue } }
  }
  /// The name of the row's image.
  public var imageName: String? {
    get { fields.contents.imageName }
    set { update { $0.imageName = newValue } }
  }
  /// The accessory outside edit mode.
  public var accessory: Accessory {
    get { fields.contents.accessory }
    set { update { $0.accessory = newValue } }
  }
  /// The accessory in edit mode.
  public var editingAccessory: Accessory {
    get { fields.contents.editingAccessory }
    set { update { $0.editingAccessory = newValue } }
  }
  /// What edit mode offers for the row: delete, insert or nothing.
  public var editingStyle: EditingStyle {
    get { fields.contents.editingStyle }
    set { update { $0.editingStyle = newValue } }
  }
  /// Whether the row is among the table's selected rows (``TableModel/allowsMultipleSelection``).
  public var isSelected: Bool {
    get { fields.contents.isSelected }
    set { update { $0.isSelected = newValue } }
  }
  /// For an expand/collapse row, whether its child rows show; `nil` for other rows.
  public var isExpanded: Bool? {
    get { fields.contents.isExpanded }
    set { update { $0.isExpanded = newValue } }
  }
  /// For an expand/collapse row, how many elements after it it shows and hides.
  package var childRowCount: Int {
    get { fields.contents.childRowCount }
    set { update { $0.childRowCount = newValue } }
  }
  /// Whether a person can interact with the row.
  public var isEnabled: Bool {
    get { fields.contents.isEnabled }
    set { update { $0.isEnabled = newValue } }
  }
  /// Whether the row can be moved in edit mode.
  public var isMovable: Bool {
    get { fields.contents.isMovable }
    set { update { $0.isMovable = newValue } }
  }
  /// Whether the row can be deleted in edit mode.
  public var isDeletable: Bool {
    get { fields.contents.isDeletable }
    set { update { $0.isDeletable = newValue } }
  }
  /// A fixed height, when the row has one.
  public var height: Double? {
    get { fields.contents.height }
    set { update { $0.height = newValue } }
  }
  /// The named theme style the row asks for.
  public var themeStyle: String? {
    get { fields.contents.themeStyle }
    set { update { $0.themeStyle = newValue } }
  }
  /// The attributes of the row's control (placeholder, range, titles…).
  public var attributes: RowAttributes {
    get { fields.contents.attributes }
    set { update { $0.attributes = newValue } }
  }
  /// Why the row's value was refused, when it was.
  public var validationMessage: String? {
    get { fields.contents.validationMessage }
    set { update { $0.validationMessage = newValue } }
  }
  /// The key path of the binding, for hosts that send edits back by path.
  public var keyPath: String? {
    get { fields.contents.keyPath }
    set { update { $0.keyPath = newValue } }
  }
  /// The theme's resolved style for the row (element, odd/even and named styles, cascaded);
  /// `nil` when the model has no theme.
  public var style: ResolvedStyle? {
    get { fields.contents.style }
    set { update { $0.style = newValue } }
  }

  public static func == (lhs: RowSnapshot, rhs: RowSnapshot) -> Bool {
    lhs.isSameRendering(as: rhs) || lhs.fields.contents == rhs.fields.contents
  }

  public func hash(into hasher: inout Hasher) { fields.contents.hash(into: &hasher) }

  public var diffID: RowID { id }

  /// Whether this row shows what `other` shows. Two rows that no host has read yet are the
  /// same when their sections kept what they show and it is equal, or could not tell: nothing
  /// shows either, so nothing the hosts were given can be stale. Otherwise it is ``==``.
  public func isContentEqual(to other: RowSnapshot) -> Bool {
    if isSameRendering(as: other) { return true }
    if !isResolved && !other.isResolved {
      guard let mine = source?.keptValues(at: index),
        let theirs = other.source?.keptValues(at: other.index)
      else { return true }
      return mine == theirs
    }
    return self == other
  }

  /// Whether both are the same storage, or the same row of the same source.
  package func isSameRendering(as other: RowSnapshot) -> Bool {
    if let storage, let theirs = other.storage { return storage === theirs }
    if let source, let theirs = other.source { return source === theirs && index == other.index }
    return false
  }

  /// Whether the fields exist: always for a rendered row, once read for a deferred one.
  var isResolved: Bool { storage != nil || source?.isResolved(index) ?? true }

  /// Objects become their text; everything else is kept as it is, and a list or dictionary
  /// that holds no object is kept whole, not copied (a row may show a document's list of
  /// 100,000 entries).
  package static func displayable(_ value: Value) -> Value {
    switch value {
    case .object(let ref): .string(ObjectTitle.text(for: ref.object))
    case .array(let values) where holdsObject(value): .array(values.map(displayable))
    case .dictionary(let values) where holdsObject(value):
      .dictionary(ValueDictionary(values.map { ($0.key, displayable($0.value)) }))
    default: value
    }
  }

  /// Whether `value` is or holds an object.
  static func holdsObject(_ value: Value) -> Bool {
    switch value {
    case .object: true
    case .array(let values): values.contains(where: holdsObject)
    case .dictionary(let values): values.contains { holdsObject($0.value) }
    default: false
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
  /// Whether a tap on the header collapses and expands the section.
  public var isCollapsible = false
  /// Whether the section is collapsed under its header: it shows no rows.
  public var isCollapsed = false
  /// The theme's header and footer settings for the section (`headerView`, `headerHeight`, …)
  /// with the section's own over them; `nil` when neither sets any.
  public var style: ResolvedStyle?

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

/// The text that stands for an object in a row: its `title` property when it has one, else
/// its `name`.
enum ObjectTitle {
  /// The keys whose value names an object or a dictionary, in the order they are tried.
  static let keys = ["title", "name"]

  static func text(for object: AnyObject) -> String {
    if let titled = object as? CustomStringConvertible { return titled.description }
    if let kvc = object as? KeyValueCoding {
      for key in keys where kvc.propertyNames.contains(key) {
        if let value = try? kvc.value(forKey: key) { return value.displayText }
      }
    }
    return String(describing: type(of: object))
  }

  /// The text that stands for a dictionary (a document's nested entry), as for an object: its
  /// `title` or `name` when that is plain text or a number; `nil` when it has neither.
  static func text(for entry: ValueDictionary) -> String? {
    for key in keys {
      switch entry[key] {
      case .string(let text) where !text.isEmpty: return text
      case .int, .double: return entry[key]?.displayText
      default: continue
      }
    }
    return nil
  }

  /// The first few plain values (text, numbers, dates, flags) of a dictionary with no title
  /// or name, joined; its keys when it holds none.
  static func summary(of entry: ValueDictionary) -> String {
    let plain = entry.values.filter { value in
      switch value {
      case .string(let text): !text.isEmpty
      case .int, .double, .date, .bool: true
      default: false
      }
    }
    guard !plain.isEmpty else { return Value.dictionary(entry).displayText }
    return plain.prefix(3).map(\.displayText).joined(separator: ", ")
  }
}

extension RowSnapshot: CustomStringConvertible {
  /// The row's identity and what it shows, for messages and logs.
  public var description: String {
    "row \(id): “\(text ?? "")”, “\(detail ?? "")”, value \(value.map { "\($0)" } ?? "none")"
  }
}
