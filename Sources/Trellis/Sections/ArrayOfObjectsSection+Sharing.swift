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

  /// After a person retried a load or dismissed a notice, the loading section shows its
  /// store's status again; a section that shows a shared list catches up with it.
  func loadingStatusChanged() {
    let section = loadingSection
    if let cache = section.asyncCache { section.asyncStatus = cache.status }
    section.setNeedsRefresh()
    if section !== self { itemsChanged() }
  }
}
