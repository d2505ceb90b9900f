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

  /// Whether the section's keys can be deleted: a form that may change the object, over a
  /// dictionary that takes new keys.
  var removesKeys: Bool {
    isEditable && !draft.definition.addableKeyKinds.isEmpty && draft.object is DocumentObject
  }

  /// Whether the row of `name` can be deleted, taking its key out of the dictionary: in a
  /// form that may change the object, over a dictionary that takes new keys, a key of it.
  func removesKey(_ name: String) -> Bool {
    isEditable && !readOnlyKeys.contains(name) && draft.canRemoveKey(name)
  }
}
