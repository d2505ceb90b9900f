/// The rows a list makes of its items, and of its special rows (placeholder, add, load more,
/// error).
extension ArrayOfObjectsSection {
  func title(_ reader: ValueReader, _ item: Value) -> String {
    let parts = definition.titlePropertyNames.compactMap { reader.value($0)?.displayText }
      .filter { !$0.isEmpty }
    if parts.isEmpty { return definition.titlePropertyNames.isEmpty ? item.displayText : "" }
    return parts.joined(separator: definition.titleSeparator)
  }

  func description(_ reader: ValueReader) -> String? {
    let parts = definition.descriptionPropertyNames.compactMap { reader.value($0)?.displayText }
      .filter { !$0.isEmpty }
    return parts.isEmpty ? nil : parts.joined(separator: definition.titleSeparator)
  }

  /// The row after the items at `offset`: a special row, then the appended ones.
  func extraRow(at offset: Int) -> Row {
    let specials = specials
    guard offset >= specials.count else { return specialRow(specials[offset]) }
    return appendedRows[offset - specials.count]
  }

  /// The identities of the appended rows: their own, or their position.
  var appendedRowIDs: [RowID] {
    appendedRows.enumerated().map { offset, row in
      row.id == RowID(.null) ? RowID(scope: scope, .string("\u{2}\(offset)")) : row.id
    }
  }

  func specialRow(_ special: Special) -> Row {
    switch special {
    case .placeholder:
      var row = Row(id: RowID(.null), kind: .placeholder, text: placeholderText)
      row.isEnabled = false
      return row
    case .addItem:
      var row = Row(id: RowID(.null), kind: .addItem, text: addItemText)
      row.editingStyle = .insert
      return row
    case .loadMore:
      var row = Row(id: RowID(.null), kind: .loadMore, text: "Load more…")
      // A service's pages come as the list scrolls to its end.
      row.attributes.loadsWhenShown = asyncCache != nil
      return row
    case .noChoice:
      var row = Row(id: RowID(.null), kind: .plain, text: "None")
      row.accessory = chosenNow.isEmpty ? .checkmark : .none
      return row
    case .error where asyncCache != nil:
      // Selecting it loads again.
      var row = Row(id: RowID(.null), kind: .button, text: loadState.errorMessage)
      row.detailText = "Tap to try again"
      row.attributes.cellStyle = .subtitle
      return row
    case .error:
      var row = Row(id: RowID(.null), kind: .placeholder, text: loadState.errorMessage)
      row.isEnabled = false
      return row
    case .loading:
      var row = Row(id: RowID(.null), kind: .placeholder, text: "Loading…")
      row.isEnabled = false
      return row
    case .link:
      var row = Row(id: RowID(.null), kind: .placeholder, text: asyncLinkMessage)
      row.isEnabled = false
      return row
    case .notice:
      // Selecting it dismisses it.
      var row = Row(id: RowID(.null), kind: .button, text: asyncNotice)
      row.detailText = "Tap to dismiss"
      row.attributes.cellStyle = .subtitle
      return row
    }
  }
}
