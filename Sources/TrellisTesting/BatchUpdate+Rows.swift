import TrellisDiff

extension BatchUpdate {
  mutating func validateRows() throws(ContractViolation) {
    for path in stage.itemDeletes {
      try checkOldRow(path, "deleted")
      guard deletedRows.insert(path).inserted else {
        throw violation(.listedTwice, "\(path)", "row deleted twice")
      }
    }
    for move in stage.itemMoves {
      try checkOldRow(move.source, "moved")
      try checkNewRow(move.target, "moved")
      guard !deletedRows.contains(move.source) else {
        throw violation(.deletedAndMoved, "\(move.source)", "row deleted and moved")
      }
      guard movedFrom.updateValue(move.target, forKey: move.source) == nil,
        movedTo.updateValue(move.source, forKey: move.target) == nil
      else { throw violation(.listedTwice, "\(move)", "row moved twice") }
    }
    for path in stage.itemReloads {
      try checkOldRow(path, "reloaded")
      guard !deletedRows.contains(path), movedFrom[path] == nil else {
        throw violation(.deletedAndMoved, "\(path)", "row reloaded and deleted or moved")
      }
      guard reloadedRows.insert(path).inserted else {
        throw violation(.listedTwice, "\(path)", "row reloaded twice")
      }
    }
    for path in stage.itemInserts {
      try checkNewRow(path, "inserted")
      guard insertedRows.insert(path).inserted else {
        throw violation(.listedTwice, "\(path)", "row inserted twice")
      }
      guard movedTo[path] == nil else {
        throw violation(.insertedAndMoved, "\(path)", "row inserted and moved to")
      }
    }
    try checkRowCounts()
  }

  private func checkOldRow(_ path: ItemPath, _ verb: String) throws(ContractViolation) {
    guard (0..<old.count).contains(path.section),
      (0..<old[path.section].items.count).contains(path.item)
    else { throw violation(.outOfRange, "\(path)", "\(verb) row is not in the table before") }
    if deletedSections.contains(path.section) {
      throw violation(
        verb == "moved" ? .moveAcrossChangingSection : .rowInChangingSection, "\(path)",
        "\(verb) row is in section \(path.section), which is deleted")
    }
    if reloadedOldSections.contains(path.section) {
      throw violation(
        .rowInChangingSection, "\(path)",
        "\(verb) row is in section \(path.section), which is reloaded")
    }
  }

  private func checkNewRow(_ path: ItemPath, _ verb: String) throws(ContractViolation) {
    guard (0..<new.sections.count).contains(path.section),
      (0..<new.sections[path.section].items.count).contains(path.item)
    else { throw violation(.outOfRange, "\(path)", "\(verb) row is not in the table after") }
    if insertedSections.contains(path.section) {
      throw violation(
        verb == "moved" ? .moveAcrossChangingSection : .rowInChangingSection, "\(path)",
        "\(verb) row is in section \(path.section), which is inserted")
    }
    if reloadedNewSections.contains(path.section) {
      throw violation(
        .rowInChangingSection, "\(path)",
        "\(verb) row is in section \(path.section), which is reloaded")
    }
  }

  private func checkRowCounts() throws(ContractViolation) {
    var lost = [Int](repeating: 0, count: old.count)
    var gained = [Int](repeating: 0, count: new.sections.count)
    for path in deletedRows { lost[path.section] += 1 }
    for path in movedFrom.keys { lost[path.section] += 1 }
    for path in insertedRows { gained[path.section] += 1 }
    for path in movedTo.keys { gained[path.section] += 1 }
    for (t, source) in sourceOfNewSection.enumerated() {
      guard let s = source, !reloadedOldSections.contains(s) else { continue }
      let before = old[s].items.count
      let expected = before - lost[s] + gained[t]
      let actual = new.sections[t].items.count
      guard expected == actual else {
        throw violation(
          .rowCount, "section \(t)",
          "\(before) rows - \(lost[s]) deleted or moved out + \(gained[t]) inserted or moved in "
            + "= \(expected), but the data source has \(actual)")
      }
    }
  }

  /// The rows shown after the update: inserted and reloaded rows are configured from the data
  /// source; every other row keeps the content it showed, moves included.
  func result() throws(ContractViolation) -> [SnapshotSection<Section, Item>] {
    var sections: [SnapshotSection<Section, Item>] = []
    sections.reserveCapacity(new.sections.count)
    for (t, source) in sourceOfNewSection.enumerated() {
      let fresh = new.sections[t]
      guard let s = source, !reloadedOldSections.contains(s) else {
        sections.append(fresh)
        continue
      }
      var rows = [Item?](repeating: nil, count: fresh.items.count)
      for path in insertedRows where path.section == t { rows[path.item] = fresh.items[path.item] }
      for (target, from) in movedTo where target.section == t {
        rows[target.item] = old[from.section].items[from.item]
      }
      var slot = 0
      for (row, item) in old[s].items.enumerated() {
        let path = ItemPath(item: row, section: s)
        guard !deletedRows.contains(path), movedFrom[path] == nil else { continue }
        while slot < rows.count && rows[slot] != nil { slot += 1 }
        guard slot < rows.count else { break }
        rows[slot] = reloadedRows.contains(path) ? fresh.items[slot] : item
      }
      let filled = rows.compactMap { $0 }
      guard filled.count == rows.count else {
        throw violation(.rowCount, "section \(t)", "the update leaves rows without an item")
      }
      sections.append(SnapshotSection(old[s].model, items: filled))
    }
    return sections
  }
}
