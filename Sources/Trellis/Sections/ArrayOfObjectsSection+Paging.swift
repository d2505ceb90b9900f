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
    if appendNextBatch(batch) { return }
    loadedLimit = (loadedLimit ?? batch) + batch
    setNeedsRefresh()
  }

  /// Fetches only the batch after the items shown and appends it, so that scrolling a long
  /// list costs each batch once instead of fetching and rendering everything shown again.
  ///
  /// Only when the items are what the store listed, with nothing from the store waiting;
  /// otherwise (or when the batch holds an item already shown, since the store changed under
  /// the list) the caller fetches everything shown and one batch more.
  private func appendNextBatch(_ batch: Int) -> Bool {
    guard case .loaded = loadState, !needsFetch, unapplied.isEmpty, hasMore,
      items.count == loadedLimit, batch > 0
    else { return false }
    var options = currentOptions
    options.offset = fetchOptions.offset + items.count
    options.batchSize = batch + 1
    guard var fetched = try? store.fetch(options) else { return false }
    model?.statistics.fetches += 1
    let more = fetched.count > batch
    if more { fetched.removeLast(fetched.count - batch) }
    var counts = itemCounts ?? ItemCounts(items)
    for item in fetched where counts[item] > 0 {
      itemCounts = counts
      return false
    }
    // Let go of the section's copy first, so that counting the batch does not copy the
    // counts of every row listed.
    itemCounts = nil
    for item in fetched { counts.add(item) }
    unchangedElementPrefix = items.count
    items.append(contentsOf: fetched)
    itemCounts = counts
    loadedLimit = items.count
    hasMore = more
    itemsAreCurrent = true
    takeFetchedItemsRows()
    model?.invalidation.invalidateStructure(ObjectIdentifier(self))
    return true
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
