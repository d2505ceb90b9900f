extension Section {
  /// Whether the expand/collapse row with `id` shows its child rows: what the person chose
  /// last, or else its ``RowExpansion/isInitiallyExpanded``.
  public func isRowExpanded(_ id: RowID, expansion: RowExpansion) -> Bool {
    expansionStates[id] ?? expansion.isInitiallyExpanded
  }

  /// Shows or hides the child rows of the expand/collapse row with `id`; the hosts insert or
  /// delete them in the next changeset.
  public func setRowExpanded(_ expanded: Bool, id: RowID) {
    guard expansionStates[id] != expanded else { return }
    expansionStates[id] = expanded
    // Only the row itself renders again; the section then diffs its visible rows.
    model?.invalidation.invalidateRow(id, in: ObjectIdentifier(self))
  }

  /// The row's snapshot with its expansion state, for an expand/collapse row.
  func applyExpansion(of row: Row, to snapshot: inout RowSnapshot) {
    guard let expansion = row.expansion else { return }
    snapshot.isExpanded = isRowExpanded(row.id, expansion: expansion)
    snapshot.childRowCount = expansion.childRowCount
  }
}
