extension Screen {
  /// `buttons` with Edit, on a form whose keys can be deleted (a document's dictionary that
  /// takes new keys) and whose bar has none: edit mode shows each key's delete control, as a
  /// list's rows show theirs. Edit sits before Done; while editing, it alone stays on the bar
  /// (as Done), and the form's Done and Cancel come back with it.
  func withEditForKeys(_ buttons: [BarButton]) -> [BarButton] {
    guard !buttons.contains(where: { $0.role == .edit }),
      model.sections.contains(where: { ($0 as? ObjectSection)?.removesKeys == true })
    else { return buttons }
    let done = buttons.first { $0.role == .done }
    var buttons = buttons
    if isEditing { buttons.removeAll { $0.role == .done || $0.role == .cancel } }
    let edit = BarButton(.edit, done?.side ?? .right)
    if let place = buttons.firstIndex(where: { $0.role == .done }) {
      buttons.insert(edit, at: place)
    } else {
      buttons.append(edit)
    }
    return buttons
  }
}
