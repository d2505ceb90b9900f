/// Settings a section gives each of its rows unless a row sets its own.
public struct RowDefaults: Hashable, Sendable {
  /// Whether rows can be reordered in edit mode.
  public var isMovable = false
  /// Whether rows can be deleted in edit mode.
  public var isDeletable = false
  /// Whether Add appends a new element: a ``ContentSection`` with a
  /// ``ContentSection/newElement`` maker (``ArrayOfObjectsSection`` has its own
  /// ``ArrayOfObjectsSection/allowsAdding``).
  public var isAddable = false
  /// Whether rows from other sections may be moved into this one.
  public var acceptsMovesIn = true
  /// The kind of rows the section makes when nothing else says.
  public var kind: RowKind = .plain
  /// The accessory of rows that push a detail: item rows of a list, and selection, object and
  /// array rows of a form.
  public var detailAccessory: Accessory = .disclosureIndicator

  /// Creates defaults.
  public init(
    isMovable: Bool = false, isDeletable: Bool = false, isAddable: Bool = false,
    acceptsMovesIn: Bool = true, kind: RowKind = .plain
  ) {
    self.isMovable = isMovable
    self.isDeletable = isDeletable
    self.isAddable = isAddable
    self.acceptsMovesIn = acceptsMovesIn
    self.kind = kind
  }

  /// Applies the defaults to a row the section made.
  func apply(to row: inout Row) {
    if isMovable { row.isMovable = true }
    if isDeletable {
      row.isDeletable = true
      if row.editingStyle == .none { row.editingStyle = .delete }
    }
  }
}
