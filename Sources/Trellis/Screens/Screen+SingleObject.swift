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
    commitWriter = { values throws(StoreError) in
      if let item = record.item {
        // Someone else's change to an edited property since it was edited refuses Done.
        if item == .object(reference) { try draft.checkConflicts() }
        try store.update(item, values: Dictionary(values, uniquingKeysWith: { $1 }))
        return
      }
      if let saved = try store.fetch(FetchOptions(batchSize: 1)).first {
        // Saved by another screen since this one opened: that object is the one to update.
        try store.update(saved, values: Dictionary(values, uniquingKeysWith: { $1 }))
        record.item = saved
        return
      }
      // The new object takes the values first, and loses them again when the store refuses it.
      let undo = try draft.setObjectValues(values)
      do throws(StoreError) { try store.insert(item, at: nil) } catch {
        undo.run()
        throw error
      }
      record.item = item
    }
  }
}

/// The object a single-object screen saves to: `nil` until the store has one.
private final class SingleObjectRecord {
  var item: Value?

  init(item: Value?) { self.item = item }
}
