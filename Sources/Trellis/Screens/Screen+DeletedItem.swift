extension Screen {
  /// Follows `store` for the deletion of `item`, the stored item the screen edits: once
  /// another window or server deletes it, the screen says so at once (``itemGone``), and
  /// Done, which could only fail, waits disabled. The person's values stay until Cancel.
  ///
  /// An async store's own reports are followed, not its cache's: the cache also drops an item
  /// from its pages when it moves beyond them. A store that reports another program's
  /// changes only as a reset (SQLite) says so at Done instead.
  func followDeletion(of item: Value, in store: any DataStore, noun: String) {
    let observe: (@escaping @Sendable (StoreChange) -> Void) -> ObservationToken =
      if let cache = store as? AsyncStoreCache { cache.source.observe } else { store.observe }
    let deleted = StaleFlag()
    let sink = model.invalidation
    // No section has this key: it only makes the model process, where the hook takes the flag.
    let key = ObjectIdentifier(deleted)
    itemObservation = observe { change in
      guard case .deleted(let gone) = change, gone == item else { return }
      deleted.set()
      sink.invalidateSection(key)
    }
    // A value is its own identity: a change to it elsewhere reads as its deletion.
    let message =
      item.objectValue == nil
      ? "Someone else changed or deleted this \(noun) since you opened it: Done cannot save it. "
        + "Your values stay here until you cancel."
      : "Someone else deleted this \(noun): Done cannot save it. "
        + "Your values stay here until you cancel."
    model.addProcessingHook { [weak self] in
      if deleted.take() { self?.itemGone = message }
    }
  }
}
