extension Screen {
  /// A form over the one object an async store keeps (a profile on a server): the screen
  /// shows that it is loading, then the store's first object, or a new one when the store is
  /// empty, which the first Done inserts.
  ///
  /// Done writes in the background while the screen says it is saving: the stored object's
  /// changed values through the store (refused when someone else changed an edited property
  /// meanwhile), or the new object, which then goes into the store; later Dones update it.
  /// When another client saved an object into the empty store meanwhile, Done updates that
  /// one instead of inserting a second, showing it with the person's edits; where it holds
  /// other values than those the person replaced, Done shows the conflict instead.
  /// A refused write keeps every edit and shows why. A load that fails shows why; Cancel then
  /// loads again on a navigator's first screen (elsewhere it goes back, and opening the form
  /// again loads again). Cancel on the form puts it back to the stored values.
  ///
  /// ```swift
  /// let screen = try Screen(singleObjectOf: webServiceStore, title: "Profile")
  /// ```
  ///
  /// - Parameter definition: the object's definition; the store's when `nil`.
  /// - Throws: ``ScreenError/notApplicable(_:)`` when there is no definition, or it is not one
  ///   a form can show.
  public convenience init(
    singleObjectOf store: any AsyncDataStore, definition: DataDefinition? = nil,
    title: String? = nil
  ) throws(ScreenError) {
    guard let definition = definition ?? store.itemsDefinition else {
      throw .notApplicable("the store has no definition of its objects to show")
    }
    do { try definition.validate() } catch { throw .notApplicable(error.description) }
    self.init(
      model: TableModel(title: title ?? definition.name), navigationBar: .doneRightCancelLeft)
    let load = SingleObjectLoad(store: store, definition: definition)
    afterCancel = { screen in
      if screen.draft == nil, screen.loadFailure != nil { load.start(on: screen) }
    }
    load.start(on: self)
  }
}

/// Loads an async store's first object into a single-object screen, and writes Done back.
private final class SingleObjectLoad {
  let store: any AsyncDataStore
  let definition: DataDefinition
  /// The object Done updates: `nil` until the store has one.
  var item: Value?

  init(store: any AsyncDataStore, definition: DataDefinition) {
    self.store = store
    self.definition = definition
  }

  /// Fetches the store's first object in the background; the screen shows it when it
  /// arrives, or why it did not.
  func start(on screen: Screen) {
    screen.loadFailure = nil
    screen.isLoading = true
    let found = Locked<Value?>(nil)
    screen.model.perform(fetchFirst(into: found)) { [weak screen, self] result in
      guard let screen else { return }
      screen.isLoading = false
      do throws(StoreError) {
        try result.get()
        self.store.applyArrivedValues()
        try self.show(found.withLock { $0 }, on: screen)
      } catch {
        screen.loadFailure = "Could not load: " + error.message(item: self.definition.itemNoun)
      }
      screen.model.invalidateAll()
    }
  }

  /// The work that fetches the store's first object, if it has one, into `found`.
  private func fetchFirst(into found: Locked<Value?>)
    -> @Sendable () async throws(StoreError) -> Void
  {
    let store = store
    return { () async throws(StoreError) in
      let page = try await store.fetchPage(FetchOptions(batchSize: 1), from: nil)
      found.withLock { $0 = page.items.first }
    }
  }

  /// Puts the form of `stored` (or of a new object) on the screen.
  private func show(_ stored: Value?, on screen: Screen) throws(StoreError) {
    let object: Value
    if let stored {
      object = stored
    } else {
      object = try store.create()
    }
    guard case .object(let reference) = object,
      let draft = Draft(for: reference.object, definition: definition, mode: .deferred)
    else {
      throw .invalidItem("\(definition.name) is not an object a form can edit")
    }
    let form: TableModel
    do throws(ScreenError) { form = try DetailScreens.form(for: draft, title: nil) } catch {
      throw .invalidItem(error.description)
    }
    let sections = form.sections
    form.removeAllSections()
    for section in sections { screen.model.addSection(section) }
    item = stored
    screen.draft = draft
    screen.addsItem = stored == nil
    screen.asyncCommitWriter = { [self, weak screen] values throws(StoreError) in
      try self.write(values, draft: draft, object: object, on: screen)
    }
    screen.afterCommit = { [self] screen throws(ScreenError) in
      // The new object is in the store now: later Dones update it.
      self.item = object
      screen.addsItem = false
    }
  }

  /// Starts the write of Done's values: an update of the stored object; or, for a new one,
  /// a look at the store first, since another client may have saved the object meanwhile.
  private func write(
    _ values: [(String, Value)], draft: Draft, object: Value, on screen: Screen?
  ) throws(StoreError) -> PreparedStoreWrite {
    if let item {
      if !store.checksExpectedValues { try draft.checkConflicts() }
      return try store.prepareUpdate(
        item, values: Dictionary(values, uniquingKeysWith: { $1 }),
        expecting: draft.expectedValues)
    }
    let found = Locked<Value?>(nil)
    var look = PreparedStoreWrite(run: fetchFirst(into: found))
    let bases = draft.expectedValues
    look.followUp = { [self, weak screen] () throws(StoreError) -> PreparedStoreWrite? in
      self.store.applyArrivedValues()
      if let saved = found.withLock({ $0 }), let screen {
        return try self.adopt(saved, edits: values, bases: bases, on: screen)
      }
      return try self.insert(values, draft: draft, object: object)
    }
    return look
  }

  /// The insert of the new object, which takes the values first and loses them again if the
  /// store refuses.
  private func insert(_ values: [(String, Value)], draft: Draft, object: Value)
    throws(StoreError) -> PreparedStoreWrite
  {
    let undo = try draft.setObjectValues(values)
    return try PreparedStoreWrite.after(undo) { () throws(StoreError) in
      try store.prepareInsert(object, at: nil)
    }
  }

  /// Puts the form of `saved`, which another client saved since the form loaded, on the
  /// screen with the person's edits, and returns its update. Each edit started from the new
  /// object's value (`bases`): where `saved` holds another value than that and the person's,
  /// the edits conflict, and the screen shows it as any form does; the next Done then writes
  /// the person's values over it.
  private func adopt(
    _ saved: Value, edits: [(String, Value)], bases: [String: Value], on screen: Screen
  ) throws(StoreError) -> PreparedStoreWrite {
    screen.model.removeAllSections()
    try show(saved, on: screen)
    guard let draft = screen.draft else { throw .invalidItem("the form has no draft") }
    for (name, value) in edits {
      draft.setValue(value, for: name)
      let cell = draft.cell(name)
      let theirs = (try? draft.object.value(forKeyPath: name)) ?? .null
      // A property the other client left empty, as the new object had it, changed nothing.
      let base = bases[name] ?? .null
      cell.base = Self.isEmpty(base) && Self.isEmpty(theirs) ? theirs : base
      cell.objectAtBase = cell.base
    }
    let conflicts = draft.conflictsWithObject()
    if !conflicts.isEmpty { throw .conflict(conflicts) }
    var expected: [String: Value] = [:]
    for (name, _) in edits { expected[name] = (try? draft.object.value(forKeyPath: name)) ?? .null }
    return try store.prepareUpdate(
      saved, values: Dictionary(edits, uniquingKeysWith: { $1 }), expecting: expected)
  }

  /// Whether `value` is no value: nothing, or empty text.
  private static func isEmpty(_ value: Value) -> Bool { value.isNull || value == .string("") }
}
