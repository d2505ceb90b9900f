/// A list over an async store (``AsyncDataStore``): its items are the pages loaded so far, and
/// its load state is what the cache has under way.
extension ArrayOfObjectsSection {
  /// Reads what the cache holds for `options` (starting the first page of a new query).
  func loadAsync(_ cache: AsyncStoreCache, _ options: FetchOptions) {
    let (loaded, status, changes) = cache.window(options)
    asyncStatus = status
    if let filter = options.filter, !cache.source.translates(filter) {
      // The store cannot filter: the pages loaded are filtered here.
      items = loaded.filter { filter(definition.reader(for: $0)) }
    } else {
      items = loaded
    }
    // A store's report of an item updated in place, taken with the items: a render that
    // keeps rows by identity would otherwise keep its row as it was.
    for case .updated(let item) in changes {
      rowsStaleOnLoad.formUnion(rowIDs(of: item, count: count(of: item)))
    }
    follow(status)
  }

  /// The cache's status as the section last took it (the current one before it took any).
  func takenStatus(_ cache: AsyncStoreCache) -> AsyncStoreCache.Status {
    asyncStatus ?? cache.status
  }

  /// Takes the cache's status as the section's load state and special rows.
  func follow(_ status: AsyncStoreCache.Status) {
    hasMore = status.hasMore && status.failure == nil
    asyncNotice = status.notice
    asyncLinkMessage = status.link.message
    if let failure = status.failure {
      loadState = .failed(failure)
    } else if let loading = status.loading {
      loadState =
        switch loading {
        case .firstPage: .loading(.firstPage)
        case .nextPage: .loading(.nextPage)
        case .refresh: .loading(.refresh)
        }
    } else {
      loadState = items.isEmpty ? .empty : .loaded
    }
  }

  /// Whether the cache's changes can be applied to the items shown: the store applies the
  /// filter itself, so the cache's order is the list's.
  var appliesAsyncChanges: Bool {
    guard let asyncCache else { return false }
    guard let filter = currentOptions.filter else { return true }
    return asyncCache.source.translates(filter)
  }
}
