extension ArrayOfObjectsSection {
  /// Follows the store's changes for the section's model. They may come from any thread:
  /// they are queued, and the section sorts them out on the model's domain
  /// (``absorbStoreChanges()``).
  package func observeStore() {
    guard let model else { return }
    asyncCache?.wake(from: nil)
    let sink = model.invalidation
    let key = ObjectIdentifier(self)
    let reported = reported
    observation = store.observe { change in
      reported.append(change)
      sink.noteStoreChange(in: key)
    }
  }

  /// Stops following the store (a shared list follows it instead) and forgets what it reported;
  /// an async store's cache rests.
  package func stopObservingStore() {
    observation = nil
    _ = reported.take()
    asyncCache?.rest()
  }

  /// Whether which items show, and in what order, depends on the items' values (a sort, a
  /// filter, a search) or on a draft (a list inside a detail screen).
  var fetchDependsOnValues: Bool {
    // An async store's order and filter are the store's: its pages are what is shown.
    guard asyncCache == nil else { return false }
    return fetchOptions.filter != nil || !fetchOptions.sort.isEmpty || isSearching
      || accessFilter != nil
      || store is DraftArrayStore || ownerDraft != nil
  }

  /// Whether store changes can be applied to the items shown without fetching them again: the
  /// section shows the store's own order, unfiltered and whole.
  package var appliesStoreChanges: Bool {
    if asyncCache != nil { return appliesAsyncChanges }
    return appliesStoreUpdates && fetchOptions.batchSize == nil && fetchOptions.offset == 0
  }

  /// Whether the store's updates in place can be applied to the rows shown without fetching
  /// them again: the section shows the store's own order, unfiltered, so an update moves no
  /// row. That holds for a window of a long list (a batch size, an offset) too, where an
  /// update brings no row into the window and takes none out: an edit in a list scrolled
  /// 10,000 rows deep then renders one row, not the 10,000.
  var appliesStoreUpdates: Bool {
    if asyncCache != nil { return appliesAsyncChanges }
    guard fetchOptions.filter == nil, fetchOptions.sort.isEmpty, !isSearching,
      !(store is DraftArrayStore), accessFilter == nil
    else { return false }
    switch loadState {
    case .loaded, .empty: return true
    case .idle, .loading, .failed: return false
    }
  }

  /// Whether the store's inserts, deletes and moves can be applied to the rows shown without
  /// fetching them again, as well as its updates: the section shows the first rows of the
  /// store's own order, unfiltered (a long list loaded a page at a time).
  var appliesStoreChangesToWindow: Bool {
    asyncCache == nil && appliesStoreUpdates && fetchOptions.offset == 0 && loadedLimit != nil
  }

  /// Whether every change in `changes` is an update in place.
  static func updatesOnly(_ changes: [StoreChange]) -> Bool {
    changes.allSatisfy { if case .updated = $0 { true } else { false } }
  }

  /// Whether each item is known to be listed once: the list lists each once, the items are
  /// distinct (``itemsAreDistinct``), or their counts say so.
  var isKnownDistinct: Bool {
    listsEachItemOnce || itemsAreDistinct || itemCounts?.distinct == items.count
  }

  /// Applies `changes` to the items shown, in place: the items of the store's order, or of a
  /// window of it (its first rows, `hasMore` saying that rows follow). Returns whether it
  /// could; when it could not, the items are as they were.
  ///
  /// A change cannot be placed by identity when it is a reset, names an item or a place that
  /// is not listed exactly once (a list of repeated values cannot tell which one the store
  /// meant), or inserts an object that is listed already (it was read with a fetch that saw
  /// the insert). A change beyond a window (an item inserted, deleted or moved after the last
  /// row loaded) leaves it as it is: the next page brings it. An item moved out of the window
  /// is deleted from it, one moved in inserted.
  ///
  /// Where items were inserted and deleted is kept for the next render while each item is
  /// still listed once (``takeElementSteps(since:)``).
  func applyChanges(_ changes: [StoreChange], hasMore: Bool) -> Bool {
    let (wasDistinct, steps) = (itemsAreDistinct, itemSteps)
    let distinct = isKnownDistinct
    var changed = AppliedChanges(items: [], counts: itemCounts)
    // Held here alone while they change, so that changing them copies nothing.
    itemCounts = nil
    swap(&changed.items, &items)
    let placed = changed.apply(changes, hasMore: hasMore)
    if !placed { changed.undo() }
    items = changed.items
    itemCounts = changed.counts
    guard placed else {
      (itemsAreDistinct, itemSteps) = (wasDistinct, steps)
      return false
    }
    itemsAreDistinct = distinct && !changed.repeatsItems
    itemSteps = itemsAreDistinct ? steps.map { $0 + changed.steps } : nil
    if !changed.steps.isEmpty { takeFetchedItemsRows() }
    loadState = items.isEmpty ? .empty : .loaded
    return true
  }

  /// The identities of the `count` rows showing `item`.
  func rowIDs(of item: Value, count: Int) -> [RowID] {
    let identity = Self.identity(of: item)
    return (0..<count).map { identity.occurrence($0) }
  }

  /// How rows tell items apart: objects by instance, other values by value.
  static func identity(of item: Value) -> RowID {
    if case .object(let ref) = item { RowID(object: ref.identity) } else { RowID(item) }
  }

  /// Whether every item row shows only its item: no action makes rows by position.
  package var keepsRowsByIdentity: Bool {
    guard actions.cellForRow == nil, actions.reuseIdentifierForRow == nil else { return false }
    // Read field by field: a copy of the model's actions would retain every closure in them.
    guard let model else { return true }
    return model.sectionActions.cellForRow == nil
      && model.sectionActions.reuseIdentifierForRow == nil
  }

  /// Whether `changes` only add items after those shown, in order: each is inserted after
  /// the one before, the first after the last item listed (which is listed once).
  func appendsOnly(_ changes: [StoreChange]) -> Bool {
    guard !changes.isEmpty else { return false }
    if !listsEachItemOnce, let last = items.last, count(of: last) != 1 { return false }
    // Compared by identity, read in place: copying a change retains its items.
    var last = items.last.map(ItemKey.init)
    for index in changes.indices {
      guard case .inserted(let item, let after) = changes[index],
        after.map(ItemKey.init) == last
      else { return false }
      last = ItemKey(item)
    }
    return true
  }

  /// Applies the store's changes to the items shown, or fetches them when it cannot.
  func updateItems() {
    let changes = unapplied
    unapplied = []
    if itemsAreCurrent {
      itemsAreCurrent = false
      if !needsFetch, changes.isEmpty { return }
    }
    if let asyncCache, !needsFetch, changes.isEmpty {
      // Nothing arrived: only what is under way or failed changed.
      follow(takenStatus(asyncCache))
      return
    }
    if !needsFetch, appliesStoreChanges, appendsOnly(changes) {
      // Appended in place: a long list's new page costs the page, not the list.
      var counts = itemCounts
      itemCounts = nil
      for index in changes.indices {
        guard case .inserted(let item, _) = changes[index] else { continue }
        items.append(item)
        counts?.add(item)
      }
      itemCounts = counts
      if let asyncCache { follow(takenStatus(asyncCache)) } else { loadState = .loaded }
      takeFetchedItemsRows()
      return
    }
    if !needsFetch, !changes.isEmpty, appliesStoreChanges,
      applyChanges(changes, hasMore: false)
    {
      if let asyncCache { follow(takenStatus(asyncCache)) }
      return
    }
    if !needsFetch, !changes.isEmpty, appliesStoreChangesToWindow,
      applyChanges(changes, hasMore: hasMore)
    {
      // With more to load, the window holds what it shows now: the next page starts after
      // it. A window that held the whole list goes on holding whole pages, so that a row
      // another program adds next is read with the rest, not left behind "Load more".
      if hasMore {
        loadedLimit = items.count
      } else if let batch = fetchOptions.batchSize, batch > 0 {
        let pages = (items.count + batch - 1) / batch
        loadedLimit = max(loadedLimit ?? batch, pages * batch)
      }
      return
    }
    needsFetch = false
    reload()
  }
}
