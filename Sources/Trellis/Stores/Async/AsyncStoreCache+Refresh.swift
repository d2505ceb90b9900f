extension AsyncStoreCache {
  /// The most pages one refresh reads to fill the list it replaces.
  static let refreshPageLimit = 1_000

  /// `first`, and the pages after it, until they hold `wanted` items or the source has no
  /// more: one page of a refresh.
  ///
  /// A refresh asks for as many items as the list holds, so that the list does not shrink.
  /// A source that sets its own page size (a web service that takes no page size) answers
  /// with one page of its size all the same: reading on keeps the rows and the place a person
  /// scrolled to, rather than dropping the list back to its first page.
  static func filled(
    _ first: StorePage, to wanted: Int, from source: any AsyncDataStore, options: FetchOptions
  ) async throws(StoreError) -> StorePage {
    var page = first
    var items = first.items
    var listed = Set(items)
    var read: Set<PageToken> = []
    var pages = 1
    while items.count < wanted, let next = page.next, pages < refreshPageLimit,
      read.insert(next).inserted, !Task.isCancelled
    {
      page = try await source.fetchPage(options, from: next)
      pages += 1
      // A row that moved between the pages meanwhile is listed once, where it came first.
      for item in page.items where listed.insert(item).inserted { items.append(item) }
    }
    return StorePage(items: items, next: page.next, totalCount: page.totalCount ?? first.totalCount)
  }
}
