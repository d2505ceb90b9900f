/// What the person using the section's model may do with its items (``TableModel/access``).
extension ArrayOfObjectsSection {
  /// Whether the model's person may act on the section's items with `permission` (on the item
  /// `reader` reads, when given); always true without access control, and for a list inside
  /// a draft, which the draft's own permission covers.
  func permits(_ permission: Permission, item reader: ValueReader? = nil) -> Bool {
    guard !listsADraftsItems, let access = model?.access else { return true }
    return access.allows(permission, on: definition.name, item: reader)
  }

  /// Whether a person may add items here: the section allows it and so does the policy.
  package var adds: Bool { allowsAdding && permits(.add) }
  /// Whether a person may delete items here, as far as the section and policy say (each item
  /// is checked again when deleted).
  package var deletes: Bool { allowsDeleting && permits(.delete) }
  /// Whether a person may move items here.
  package var moves: Bool { allowsMoving && permits(.move) }

  /// The filter that keeps the items the person may see, which every fetch adds to its own:
  /// `nil` when they may see all of them.
  package var accessFilter: ItemFilter? {
    guard !listsADraftsItems, let access = model?.access else { return nil }
    return access.viewFilter(on: definition.name)
  }

  /// The item at `index` as its values read, for a row-level rule.
  func reader(ofItemAt index: Int) -> ValueReader? {
    guard index < items.count else { return nil }
    return definition.reader(for: items[index])
  }
}
