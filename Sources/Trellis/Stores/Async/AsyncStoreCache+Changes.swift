extension AsyncStoreCache {
  /// Applies what arrived since the last call to the items, on the section's domain, and
  /// returns the changes in the items' order: pages append their new items (an item a page
  /// repeats is listed once), a refresh replaces the list, a failed load becomes the failure.
  /// The status they leave comes with them, read together: a load that starts or ends after
  /// them is reported again, and taken then.
  package func take() -> (changes: [StoreChange], status: Status) {
    // A refused update's object gets its values back, then known objects take the values
    // the store read for them, here on the list's domain.
    let refused = state.withLock { state in
      defer { state.refusedUndos = [] }
      return state.refusedUndos
    }
    for (_, undo) in refused { undo.run() }
    runFollowUps()
    source.applyArrivedValues()
    /// A load to start once what arrived is applied.
    enum FollowUp { case refresh, nextPage }
    let (taken, next): ((changes: [StoreChange], status: Status), FollowUp?) = state.withLock {
      state in
      var changes: [StoreChange] = []
      // The items given their values back: their rows show them again.
      for (item, _) in refused where state.listed.contains(item) {
        changes.append(.updated(item))
      }
      let arrivals = state.arrivals
      state.arrivals = []
      for arrival in arrivals {
        Self.apply(arrival, to: &state, changes: &changes)
      }
      // What to load once the page is in: the list again after a move (a next page asked
      // for meanwhile waits for that refresh), or the next page asked for during a refresh.
      var next: FollowUp?
      if state.loading == nil && state.refreshAfterLoad {
        state.refreshAfterLoad = false
        next = .refresh
      } else if state.loading == nil && state.nextAfterRefresh {
        state.nextAfterRefresh = false
        next = .nextPage
      }
      return ((changes, Self.status(of: state)), next)
    }
    switch next {
    case nil: return taken
    case .refresh?: refresh()
    case .nextPage?: loadNextPage()
    }
    // The load started now is in the status taken.
    return (taken.0, status)
  }

  private static func apply(_ arrival: Arrival, to state: inout State, changes: inout [StoreChange])
  {
    switch (arrival, state.loading) {
    case (.change(.moved), .firstPage?), (.change(.moved), .refresh?):
      state.refreshAfterLoad = true
    case (.change, _?), (.appended, _?):
      state.changesDuringLoad.append(arrival)
    default: break
    }
    switch arrival {
    case .page(let page, let load, let generation):
      guard generation == state.generation, state.loading == load else { return }
      state.loading = nil
      state.task = nil
      state.totalCount = page.totalCount ?? state.totalCount
      switch load {
      case .firstPage, .refresh:
        // The list starts again from this page.
        if !state.items.isEmpty { changes.append(.reset) }
        state.items = []
        state.listed = []
        state.followed = []
      case .nextPage(let token):
        state.followed.insert(token)
      }
      var items = page.items[...]
      if let anchor = state.anchor {
        state.anchor = nil
        guard items.first == anchor else {
          // Rows were added or removed before the offset meanwhile: the list reads again,
          // then on.
          state.changesDuringLoad = []
          state.refreshAfterLoad = true
          state.nextAfterRefresh = true
          return
        }
        items = items.dropFirst()
      }
      for item in items {
        if state.listed.insert(item) {
          changes.append(.inserted(item, after: state.items.last))
          state.items.append(item)
        } else if state.unplaced.remove(item) != nil,
          let index = state.items.firstIndex(of: item)
        {
          // Added here and shown at the end: its page puts it in its place.
          state.items.remove(at: index)
          changes.append(.moved(item, after: state.items.last))
          state.items.append(item)
        }
      }
      state.next = page.next
      state.isExhausted = page.next == nil
      // The page may have been read before the changes that arrived meanwhile.
      let replay = state.changesDuringLoad
      state.changesDuringLoad = []
      let placements = state.placementRefreshes
      for change in replay { apply(change, to: &state, changes: &changes) }
      // A page whose changes all found their places ends a run of reads made to place them.
      if state.placementRefreshes == placements { state.placementRefreshes = 0 }
      if let next = page.next, state.followed.contains(next) {
        // A next link that points back to a page already read would loop for ever.
        state.isExhausted = true
        state.failure = (
          .failed("the next-page link \(next) points back to a page already read"), load
        )
      }
    case .failed(let error, let load, let generation):
      guard generation == state.generation, state.loading == load else { return }
      state.loading = nil
      state.task = nil
      state.failure = (error, load)
    case .change(.inserted(let item, let after)):
      guard !state.listed.contains(item) else { return }
      // The store's place for the item holds when the list is in the store's own order.
      var at = state.items.count
      if state.options.sort.isEmpty && state.options.filter == nil {
        if let index = StoreOrder.index(after: after, in: state.items) {
          at = index
        } else if !state.isExhausted {
          // After an item not loaded yet: it comes with a later page.
          return
        } else {
          // After an item the whole list lacks (its own insert is still on its way): shown
          // at the end for now, and the list reads its order again.
          readAgainToPlace(&state)
        }
      }
      insert(item, at: at, in: &state, changes: &changes)
    case .appended(let item):
      // Deleted since the store took it (another server's delete reported first).
      guard !state.listed.contains(item), !state.deleted.contains(item) else { return }
      if !state.isExhausted { state.unplaced.insert(item) }
      insert(item, at: state.items.count, in: &state, changes: &changes)
    case .change(.updated(let item)):
      guard state.listed.contains(item) else { return }
      changes.append(.updated(item))
    case .change(.deleted(let item)):
      state.deleted.append(item)
      if state.deleted.count > deletedItemsKept { state.deleted.removeFirst() }
      guard let index = state.items.firstIndex(of: item) else { return }
      state.items.remove(at: index)
      state.listed.remove(item)
      state.unplaced.remove(item)
      changes.append(.deleted(item))
    case .change(.moved(let item, let after)):
      // The store's order is the list's only without a sort or a filter (a query that
      // started since the move was reported may have one).
      guard state.options.sort.isEmpty && state.options.filter == nil else { return }
      state.unplaced.remove(item)
      guard let source = state.items.firstIndex(of: item) else {
        // Moved into the pages loaded from beyond them: listed where it now is.
        apply(.change(.inserted(item, after: after)), to: &state, changes: &changes)
        return
      }
      state.items.remove(at: source)
      guard let at = StoreOrder.index(after: after, in: state.items) else {
        if state.isExhausted {
          // After an item the whole list lacks: it stays, and the list reads its order again.
          readAgainToPlace(&state)
          state.items.insert(item, at: source)
          return
        }
        // Moved beyond the pages loaded: it comes with a later page.
        state.listed.remove(item)
        changes.append(.deleted(item))
        return
      }
      state.items.insert(item, at: at)
      changes.append(.moved(item, after: StoreOrder.predecessor(of: at, in: state.items)))
    case .change(.reset):
      return
    case .restore(let item, let after, _):
      // A refused write may have been done all the same (its connection closed as it
      // committed): the item goes back for now, and the list reads what the store holds.
      state.refreshAfterLoad = true
      state.deleted.removeAll { $0 == item }
      guard !state.listed.contains(item) else { return }
      let at = StoreOrder.index(after: after, in: state.items) ?? state.items.count
      insert(item, at: at, in: &state, changes: &changes)
    case .unmove(let item, let after, _):
      state.refreshAfterLoad = true
      guard let source = state.items.firstIndex(of: item) else { return }
      state.items.remove(at: source)
      let at = StoreOrder.index(after: after, in: state.items) ?? state.items.count
      state.items.insert(item, at: at)
      changes.append(.moved(item, after: StoreOrder.predecessor(of: at, in: state.items)))
    }
  }

  /// Reads the list again to place an item the list could not (after one it lacks), unless
  /// the last reads did not place it either: a few in a row, then the list keeps what it has
  /// rather than read for ever.
  private static func readAgainToPlace(_ state: inout State) {
    guard state.placementRefreshes < 3 else { return }
    state.placementRefreshes += 1
    state.refreshAfterLoad = true
  }

  /// Lists `item` at `at` and says so.
  private static func insert(
    _ item: Value, at: Int, in state: inout State, changes: inout [StoreChange]
  ) {
    state.listed.insert(item)
    state.items.insert(item, at: at)
    changes.append(.inserted(item, after: StoreOrder.predecessor(of: at, in: state.items)))
  }

  /// Follows the source's own reports: another list's write through the same store, or
  /// another server's. A move matters to a list in the store's own order only; one that the
  /// list cannot place, and a reset, read the pages again.
  func sourceChanged(_ change: StoreChange) {
    switch change {
    case .inserted, .updated, .deleted:
      arrive(.change(change))
    case .moved:
      let inStoreOrder = state.withLock { $0.options.sort.isEmpty && $0.options.filter == nil }
      if inStoreOrder { arrive(.change(change)) } else { refresh() }
    case .reset:
      refresh()
    }
  }
}
