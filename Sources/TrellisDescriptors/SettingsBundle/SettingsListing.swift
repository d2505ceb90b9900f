import Trellis

/// The rows of a bound list group: one per item stored under its key, drawn by its item row,
/// then its add row.
///
/// Each item's row keeps its identity while the item stays: deleting one leaves the others'
/// rows in place, and items added after them get new rows.
final class SettingsListing: DescriptorRowListing {
  let group: SettingsListGroup
  let root: any KeyValueCoding
  let sectionID: String
  /// The identity of each item's row, by the item's place.
  private var identities: [Int] = []
  private var nextIdentity = 0
  /// What the add row edits, until it adds an item.
  private var addition: SettingsListAddition?
  /// How many items a text-field add row has added. Each addition is a row of its own, so that
  /// every host draws an empty field after an item is added, not the field just typed in. An
  /// add row that opens a page keeps its identity: the page it opened stays open on it.
  private var additions = 0

  init(group: SettingsListGroup, root: any KeyValueCoding, sectionID: String) {
    self.group = group
    self.root = root
    self.sectionID = sectionID
  }

  func entries() -> [DescriptorSection.Entry] {
    let count = SettingsListItem.items(of: root, key: group.key).count
    // Items added elsewhere come last; items removed elsewhere take their rows from the end.
    while identities.count < count {
      identities.append(nextIdentity)
      nextIdentity += 1
    }
    identities.removeLast(identities.count - count)
    var entries = identities.enumerated().map { index, identity in
      DescriptorSection.Entry(
        descriptor: group.item, object: SettingsListItem(root, key: group.key, index: index),
        id: RowID(scope: sectionID, .string("item\(identity)")))
    }
    if let add = group.add {
      // An addition that added its item keeps editing it (its pane is open); the row edits a
      // new one.
      if addition == nil || addition?.added != nil {
        addition = SettingsListAddition(
          root, key: group.key, makesDictionary: group.addsDictionaries)
        if add.kind == .textField { additions += 1 }
      }
      if let addition {
        entries.append(
          DescriptorSection.Entry(
            descriptor: add, object: addition,
            id: RowID(scope: sectionID, .string("add\(additions)"))))
      }
    }
    return entries
  }

  func delete(at position: Int) throws(TableEditError) -> Bool {
    var items = SettingsListItem.items(of: root, key: group.key)
    guard group.isDeletable, items.indices.contains(position) else { return false }
    items.remove(at: position)
    // Taken first: the write's report lists the items again.
    let identity = identities.remove(at: position)
    do { try root.setValue(.array(items), forKey: group.key) } catch {
      identities.insert(identity, at: position)
      throw .refused(section: sectionID, reason: "\(error)")
    }
    return true
  }
}
