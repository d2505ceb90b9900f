import Trellis

/// The actions a table or a section gives its rows (the canonical `rowActions`), as Sensible
/// TableView's levels do: a row's own action wins over its section's, and a section's over
/// the table's.
extension CanonicalDescriptorReader {
  /// The actions one level gives the rows below it.
  struct RowActionDefaults {
    var action: DescriptorAction?
    var editingAction: DescriptorAction?
    var accessoryAction: DescriptorAction?

    /// These defaults, with `nearer`'s over them.
    func overridden(by nearer: RowActionDefaults?) -> RowActionDefaults {
      guard let nearer else { return self }
      return RowActionDefaults(
        action: nearer.action ?? action, editingAction: nearer.editingAction ?? editingAction,
        accessoryAction: nearer.accessoryAction ?? accessoryAction)
    }

    /// `row` with these actions where it has none of its own. A row that edits a value or
    /// opens its value's screen keeps doing so, and a link keeps opening its address: only
    /// rows that would do nothing when selected take the default selection.
    func applied(to row: RowDescriptor) -> RowDescriptor {
      var row = row
      let selects = !row.kind.editsValue && !row.kind.pushesDetail && row.chooses == nil
      if row.action == nil, selects { row.action = action }
      if row.editingAction == nil, selects { row.editingAction = editingAction }
      if row.accessoryAction == nil { row.accessoryAction = accessoryAction }
      return row
    }
  }

  static let rowActionKeys = ["action", "editingAction", "accessoryAction"]

  /// `{"action": ..., "accessoryAction": ...}` at `node`'s `rowActions`, when it has one.
  func rowActionDefaults(_ node: DescriptorNode) -> RowActionDefaults? {
    guard let child = node.dictionary("rowActions") else { return nil }
    child.checkKeys(Self.rowActionKeys, in: "'rowActions'")
    return RowActionDefaults(
      action: child.action("action"), editingAction: child.action("editingAction"),
      accessoryAction: child.action("accessoryAction"))
  }
}
