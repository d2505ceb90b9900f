extension Screen {
  /// Follows `store` for what happens to `item`, the stored item the screen edits, while the
  /// list it came from is covered: once another window or server deletes it, the screen says
  /// so at once (``itemGone``) and Done, which could only fail, waits disabled, the person's
  /// values kept until Cancel; when another program wrote (a reset), the item is read again
  /// (``DataStore/refresh(_:)``), so that the form shows what is stored now, or that it is
  /// gone.
  ///
  /// An async store's own reports are followed, not its cache's: the cache also drops an item
  /// from its pages when it moves beyond them. At a reset the store is asked whether it still
  /// holds the item (``AsyncDataStore/holds(_:)``), one question at a time: a service that
  /// is polled reports no one's deletions.
  ///
  /// An item the person may no longer see (a lead gave their task to someone else) leaves the
  /// screen before anything else of it is drawn: its rows go, the notice says why.
  ///
  /// A screen that only shows the item (`showsOnly`: a view's row) has no Done: its notice
  /// says the item is gone, and that the list shows what is there now.
  func followItem(
    _ item: Value, in store: any DataStore, definition: DataDefinition, showsOnly: Bool = false
  ) {
    followedItem = item
    let noun = definition.itemNoun
    let source = (store as? AsyncStoreCache)?.source
    let observe: (@escaping @Sendable (StoreChange) -> Void) -> ObservationToken =
      if let source { source.observe } else { store.observe }
    let deleted = StaleFlag()
    let reset = StaleFlag()
    let asking = StaleFlag()
    let sink = model.invalidation
    // No section has this key: it only makes the model process, where the hook takes the flags.
    let key = ObjectIdentifier(deleted)
    itemObservation = observe { change in
      switch change {
      case .deleted(let gone) where gone == item: deleted.set()
      case .reset:
        reset.set()
        if let source, !asking.raise() {
          Task {
            defer { _ = asking.take() }
            // A question that fails is asked again at the next reset.
            guard (try? await source.holds(item)) == false else { return }
            deleted.set()
            sink.invalidateSection(key)
          }
        }
      default: return
      }
      sink.invalidateSection(key)
    }
    // A value is its own identity: a change to it elsewhere reads as its deletion; so is a
    // row that only shows (a view's row without a key).
    let message =
      showsOnly
      ? "Someone else changed or deleted this \(noun) since you opened it: go back to see the "
        + "list as it is now."
      : item.objectValue == nil
        ? "Someone else changed or deleted this \(noun) since you opened it: Done cannot save it. "
          + "Your values stay here until you cancel."
        : "Someone else deleted this \(noun): Done cannot save it. "
          + "Your values stay here until you cancel."
    model.addProcessingHook { [weak self] in
      guard let self, itemGone == nil else { return }
      // A read that fails (the file locked) is tried again at the next reset.
      let gone = deleted.take() || (reset.take() && (try? store.refresh(item)) == false)
      if gone { itemGone = message }
      // What is saved decides, not the draft: a person giving their own task away keeps it
      // on screen until Done refuses or saves it.
      if let access = model.access,
        !access.allows(.view, on: definition.name, item: definition.reader(for: item))
      {
        itemGone = "This \(noun) is no longer yours to see."
        model.removeAllSections()
      }
    }
  }
}
