/// A list's writes: inserts and updates from detail screens are awaited; the list's own
/// inserts, updates, deletes and moves run in the background, and a refusal puts things back
/// with a notice.
extension AsyncStoreCache {
  package func create() throws(StoreError) -> Value { try source.create() }

  /// Starts inserting `item` here, on the domain; the write returned waits for the store, and
  /// the list shows the item once the store has it.
  package func prepareInsertAwaiting(_ item: Value) throws(StoreError) -> PreparedStoreWrite {
    awaiting(try source.prepareInsert(item, at: nil), then: .appended(item))
  }

  /// Starts writing `values` here, on the domain; the write returned waits for the store.
  /// When the store refuses, the caller runs its undo on this domain.
  package func prepareUpdateAwaiting(
    _ item: Value, values: [String: Value], expecting: [String: Value] = [:]
  ) throws(StoreError) -> PreparedStoreWrite {
    let prepared = try preparing(item) { () throws(StoreError) in
      try source.prepareUpdate(item, values: values, expecting: expecting)
    }
    return awaiting(prepared, then: acceptedUpdate(of: item))
  }

  /// `prepared`, which tells the list of `arrival` once the store accepted it; with no
  /// arrival, the list is only woken.
  private func awaiting(_ prepared: PreparedStoreWrite, then arrival: Arrival?)
    -> PreparedStoreWrite
  {
    let run = prepared.run
    var write = PreparedStoreWrite(undo: prepared.undo) { [weak self] () async throws(StoreError) in
      try await run()
      self?.arriveOrWake(arrival)
    }
    write.followUp = prepared.followUp
    return write
  }

  /// Inserts in the background; the list shows the item when the store has it, and the
  /// notice says why when it refuses.
  package func insert(_ item: Value, at index: Int?) throws(StoreError) {
    let prepared = try source.prepareInsert(item, at: index)
    inBackground(
      prepared, of: item, then: .appended(item), refusal: "Could not add \(name(of: item))")
  }

  /// Starts the write here, on the domain, and sends it in the background; when the store
  /// refuses, the notice says why and the item gets its values back on the domain.
  package func update(_ item: Value, values: [String: Value]) throws(StoreError) {
    // Named as it was, here: the write gives it its new values before the store answers.
    let refusal = "Could not save \(name(of: item))"
    let prepared = try preparing(item) { () throws(StoreError) in
      try source.prepareUpdate(item, values: values)
    }
    inBackground(prepared, of: item, then: acceptedUpdate(of: item), refusal: refusal)
  }

  /// What the list hears when the store accepts its update of `item`: the update, unless the
  /// store reports every change, and so has reported it itself once it had it.
  private func acceptedUpdate(of item: Value) -> Arrival? {
    source.reportsEveryChange ? nil : .change(.updated(item))
  }

  /// Starts a write of `item` on the store with `prepare`: a report of `item` updated that
  /// the store makes meanwhile (the object taking the values before the store has them) does
  /// not read a search the store runs again, since the store holds the old values until the
  /// write is done.
  private func preparing(
    _ item: Value, _ prepare: () throws(StoreError) -> PreparedStoreWrite
  ) throws(StoreError) -> PreparedStoreWrite {
    state.withLock { $0.preparing = item }
    defer { state.withLock { $0.preparing = nil } }
    return try prepare()
  }

  /// Queues `arrival`, or only wakes the list when there is none (it runs the follow-ups of
  /// accepted writes when it takes what arrived).
  private func arriveOrWake(_ arrival: Arrival?) {
    if let arrival { arrive(arrival) } else { observers.notify(.reset) }
  }

  /// Runs `prepared`, a write of `item` started on the domain, in the background: once the
  /// store accepts it, the list hears of `arrival` and its follow-up waits for the domain;
  /// when the store refuses, the notice starts with `refusal`, and its undo waits for the
  /// domain (``take()``).
  private func inBackground(
    _ prepared: PreparedStoreWrite, of item: Value, then arrival: Arrival?, refusal: String
  ) {
    let number = state.withLock { state in
      state.writeCount += 1
      state.undos[state.writeCount] = prepared.undo
      if let followUp = prepared.followUp { state.pendingFollowUps[state.writeCount] = followUp }
      return state.writeCount
    }
    let run = prepared.run
    write { cache in
      do throws(StoreError) {
        try await run()
        cache?.accepted(number)
        cache?.arriveOrWake(arrival)
      } catch {
        cache?.refused(refusal, error, undoing: (number, item))
      }
    }
  }

  /// The store accepted write `number`: its undo is dropped, and its follow-up waits for the
  /// domain (``take()``).
  private func accepted(_ number: Int) {
    state.withLock { state in
      state.undos[number] = nil
      if let followUp = state.pendingFollowUps.removeValue(forKey: number) {
        state.followUps.append(followUp)
      }
    }
  }

  /// Runs the follow-ups of accepted writes, on the list's domain; a write one of them
  /// starts runs in the background, and a refusal is a notice.
  func runFollowUps() {
    let followUps = state.withLock { state in
      defer { state.followUps = [] }
      return state.followUps
    }
    for followUp in followUps {
      do throws(StoreError) {
        guard let next = try followUp() else { continue }
        let run = next.run
        write { cache in
          do throws(StoreError) { try await run() } catch {
            cache?.refused("Could not save", error)
          }
        }
      } catch {
        refused("Could not save", error)
      }
    }
  }

  /// Deletes at once from the list, then from the store; a refusal puts the item back where
  /// it was, with a notice.
  package func delete(_ item: Value) throws(StoreError) {
    let previous: Value? = try state.withLock { state throws(StoreError) in
      guard let index = state.items.firstIndex(of: item) else {
        throw .notFound("the item is not in the list")
      }
      state.items.remove(at: index)
      state.listed.remove(item)
      state.notice = nil
      return StoreOrder.predecessor(of: index, in: state.items)
    }
    observers.notify(.deleted(item))
    let source = source
    write { cache in
      do throws(StoreError) { try await source.delete(item) } catch {
        guard let cache else { return }
        let message = "Could not delete \(cache.name(of: item)): \(cache.words(for: error))"
        cache.arrive(.restore(item, after: previous, message: message))
      }
    }
  }

  /// Moves at once in the list, then in the store; a refusal moves the item back.
  package func move(_ item: Value, after: Value?) throws(StoreError) {
    let store = source
    let place = { (_: [Value]) throws(StoreError) -> Value? in after }
    try move(item, place: place) { () async throws(StoreError) in
      try await store.move(item, after: after)
    }
  }

  /// Moves at once in the list to right before `before`, then in the store: the store's
  /// order may hold items before it that the list does not show.
  package func move(_ item: Value, before: Value) throws(StoreError) {
    let store = source
    let place = { (items: [Value]) throws(StoreError) -> Value? in
      try StoreOrder.place(before: before, moving: item, in: items)
    }
    try move(item, place: place) { () async throws(StoreError) in
      try await store.move(item, before: before)
    }
  }

  /// Moves `item` in the list to right after the item `place` names among those listed,
  /// then runs `write`; a refusal moves the item back.
  private func move(
    _ item: Value, place: ([Value]) throws(StoreError) -> Value?,
    write storeWrite: @escaping @Sendable () async throws(StoreError) -> Void
  ) throws(StoreError) {
    let (after, previous) = try state.withLock { state throws(StoreError) -> (Value?, Value?) in
      let items = state.items
      let after = try place(items)
      let (source, _) = try StoreOrder.move(item, after: after, in: &state.items)
      state.notice = nil
      return (after, StoreOrder.predecessor(of: source, in: items))
    }
    observers.notify(.moved(item, after: after))
    write { cache in
      do throws(StoreError) { try await storeWrite() } catch {
        guard let cache else { return }
        let message = "Could not move \(cache.name(of: item)): \(cache.words(for: error))"
        cache.arrive(.unmove(item, after: previous, message: message))
      }
    }
  }

  /// Says why the store refused a write, and queues the undo of write `undoing` with the
  /// notice, so that the list that runs the one shows the other.
  private func refused(
    _ what: String, _ error: StoreError, undoing update: (number: Int, item: Value)? = nil
  ) {
    state.withLock { state in
      if let update { state.pendingFollowUps[update.number] = nil }
      if let update, let undo = state.undos.removeValue(forKey: update.number) {
        state.refusedUndos.append((update.item, undo))
      }
      state.notice = "\(what): \(words(for: error))"
    }
    observers.notify(.reset)
  }

  /// What a notice says of `error`, naming the store's kind of item.
  func words(for error: StoreError) -> String {
    error.message(item: source.itemsDefinition?.itemNoun ?? "item")
  }

  /// An item's name in a notice: its title as the store's definition reads it, quoted.
  func name(of item: Value) -> String {
    guard let title = source.itemsDefinition?.title(of: item), !title.isEmpty else {
      return "the item"
    }
    return "“\(title)”"
  }
}
