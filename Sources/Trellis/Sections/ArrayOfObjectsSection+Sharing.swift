/// A section that shows a list shared with other models (``TableModel/listSharing``): which
/// section loads its items and takes its edits.
extension ArrayOfObjectsSection {
  /// The section whose store loads the items and takes the edits: the shared list's section
  /// while this one shows a shared list of an async store (its own cache rests meanwhile),
  /// else this one. A shared list of a synchronous store has this section's store.
  package var loadingSection: ArrayOfObjectsSection {
    guard asyncCache != nil, let shared = sharingLink?.sharedSection else { return self }
    return shared
  }

  /// The store that takes the section's edits and makes its new items.
  package var currentStore: any DataStore { loadingSection.store }

  /// The store that takes a delete, insert or move made in the list. A section that shows a
  /// shared list of an async store leaves it first: the store is asked in the background, and
  /// until it answers the edit is this list's alone. Other windows see it once the store has
  /// it, and a refusal's notice shows only in the window that made the edit.
  func storeForEditing() -> any DataStore {
    if asyncCache != nil, let link = sharingLink {
      link.leave(self)
      setNeedsRefresh()
    }
    return currentStore
  }

  /// After a person retried a load or dismissed a notice, the loading section shows its
  /// store's status again; a section that shows a shared list catches up with it.
  func loadingStatusChanged() {
    let section = loadingSection
    if let cache = section.asyncCache { section.asyncStatus = cache.status }
    section.setNeedsRefresh()
    if section !== self { itemsChanged() }
  }
}
