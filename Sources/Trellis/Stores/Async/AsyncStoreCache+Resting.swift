/// A cache at rest: its list shows another cache's pages (a list shared by many models), so
/// it neither loads nor hears the store until the list follows the store again.
///
/// Hundreds of windows may show one list of an async store. Each window's cache would hear
/// every change the store reports and keep what arrived, with none of them reading it; at
/// rest, a cache costs nothing.
extension AsyncStoreCache {
  /// Whether the cache hears the store's changes.
  package var followsSource: Bool { state.withLock { $0.sourceObservation != nil } }

  /// Stops hearing the store and forgets the pages loaded, and the load under way. Writes
  /// under way keep their count, undos and follow-ups.
  package func rest() {
    let tokens: [ObservationToken?] = state.withLock { state in
      guard state.sourceObservation != nil else { return [] }
      state.task?.cancel()
      let tokens = [state.sourceObservation, state.linkObservation]
      // A new generation: what a cancelled load brings late is dropped.
      state = State(
        generation: state.generation + 1, writesUnderWay: state.writesUnderWay,
        undos: state.undos, refusedUndos: state.refusedUndos, writeCount: state.writeCount,
        pendingFollowUps: state.pendingFollowUps, followUps: state.followUps)
      return tokens
    }
    // Cancelled outside the lock: the store takes its own.
    for token in tokens { token?.cancel() }
  }

  /// Hears the store again, unless it does, starting from the pages `other` (a cache of the
  /// same store, which the list showed meanwhile) has loaded, or from `shown`, the items the
  /// list shows of them; those are read again, since what changed while this cache rested
  /// never reached it.
  package func wake(from other: AsyncStoreCache?, showing shown: [Value]? = nil) {
    guard !followsSource else { return }
    guard let other, other !== self else { return observeSource() }
    // Pages still to come (a first page under way, or not taken yet) are read afresh, unless
    // the list shows items that are then the pages so far.
    let seed = other.state.withLock { theirs in
      (theirs.loading == .firstPage || !theirs.arrivals.isEmpty) && shown == nil
        ? nil
        : theirs.query.map {
          (
            $0, theirs.options, shown ?? theirs.items, shown.map(ItemSet.init) ?? theirs.listed,
            theirs.next, theirs.followed, theirs.isExhausted, theirs.totalCount, theirs.link
          )
        }
    }
    guard let seed else { return observeSource() }
    state.withLock { state in
      (
        state.query, state.options, state.items, state.listed, state.next, state.followed,
        state.isExhausted, state.totalCount, state.link
      ) = seed
    }
    observeSource()
    refresh()
  }
}
