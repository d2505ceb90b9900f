/// The rows a list makes of its items, and of its special rows (placeholder, add, load more,
/// error).
extension ArrayOfObjectsSection {
  /// The title of `item`, read by `reader`; `values`, when given, are the item's values as
  /// the row was made from them (a document's tree, kept).
  func title(_ reader: ValueReader, _ item: Value, values: Value? = nil) -> String {
    if let title = definition.join(definition.titlePropertyNames, reader: reader) { return title }
    if definition.titlePropertyNames.isEmpty { return item.displayText }
    // A document's entry without the title's keys ({"age": 3} among named people) shows its
    // keys rather than nothing; an object whose title is empty shows nothing.
    if let entry = values?.dictionaryValue ?? Self.documentEntry(item),
      !definition.titlePropertyNames.contains(where: { entry[$0] != nil })
    {
      return Value.dictionary(entry).displayText
    }
    return ""
  }

  /// The dictionary a document's entry holds: the item itself, or its document's root.
  private static func documentEntry(_ item: Value) -> ValueDictionary? {
    switch item {
    case .dictionary(let entry): entry
    case .object(let ref): (ref.object as? DocumentObject)?.root.dictionaryValue
    default: nil
    }
  }

  func description(_ reader: ValueReader) -> String? {
    definition.join(definition.descriptionPropertyNames, reader: reader)
  }

  /// The row of `item`, listed at `index`; with `values`, the item's values as they were
  /// when they were kept (a document's tree), read instead of the item's own. `plan` holds
  /// what the rows of one rendering share (``rowMaker()``); one is made for this row alone
  /// when not given.
  func row(for item: Value, at index: Int, values: Value? = nil, plan: ItemRowPlan? = nil)
    -> Row
  {
    let plan = plan ?? ItemRowPlan(self)
    if let custom = plan.actions.cellForRow?(index, item) {
      var row = custom
      row.attributes.reuseIdentifier = plan.actions.reuseIdentifierForRow?(index, item) ?? "custom"
      return row
    }
    var row = Row(id: RowID(.null), kind: .plain)
    fill(&row, for: item, at: index, values: values, plan: plan)
    return row
  }

  /// Fills `row`, a plain row, with what `item` shows; in place, since a row is large and a
  /// list makes one per item.
  private func fill(
    _ row: inout Row, for item: Value, at index: Int, values: Value?, plan: ItemRowPlan
  ) {
    let face = face(of: item, at: index, values: values, plan: plan, observed: true)
    row.text = face.text
    row.detailText = face.detail
    row.attributes.cellStyle = face.cellStyle
    if let problem = face.problem { row.validationMessage = problem }
    row.accessory = face.accessory
    row.attributes.isChoice = face.chooses
    guard !face.chooses else { return }
    row.action = .pushDetail
    row.isDeletable = plan.deletes
    row.isMovable = plan.movable
    row.editingStyle = plan.deletes ? .delete : .none
    row.attributes.reuseIdentifier = face.reuseIdentifier
  }

  /// The snapshot of `item`'s row, listed at `index` as `id`, made from what it shows without
  /// a ``Row``: equal to the snapshot of the row ``fill(_:for:at:values:plan:)`` makes.
  ///
  /// Only a row that follows its store's reports is made this way, and no observation
  /// tracks it: its fault is read unobserved, and so makes no registrar.
  func snapshot(of item: Value, at index: Int, id: RowID, plan: ItemRowPlan) -> RowSnapshot {
    let face = face(of: item, at: index, values: nil, plan: plan, observed: false)
    let edits = !face.chooses && plan.deletes
    // The rows of one rendering mostly set the same attributes: they share one copy. They set
    // no colour or alignment, so the row has no style of its own.
    let shared = plan.attributes(
      cellStyle: face.cellStyle, reuseIdentifier: face.chooses ? nil : face.reuseIdentifier,
      isChoice: face.chooses)
    return RowSnapshot(
      RowSnapshot.Contents(
        id: id, kind: .plain, text: face.text, detail: face.detail, value: nil, imageName: nil,
        accessory: face.accessory, editingAccessory: .none,
        editingStyle: edits ? .delete : .none, isEnabled: true,
        isMovable: !face.chooses && plan.movable, isDeletable: edits, height: nil,
        themeStyle: nil, sharedAttributes: shared, validationMessage: face.problem, keyPath: nil,
        style: nil))
  }

  /// What the row of `item` shows, read once for its ``Row`` or its snapshot; `observed`
  /// when observation tracks the reads.
  private func face(
    of item: Value, at index: Int, values: Value?, plan: ItemRowPlan, observed: Bool
  ) -> ItemRowPlan.Face {
    var face = ItemRowPlan.Face()
    let fault: ObjectFault? = if case .object(let ref) = item { ref.fault } else { nil }
    // A fetched row that its object does not hold yet shows its values as fetched.
    if values == nil, !plan.readsDraft, let fault,
      let texts = plan.texts(of: fault, observed: observed)
    {
      face.text = texts.title
      face.detail = texts.detail
    } else {
      let reader =
        values.map(definition.reader(for:)) ?? ownerDraft?.reader(for: item, definition: definition)
        ?? definition.reader(for: item)
      face.text = title(reader, item, values: values)
      face.detail = description(reader)
    }
    // A row whose values its object cannot hold is listed with why; it opens no screen.
    // A store's problem with a fault is the fault's (``DataStore/problem(with:)``).
    if !observed, let fault {
      face.problem = fault.problem(observed: false)
    } else {
      face.problem = plan.store.problem(with: item)
    }
    if choice != nil {
      face.chooses = true
      face.accessory = chosenNow.contains(item) ? .checkmark : .none
    } else {
      face.accessory = plan.detailAccessory
      face.reuseIdentifier = plan.actions.reuseIdentifierForRow?(index, item)
    }
    return face
  }

  /// Makes the rows of the items from `start` on when a host reads them, from the items'
  /// values as they are now: a later page or edit never shows through an older snapshot, as
  /// for a ``ContentSection``'s elements. `nil` when a row cannot be made that way: an item
  /// that is neither a document nor a dictionary (its values cannot be kept without reading
  /// them all), a row a closure makes, or an object in a list inside a form, whose row shows
  /// the form's pending values for it.
  func rowMaker(from start: Int) -> DeferredRowMaker? {
    guard choice == nil, effectiveActions.cellForRow == nil else { return nil }
    let first = Swift.min(Swift.max(start, 0), items.count)
    var kept: [(item: Value, values: Value)] = []
    kept.reserveCapacity(items.count - first)
    for item in items[first...] {
      switch item {
      case .object(let ref):
        // A document's tree is one reference: keeping it costs no read of its values. A row
        // listed as a fault is not a document's, whatever object it would make: asking for
        // its object would make one.
        guard ownerDraft == nil, let document = ref.identity as? DocumentObject else {
          return nil
        }
        // Read once: the store may write the tree meanwhile, and the row and its comparison
        // must see the same values.
        let root = document.root
        guard case .dictionary = root else { return nil }
        kept.append((item, root))
      case .dictionary:
        // An entry that is a value (a document's list inside a form) is its own values: an
        // edit puts another entry in its place.
        kept.append((item, item))
      default:
        return nil
      }
    }
    let plan = ItemRowPlan(self)
    return DeferredRowMaker(
      make: { [weak self] index in
        let offset = index - first
        guard kept.indices.contains(offset), let self else {
          return Row(id: RowID(.null), kind: .plain)
        }
        return self.row(
          for: kept[offset].item, at: index, values: kept[offset].values, plan: plan)
      }, values: kept.map(\.values))
  }

  /// The row after the items at `offset`: a special row, then the appended ones.
  func extraRow(at offset: Int) -> Row {
    let specials = specials
    guard offset >= specials.count else { return specialRow(specials[offset]) }
    return appendedRows[offset - specials.count]
  }

  /// The identities of the appended rows: their own, or their position.
  var appendedRowIDs: [RowID] {
    appendedRows.enumerated().map { offset, row in
      row.id == RowID(.null) ? RowID(scope: scope, .string("\u{2}\(offset)")) : row.id
    }
  }

  func specialRow(_ special: Special) -> Row {
    switch special {
    case .placeholder where isSearching:
      return Self.disabledRow("No results for “\(searchText)”")
    case .placeholder where !permits(.view):
      // Not "no tasks yet": there are, but none the person may see.
      return Self.disabledRow(
        "You may not see \(EnglishNoun.plural(definition.itemNoun)).")
    case .placeholder:
      return Self.disabledRow(placeholderText)
    case .addItem:
      var row = Row(id: RowID(.null), kind: .addItem, text: addItemText)
      row.editingStyle = .insert
      return row
    case .loadMore:
      var row = Row(id: RowID(.null), kind: .loadMore, text: "Load more…")
      // A service's pages come as the list scrolls to its end.
      row.attributes.loadsWhenShown = asyncCache != nil
      return row
    case .noChoice:
      var row = Row(id: RowID(.null), kind: .plain, text: "None")
      row.accessory = chosenNow.isEmpty ? .checkmark : .none
      row.attributes.isChoice = true
      return row
    case .error where asyncCache != nil:
      // Selecting it loads again.
      return Self.buttonRow(loadState.errorMessage, detail: "Try again")
    case .error:
      return Self.disabledRow(loadState.errorMessage)
    case .loading:
      return Self.disabledRow("Loading…")
    case .link:
      return Self.disabledRow(asyncLinkMessage)
    case .notice:
      // Selecting it dismisses it.
      return Self.buttonRow(asyncNotice, detail: "Dismiss")
    }
  }

  /// A placeholder row that shows `text` and cannot be selected.
  private static func disabledRow(_ text: String?) -> Row {
    var row = Row(id: RowID(.null), kind: .placeholder, text: text)
    row.isEnabled = false
    return row
  }

  /// A button row that shows `text`, with what selecting it does as its detail.
  private static func buttonRow(_ text: String?, detail: String) -> Row {
    var row = Row(id: RowID(.null), kind: .button, text: text, detailText: detail)
    row.attributes.cellStyle = .subtitle
    return row
  }
}
