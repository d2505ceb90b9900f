/// What a list shows besides its items, and how it loads them.
extension ArrayOfObjectsSection {
  package enum Special: String {
    case placeholder, addItem, loadMore, error
    /// A page of an async store is loading.
    case loading
    /// An async store refused an edit, which was undone.
    case notice
    /// An async store's live link is down: changes made elsewhere are not arriving.
    case link
    /// A single, optional choice's "None".
    case noChoice
  }

  package var specials: [Special] {
    var result: [Special] = []
    if asyncLinkMessage != nil { result.append(.link) }
    if asyncNotice != nil { result.append(.notice) }
    var failed = false
    if case .failed = loadState {
      result.append(.error)
      failed = true
    }
    // A list that could not load says so, not that it is empty. A search that finds nothing
    // says so, placeholder or not, and so does a list the person may not see at all.
    if items.isEmpty && (placeholderText != nil || isSearching || !permits(.view))
      && !loadState.isLoading && !failed
    {
      result.append(.placeholder)
    }
    // A refresh keeps the items on screen until its page replaces them: a loading row shows
    // only when there are none.
    let showsLoading =
      loadState.isLoading && asyncCache != nil
      && (loadState != .loading(.refresh) || items.isEmpty)
    if showsLoading {
      result.append(.loading)
    } else if hasMore {
      result.append(.loadMore)
    }
    if let choice, !choice.allowsMultiple, choice.allowsNone { result.append(.noChoice) }
    if addItemText != nil && adds { result.append(.addItem) }
    return result
  }

  /// The items shown, in order.
  public var currentItems: [Value] { items }

  /// The fetch options with the search text's filter.
  var currentOptions: FetchOptions {
    var options = fetchOptions
    if !searchText.isEmpty {
      let keys = searchPropertyNames.isEmpty ? definition.titlePropertyNames : searchPropertyNames
      let search = ItemFilter.search(searchText, in: keys)
      options.filter = options.filter.map { $0 && search } ?? search
    }
    if let access = accessFilter { options.filter = options.filter.map { $0 && access } ?? access }
    return options
  }

  /// The search under way: its text, and the options that list what it finds (the list's
  /// own, the search's filter and the person's access), every item; `nil` while nothing is
  /// searched.
  package var searchUnderWay: (text: String, options: FetchOptions)? {
    guard isSearching else { return nil }
    var options = currentOptions
    options.batchSize = nil
    return (searchText, options)
  }

  func reload() {
    let options = currentOptions
    model?.statistics.fetches += 1
    if let asyncCache {
      loadAsync(asyncCache, options)
    } else {
      loadState = .loading(.firstPage)
      load(options)
    }
    takeFetchedItemsRows()
  }

  /// Runs the model's ``ModelActions/didFetchItems`` action on the items shown, for the rows
  /// it adds after them: after every fetch, and whenever the store's changes insert, delete
  /// or move items (a row may show how many there are).
  func takeFetchedItemsRows() {
    guard let action = model?.modelActions.didFetchItems else {
      appendedRows = []
      return
    }
    var fetchedItems = FetchedItems(items: items)
    action(&fetchedItems)
    appendedRows = fetchedItems.appendedRows
  }

  func load(_ options: FetchOptions) {
    var options = options
    if let batch = fetchOptions.batchSize {
      if loadedLimit == nil { loadedLimit = batch }
      // One more than shown tells whether there is more, without counting every row.
      options.batchSize = (loadedLimit ?? batch) + 1
    }
    do {
      var fetched = try store.fetch(options)
      hasMore = loadedLimit.map { fetched.count > $0 } ?? false
      if hasMore, let limit = loadedLimit { fetched.removeLast(fetched.count - limit) }
      // A fetch that lists what the section listed moved nothing: where items went since the
      // last render still holds (a check's fresh render fetches again, say).
      let steps = itemSteps != nil && fetched == items ? itemSteps : nil
      items = fetched
      itemsAreDistinct = store.fetchesEachItemOnce || steps != nil
      itemSteps = steps
      loadState = items.isEmpty ? .empty : .loaded
    } catch {
      // Keep what was shown; the error row says what went wrong.
      loadState = .failed(error)
    }
  }

  /// The items' identities, the second and later listings of one item told apart.
  func occurrenceIDs() -> [RowID] {
    var seen: [RowID: Int] = [:]
    return items.map { item -> RowID in
      let identity = Self.identity(of: item)
      let occurrence = seen[identity, default: 0]
      seen[identity] = occurrence + 1
      return identity.occurrence(occurrence)
    }
  }
}
