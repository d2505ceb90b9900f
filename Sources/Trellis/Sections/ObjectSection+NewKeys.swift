extension ObjectSection {
  /// The identity of the Add Key row of the section with `scope`.
  static func addKeyRowID(_ scope: String) -> RowID { RowID(scope: scope, .string("\u{2}add key")) }

  /// The row that ends the form's last section where keys can be added: selecting it opens the
  /// New Key screen.
  func addKeyRow() -> Row {
    var row = Row(id: Self.addKeyRowID(scope), kind: .addItem, text: "Add Key…")
    row.editingStyle = .insert
    return row
  }
}
