/// Search, load more and refresh: what a person does to the list's window.
extension ArrayOfObjectsSection {
  public func search(_ text: String) {
    searchText = text
    setNeedsRefresh()
  }

  public func loadMore() throws(StoreError) {
    if loadingSection !== self {
      // A shared list loads for every model that shows it; this one catches up with it.
      try loadingSection.loadMore()
      itemsChanged()
      return
    }
    if let asyncCache {
      // After a failed page, "more" is that page again.
      if case .failed = loadState { asyncCache.retry() } else { asyncCache.loadNextPage() }
      // The section's own load shows at once (its loading row), in this render.
      asyncStatus = asyncCache.status
      // The items stay; the rows after them (a loading row now) change.
      unchangedElementPrefix = items.count
      model?.invalidation.invalidateStructure(ObjectIdentifier(self))
      return
    }
    guard let batch = fetchOptions.batchSize else { return }
    loadedLimit = (loadedLimit ?? batch) + batch
    setNeedsRefresh()
  }

  public func refresh() throws(StoreError) {
    if loadingSection !== self {
      try loadingSection.refresh()
      itemsChanged()
      return
    }
    asyncCache?.refresh()
    if let asyncCache { asyncStatus = asyncCache.status }
    loadedLimit = nil
    setNeedsRefresh()
  }
}
