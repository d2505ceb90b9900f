extension Screen {
  /// Follows the stores of the rows the form's choices point at (a task's tags): once another
  /// window or program deletes one the person chose into a list, the list no longer holds it,
  /// as the saved object's no longer does and the chooser no longer lists it
  /// (``Draft/forget(_:)``).
  ///
  /// The observations live as long as the model's processing hook, which is the screen's.
  func followRelatedDeletes(of draft: Draft) {
    let gone = Locked<[Value]>([])
    let sink = model.invalidation
    // No section has this key: it only makes the model process, where the hook takes the rows.
    let key = ObjectIdentifier(gone)
    let report: @Sendable (StoreChange) -> Void = { change in
      guard case .deleted(let item) = change else { return }
      gone.withLock { $0.append(item) }
      sink.invalidateSection(key)
    }
    var tokens: [ObservationToken] = []
    // A to-one chosen as a deleted row stays, for Done to refuse: only lists are followed.
    for property in draft.definition.properties where property.attributes.allowsMultipleSelection {
      if let store = property.attributes.itemsStore {
        tokens.append(store.observe(report))
      } else if let store = property.attributes.asyncItemsStore {
        tokens.append(store.observe(report))
      }
    }
    guard !tokens.isEmpty else { return }
    let kept = tokens
    model.addProcessingHook { [weak draft] in
      _ = kept
      let items = gone.withLock { items in
        defer { items = [] }
        return items
      }
      for item in items { draft?.forget(item) }
    }
  }
}
