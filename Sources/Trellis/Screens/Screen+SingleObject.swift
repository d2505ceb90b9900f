extension Screen {
  /// A form over the one object a store keeps (a profile, a settings record): the store's
  /// first object, or a new one when the store is empty, which the first Done inserts.
  ///
  /// Done writes the edited values: to the stored object through the store, or onto the new
  /// object, which then goes into the store; later Dones update it. When another screen
  /// saved an object into the empty store meanwhile, Done updates that one instead of
  /// inserting a second. Cancel puts the form back to the stored values.
  ///
  /// ```swift
  /// let profile = try DataDefinition.dictionary(keys: "name;email;city")
  /// let screen = try Screen(singleObjectOf: profile.generateCompatibleDataStore(), title: "Profile")
  /// ```
  ///
  /// For stores read at once (memory, SQLite, user defaults, a document), holding objects;
  /// the overload taking an ``AsyncDataStore`` shows a store that loads in the background.
  ///
  /// - Parameter definition: the object's definition; the store's when `nil`.
  /// - Throws: ``ScreenError/store(_:)`` when the store cannot be read or makes no new object;
  ///   ``ScreenError/notApplicable(_:)`` when there is no definition, or the store's items are
  ///   not objects a form can edit.
  public convenience init(
    singleObjectOf store: any DataStore, definition: DataDefinition? = nil, title: String? = nil
  ) throws(ScreenError) {
    guard let definition = definition ?? store.itemsDefinition else {
      throw .notApplicable("the store has no definition of its objects to show")
    }
    let stored: Value?
    do { stored = try store.fetch(FetchOptions(batchSize: 1)).first } catch { throw .store(error) }
    let item: Value
    if let stored {
      // A record holding a value its object cannot hold is not edited: the form would show,
      // and Done store, what the object holds instead.
      if let problem = store.problem(with: stored) { throw .store(.invalidItem(problem)) }
      do { try store.prepareForEditing(stored) } catch { throw .store(error) }
      item = stored
    } else {
      do { item = try store.create() } catch { throw .store(error) }
    }
    guard case .object(let reference) = item,
      let draft = Draft(for: reference.object, definition: definition, mode: .deferred)
    else {
      throw .notApplicable("\(definition.name) is not an object a form can edit")
    }
    let model = try DetailScreens.form(for: draft, title: title ?? definition.name)
    self.init(model: model, navigationBar: .doneRightCancelLeft, draft: draft)
    let record = SingleObjectRecord(item: stored)
    if stored == nil { followFirstSave(of: store, into: reference.object, record: record) }
    commitWriter = { entries throws(StoreError) in
      let values = Dictionary(entries, uniquingKeysWith: { $1 })
      // Saved by another screen since this one opened, it is the one to update.
      var saved = record.item
      if saved == nil { saved = try store.fetch(FetchOptions(batchSize: 1)).first }
      if let saved {
        // Someone else's change to an edited property since it was edited refuses Done.
        if saved == .object(reference) {
          try draft.checkConflicts()
        } else {
          try Self.checkConflicts(of: draft, with: saved, values: values, definition: definition)
        }
        try store.update(saved, values: values)
        record.item = saved
        return
      }
      // The new object takes the values first, and loses them again when the store refuses it.
      let undo = try draft.setObjectValues(entries)
      do throws(StoreError) { try store.insert(item, at: nil) } catch {
        undo.run()
        throw error
      }
      record.item = item
    }
  }

  /// Shows, on a form over a new object, what another screen saves into the empty store
  /// meanwhile (or later, to the object it saved): the properties the person has not edited
  /// take its values, so that the form shows what is stored, as a form over a stored object
  /// does.
  private func followFirstSave(
    of store: any DataStore, into object: AnyObject, record: SingleObjectRecord
  ) {
    guard let own = draft?.object, let definition = draft?.definition else { return }
    let changed = StaleFlag()
    let sink = model.invalidation
    // No section has this key: it only makes the model process, where the hook takes the flag.
    let key = ObjectIdentifier(changed)
    record.observation = store.observe { _ in
      changed.set()
      sink.invalidateSection(key)
    }
    model.addProcessingHook { [weak self] in
      guard let self, changed.take(), let draft = self.draft else { return }
      let saved = record.item ?? (try? store.fetch(FetchOptions(batchSize: 1)).first)
      guard let saved, saved.objectValue !== object else { return }
      let reader = definition.reader(for: saved)
      let edited = Set(draft.pendingValues.map(\.0))
      for name in definition.availableKeys where !edited.contains(name) {
        let theirs = reader.value(name) ?? .null
        if (try? own.value(forKey: name)) != theirs { try? own.setValue(theirs, forKey: name) }
      }
    }
  }

  /// Refuses Done (``StoreError/conflict(_:)``, shown on the rows) when `saved`, which another
  /// screen saved, holds something else than this form started from in a property the person
  /// edited, and something else than they entered: Done then writes their values over it.
  private static func checkConflicts(
    of draft: Draft, with saved: Value, values: [String: Value], definition: DataDefinition
  ) throws(StoreError) {
    let reader = definition.reader(for: saved)
    let conflicts = draft.expectedValues.compactMap { name, base -> FieldConflict? in
      let theirs = reader.value(name) ?? .null
      guard let yours = values[name], theirs != base, theirs != yours else { return nil }
      return FieldConflict(name: name, theirs: theirs, yours: yours)
    }
    if !conflicts.isEmpty { throw .conflict(conflicts.sorted { $0.name < $1.name }) }
  }
}

/// The object a single-object screen saves to: `nil` until the store has one.
private final class SingleObjectRecord {
  var item: Value?
  /// The store followed until this screen's form is over a stored object.
  var observation: ObservationToken?

  init(item: Value?) { self.item = item }
}
