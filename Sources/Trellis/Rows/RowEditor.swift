/// A bound or configured row as last rendered: what writing its value and handling its events
/// need, kept so that neither makes the row again, and both act on the row hosts show.
struct RowEditor {
  /// The row, with its actions and its configuring actions applied.
  var row: Row

  init(_ row: Row) { self.row = row }

  var id: RowID { row.id }
  var binding: RowBinding? { row.binding }
  var actions: RowActions { row.actions }
  var propertyName: String? { row.propertyName }
  var isEnabled: Bool { row.isEnabled }
}
