/// Generates the screens that rows disclose: item details, nested objects, lists, selections.
enum DetailScreens {
  /// The detail screen of a list item: its definition's groups, editing a deferred draft;
  /// Done commits (and inserts a new item into the store), Cancel discards.
  static func item(_ item: Value, of section: ArrayOfObjectsSection, isNew: Bool)
    throws(ScreenError) -> Screen
  {
    // A list that shows a shared list writes through the shared one's store.
    let store = section.currentStore
    // A row holding values its object cannot hold (another program wrote them) opens with
    // each on its row, refused, to be fixed: Done writes nothing until they are. Where the
    // store cannot say which values they are, the row is not edited: Done would store a loss.
    var unfit: [String: Value] = [:]
    if !isNew, let problem = store.problem(with: item) {
      if case .object(let ref) = item, let fault = ref.fault { unfit = fault.unfitValues }
      if unfit.isEmpty { throw .store(.invalidItem(problem)) }
    }
    let definition = section.definition
    let target: AnyObject
    let isPlain: Bool
    let plainKind: Bool
    switch definition.kind {
    // A document's list holds values: a new item made as a document object goes back into
    // it as the dictionary (or plain value) it holds.
    case .string, .number, .date, .document: plainKind = true
    default: plainKind = false
    }
    switch item {
    case .object(let ref) where plainKind && ref.object is DocumentObject:
      target = ref.object
      isPlain = true
    case .object(let ref):
      target = ref.object
      isPlain = false
    case .dictionary:
      target = DocumentObject(item)
      isPlain = true
    default:
      target = DocumentObject([PlainValue.key: item])
      isPlain = true
    }
    let parent = isPlain ? nil : section.ownerDraft
    // What the store leaves unread until an item is opened (its children) is read now.
    if !isNew { do { try store.prepareForEditing(item) } catch { throw .store(error) } }
    guard let draft = Draft(for: target, definition: definition, mode: .deferred, parent: parent)
    else {
      throw .notApplicable("\(definition.name) cannot edit this item")
    }
    for (name, value) in unfit { refuseUnfit(value, for: name, in: draft) }
    // A new item's title names its kind as a person says it: "New Task Step".
    let title =
      isNew
      ? "New \(Humanizer.title(for: definition.name))"
      : definition.title(of: item, readingThrough: draft.savedReader)
    let screen = try screen(for: draft, title: title)
    screen.addsItem = isNew
    screen.followRelatedDeletes(of: draft)
    // The title follows what is saved (another window's change), as a fresh screen's would.
    if !isNew {
      // First, so that the title below reads what another program's write brought.
      screen.followItem(
        item, in: store, definition: definition, showsOnly: !section.allowsEditingDetails)
      screen.model.addProcessingHook { [weak screen] in
        // A title of an item gone from the screen stays as it was: it may not be theirs.
        guard let screen, screen.itemGone == nil else { return }
        screen.title = definition.title(of: item, readingThrough: draft.savedReader)
      }
    }
    if !isNew && !section.allowsEditingDetails {
      for object in screen.model.objectSections { object.isEditable = false }
      // Nothing to save or give up: the screen only shows, and Back leaves it.
      screen.navigationBar = .none
    }
    // An async store's new values for the item reach it here too, with its list covered: for
    // a new item, what the store answered its insert (an id), which the list may apply first.
    if let cache = store as? AsyncStoreCache { screen.model.followArrivals(of: cache) }
    let writesObject = isNew && draft.parent == nil
    screen.commitWriter = { values throws(StoreError) in
      // Someone else's change to an edited property since it was edited refuses Done.
      if !isNew { try draft.checkConflicts() }
      // A new object is not in the store yet: the values go to it first, and come off it
      // again when the store refuses it. A stored item's values are the store's to write.
      let undo = try isPlain || writesObject ? draft.setObjectValues(values) : ValuesUndo()
      do throws(StoreError) {
        if isNew {
          try store.insert(isPlain ? plainResult(target, item) : item, at: nil)
        } else if isPlain, let document = target as? DocumentObject {
          let values: [String: Value] =
            if case .dictionary(let entries) = document.root, item.dictionaryValue != nil {
              Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            } else {
              [PlainValue.key: plainResult(target, item)]
            }
          try store.update(item, values: values)
        } else {
          try store.update(item, values: Dictionary(values, uniquingKeysWith: { $1 }))
        }
      } catch {
        undo.run()
        // A value is its own identity: once someone else changed it, it is not found either.
        if case .notFound = error, !isNew, item.objectValue == nil {
          throw .refused(
            "Someone else changed or deleted this \(definition.itemNoun) since you opened it. "
              + "Cancel and open it again to edit it as it is now; your values stay here until then."
          )
        }
        throw error
      }
    }
    if let cache = store as? AsyncStoreCache, parent == nil {
      screen.asyncCommitWriter = asyncWriter(
        cache, item: item, target: target, draft: draft, isNew: isNew, isPlain: isPlain)
    }
    if isNew {
      screen.afterCommit = { _ throws(ScreenError) in
        let result = isPlain ? plainResult(target, item) : item
        section.effectiveActions.didInsert?(result, section.currentItems.count)
      }
    }
    return screen
  }

  /// The write of an async store's item: a new item takes its values at once (and loses
  /// them again when the store refuses it) and is inserted; a stored item's values go to the
  /// store, which starts the write on this domain and takes them back if it refuses.
  private static func asyncWriter(
    _ cache: AsyncStoreCache, item: Value, target: AnyObject, draft: Draft, isNew: Bool,
    isPlain: Bool
  ) -> ([(String, Value)]) throws(StoreError) -> PreparedStoreWrite {
    { values throws(StoreError) in
      guard isNew else {
        let changed = Dictionary(values, uniquingKeysWith: { $1 })
        // What has arrived is checked here, unless the store compares where it writes; a
        // store compares its columns, so chosen objects (to-one, many-to-many) are checked
        // here too.
        try draft.checkConflicts(choicesOnly: cache.source.checksExpectedValues)
        // The store starts the write here, on the screen's domain: the item takes the values
        // now, and gets them back if the store refuses.
        return try cache.prepareUpdateAwaiting(
          item, values: changed, expecting: draft.expectedValues)
      }
      let undo = try draft.setObjectValues(values)
      let inserted = isPlain ? plainResult(target, item) : item
      return try PreparedStoreWrite.after(undo) { () throws(StoreError) in
        try cache.prepareInsertAwaiting(inserted)
      }
    }
  }

  /// Shows `value`, which the store holds and the object cannot, refused on its row.
  private static func refuseUnfit(_ value: Value, for name: String, in draft: Draft) {
    let property = draft.definition[name]
    let title = property?.title ?? name
    let needs = Validator.describe(property?.valueKind ?? .any)
    guard value != .null else {
      draft.refuse(
        .none, for: name, message: "\(title) is empty, and needs \(needs)", stored: value)
      return
    }
    var text = value.displayText
    if text.count > 40 { text = text.prefix(40) + "…" }
    draft.refuse(
      .text(value.displayText), for: name, message: "\(title) holds “\(text)”, not \(needs)",
      stored: value)
  }

  private static func plainResult(_ target: AnyObject, _ fallback: Value) -> Value {
    guard let document = target as? DocumentObject else { return fallback }
    if document.propertyNames == [PlainValue.key] {
      return (try? document.value(forKey: PlainValue.key)) ?? fallback
    }
    return document.root
  }

  /// A screen showing every group of a draft's definition, with Done and Cancel.
  static func screen(for draft: Draft, title: String?) throws(ScreenError) -> Screen {
    Screen(
      model: try form(for: draft, title: title), navigationBar: .doneRightCancelLeft, draft: draft)
  }

  /// A model with a section for every group of a draft's definition.
  static func form(for draft: Draft, title: String?) throws(ScreenError) -> TableModel {
    do { try draft.definition.validate() } catch {
      throw .notApplicable(error.description)
    }
    let model = TableModel(title: title)
    for group in draft.definition.groups {
      model.addSection(ObjectSection(draft: draft, group: group))
    }
    return model
  }

  /// The screen a property row discloses.
  static func property(_ name: String, of section: ObjectSection) throws(ScreenError) -> Screen? {
    let draft = section.draft
    let definition = draft.definition
    guard let property = definition[name] else { return nil }
    if let related = property.attributes.relatedItems {
      return related.screen(for: .object(ObjectReference(draft.target)), title: property.title)
    }
    switch RowFactory.resolvedType(property, draft: draft) {
    case .objectSelection
    where property.attributes.itemsStore != nil || property.attributes.asyncItemsStore != nil:
      return chooser(property, draft: draft)
    case .selection, .objectSelection:
      let model = TableModel(title: property.title)
      model.addSection(SelectionSection(draft: draft, property: name))
      return Screen(model: model, navigationBar: .none)
    case .object:
      return try nestedObject(property, draft: draft)
    case .arrayOfObjects:
      return try list(property, draft: draft)
    default:
      return nil
    }
  }

  /// The choice among a store's objects: its list, in batches, each chosen one checked, with
  /// Add when new objects can be made (made in place, then chosen).
  private static func chooser(_ property: PropertyDefinition, draft: Draft) -> Screen? {
    let section: ArrayOfObjectsSection
    if let store = property.attributes.itemsStore,
      let definition = property.attributes.nestedDefinition ?? store.itemsDefinition
    {
      section = ArrayOfObjectsSection(store: store, definition: definition)
    } else if let store = property.attributes.asyncItemsStore,
      let definition = property.attributes.nestedDefinition ?? store.itemsDefinition
    {
      // Each choice has its own cache of the store's pages.
      section = ArrayOfObjectsSection(store: store, definition: definition)
    } else {
      return nil
    }
    let model = TableModel(title: property.title)
    let name = property.name
    section.choice = ItemChoice(
      allowsMultiple: property.attributes.allowsMultipleSelection,
      allowsNone: property.attributes.allowsNoSelection || (property.valueKind?.isOptional ?? true),
      read: { chosenObjects(draft.value(name) ?? .null) }, write: { draft.setValue($0, for: name) })
    section.fetchOptions.batchSize = chooserBatchSize
    section.allowsAdding = section.definition.canMakeObjects
    section.allowsDeleting = false
    section.allowsMoving = false
    model.addSection(section)
    return Screen(model: model, navigationBar: section.allowsAdding ? .addRight : .none)
  }

  /// How many objects a chooser loads at a time.
  static let chooserBatchSize = 100

  /// The objects a chooser among a store's objects finds chosen in `value`: anything else it
  /// holds (a value a page wrote, kept with its message) is no choice, so that the next tap
  /// or new item replaces it.
  static func chosenObjects(_ value: Value) -> Value {
    switch value {
    case .object, .null: value
    case .array(let items): .array(items.filter { if case .object = $0 { true } else { false } })
    default: .null
    }
  }

  private static func nestedObject(_ property: PropertyDefinition, draft: Draft)
    throws(ScreenError) -> Screen
  {
    guard
      let nested = draft.definition.nestedDefinition(for: property)
        ?? documentDefinition(draft, property)
    else {
      throw .notApplicable("\(property.title) has no definition to show")
    }
    let current = draft.value(property.name) ?? .null
    var object = current.objectValue
    var isNew = false
    if case .dictionary = current {
      object = DocumentObject(current)
    }
    if object == nil {
      object = nested.makeObject()
      isNew = true
    }
    guard let object,
      let child = Draft(
        for: object, definition: nested, mode: .deferred,
        parent: object is DocumentObject ? nil : draft)
    else {
      throw .notApplicable("\(property.title) cannot be edited")
    }
    let screen = try screen(for: child, title: property.title)
    if let document = object as? DocumentObject, case .dictionary(let opened) = current {
      screen.afterCommit = nestedValueWriter(
        property.name, of: draft, opened: opened, editedIn: child, copy: document)
    } else {
      screen.afterCommit = { _ throws(ScreenError) in
        if let document = object as? DocumentObject {
          draft.setValue(document.root, for: property.name)
        } else if isNew {
          draft.setValue(.object(ObjectReference(object)), for: property.name)
        }
      }
    }
    return screen
  }

  /// What Done on a nested dictionary's form (which edits `copy`, a copy of it) does: the
  /// values the person entered go into the dictionary as it is now, so that what others saved
  /// in its other keys meanwhile stays. A key someone else changed since the form opened, and
  /// the person changed too, is a conflict, as on any form: nothing is written, the row keeps
  /// the person's value with theirs named, the keys the person left alone show what others
  /// saved, and Done then saves the person's values over theirs, Take Theirs keeps theirs.
  private static func nestedValueWriter(
    _ name: String, of draft: Draft, opened: ValueDictionary, editedIn child: Draft,
    copy: DocumentObject
  ) -> (Screen) throws(ScreenError) -> Void {
    var baseline = opened
    // What the person entered that is not in the dictionary yet: kept over refused Dones.
    var entered: [(name: String, value: Value)] = []
    // The keys the person deleted, which go from the dictionary as it is now.
    var removed: [String] = []
    return { _ throws(ScreenError) in
      for key in child.lastRemovedKeys {
        entered.removeAll { $0.name == key }
        if !removed.contains(key) { removed.append(key) }
      }
      for (key, value) in child.lastCommit {
        entered.removeAll { $0.name == key }
        entered.append((key, value))
      }
      guard case .dictionary(var now) = draft.value(name) ?? .null else {
        draft.setValue(copy.root, for: name)
        entered = []
        removed = []
        return
      }
      for key in removed { now[key] = nil }
      var conflicts: [FieldConflict] = []
      for (key, value) in entered {
        let theirs = now[key] ?? .null
        if theirs != (baseline[key] ?? .null), theirs != value {
          conflicts.append(FieldConflict(name: key, theirs: theirs, yours: value))
        }
        now[key] = value
      }
      guard conflicts.isEmpty else {
        // What others saved in the keys the person left alone shows in the form.
        let enteredNames = Set(entered.map(\.name))
        for (key, value) in now where !enteredNames.contains(key) {
          baseline[key] = value
          try? copy.setValue(value, forKey: key)
        }
        // Theirs is the new starting point: Done again writes the person's value over it.
        for conflict in conflicts {
          baseline[conflict.name] = conflict.theirs
          child.enter(conflict.yours, for: conflict.name, over: conflict.theirs)
        }
        throw .store(.conflict(conflicts))
      }
      draft.setValue(.dictionary(now), for: name)
      baseline = now
      entered = []
      removed = []
    }
  }

  private static func documentDefinition(_ draft: Draft, _ property: PropertyDefinition)
    -> DataDefinition?
  {
    guard case .dictionary = draft.value(property.name) ?? .null else { return nil }
    var definition = DataDefinition.document(
      draft.value(property.name) ?? .null, name: property.title)
    // A dictionary inside one that takes new keys takes them too.
    definition.addableKeyKinds = draft.definition.addableKeyKinds
    return definition
  }

  private static func list(_ property: PropertyDefinition, draft: Draft) throws(ScreenError)
    -> Screen
  {
    let nested =
      draft.definition.nestedDefinition(for: property)
      ?? DataDefinition.document(
        draft.value(property.name)?.arrayValue?.first ?? [:], name: property.title)
    let model = TableModel(title: property.title)
    let store = DraftArrayStore(draft: draft, name: property.name, definition: nested)
    let section = ArrayOfObjectsSection(store: store, definition: nested)
    section.ownerDraft = draft
    section.allowsAdding = property.attributes.allowsAdding && nested.canMakeObjects
    section.allowsDeleting = property.attributes.allowsDeleting
    section.allowsMoving = property.attributes.allowsMoving
    // An empty list says so, rather than showing nothing.
    section.placeholderText =
      property.attributes.placeholder ?? "No \(property.title.lowercased())"
    // A document's long list of entries renders the rows hosts show, not every entry, after
    // each edit; a list of objects renders every row up front, with the form's pending values.
    section.rendersRowsOnDemand = true
    model.addSection(section)
    return Screen(
      model: model, navigationBar: section.allowsAdding ? .addRightEditLeft : .editRight)
  }
}
