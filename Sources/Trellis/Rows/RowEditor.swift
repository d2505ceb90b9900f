/// What editing a row needs, kept from when the row was last rendered: its binding, its
/// actions and whether it is enabled. Writing a value then costs no row build.
struct RowEditor {
  var id: RowID
  var binding: RowBinding?
  var actions: RowActions
  var propertyName: String?
  var isEnabled: Bool

  init(_ row: Row) {
    id = row.id
    binding = row.binding
    actions = row.actions
    propertyName = row.propertyName
    isEnabled = row.isEnabled
  }
}
