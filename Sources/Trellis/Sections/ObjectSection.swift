/// A section generated from one group of an object's definition: a row per property, each
/// bound through a ``Draft`` so that invalid input never reaches the object.
public final class ObjectSection: Section {
  package override var themeKind: ThemeSectionKind { .object }

  /// The draft the rows read and write.
  public let draft: Draft
  /// The group this section shows.
  public let group: PropertyGroup
  /// The group's properties that have rows.
  private let groupNames: [String]
  /// Whether the section is the form's last, which shows the keys added through the draft
  /// and, where keys can be added, ends with the Add Key row.
  private let isLast: Bool
  /// Properties shown disabled although the section is editable: an owner only the core sets
  /// for a person who may change their own items only.
  var readOnlyKeys: Set<String> = []
  /// Observations of the stores whose objects the related-items rows count.
  private var relatedObservations: [ObservationToken] = []
  /// Set from any thread when one of those stores reported a change.
  private let relatedChanged = StaleFlag()

  /// Creates the section for `group` of the draft's definition.
  public init(draft: Draft, group: PropertyGroup, id: String? = nil) {
    self.draft = draft
    self.group = group
    let isLast = draft.definition.groups.last?.keys == group.keys
    // Keys the draft added already come after the group's.
    let added = Set(isLast ? draft.addedKeys : [])
    self.groupNames = group.keys.filter {
      draft.definition[$0]?.isHidden != true && !added.contains($0)
    }
    self.isLast = isLast
    super.init(id: id, header: group.header, footer: group.footer)
  }

  /// The definition behind the rows.
  public var definition: DataDefinition { draft.definition }

  /// The properties that have rows: the group's, then, in the last section, the keys added
  /// through the draft.
  private var names: [String] { isLast ? shownGroupNames + draft.addedKeys : shownGroupNames }

  /// The group's properties whose keys the draft has not deleted.
  private var shownGroupNames: [String] {
    let hidden = draft.removedKeys.hidden
    return hidden.isEmpty ? groupNames : groupNames.filter { !hidden.contains($0) }
  }

  /// The name of row `index` among ``names``, without joining the two lists.
  private func name(at index: Int) -> String? {
    let shown = shownGroupNames
    if index < shown.count { return shown[index] }
    guard isLast else { return nil }
    let added = draft.addedKeys
    return added.indices.contains(index - shown.count) ? added[index - shown.count] : nil
  }

  /// Whether the section ends with the Add Key row.
  var addsKeys: Bool { isLast && isEditable && !draft.definition.addableKeyKinds.isEmpty }

  public override var elementCount: Int {
    shownGroupNames.count + (isLast ? draft.addedKeys.count : 0) + (addsKeys ? 1 : 0)
  }

  public override func elementIDs() -> [RowID] {
    // A key added or dropped renders the section again.
    draft.observeKeys()
    let ids = names.map { RowID(scope: scope, .string($0)) }
    return addsKeys ? ids + [Self.addKeyRowID(scope)] : ids
  }

  public override func makeRow(at index: Int) -> Row {
    guard let name = name(at: index) else { return addKeyRow() }
    var row = RowFactory.row(
      forProperty: name, draft: draft, id: RowID(scope: scope, .string(name)))
    if row.action == .pushDetail { row.accessory = rowDefaults.detailAccessory }
    // A read-only section (an item the person may not change) shows its values disabled.
    if (!isEditable || readOnlyKeys.contains(name)) && row.binding != nil {
      row.isEnabled = false
    }
    if removesKey(name) {
      row.isDeletable = true
      row.editingStyle = .delete
    }
    return row
  }

  /// A row that counts the objects of another store (``RelatedItems``) follows that store:
  /// a change there renders the row again.
  public override func didMove(to model: TableModel?) {
    relatedObservations = []
    guard let model else { return }
    let related = names.compactMap { draft.definition[$0]?.attributes.relatedItems }
    guard !related.isEmpty else { return }
    let sink = model.invalidation
    let key = ObjectIdentifier(self)
    let changed = relatedChanged
    relatedObservations = related.compactMap { items in
      items.store?.observe { _ in
        changed.set()
        sink.noteStoreChange(in: key)
      }
    }
  }

  package override var readObjects: [ClosedScreenObservations.ReadObject] {
    [(draft.object, [])]
  }

  override func absorbStoreChanges() {
    guard relatedChanged.take() else { return }
    for name in names where draft.definition[name]?.attributes.relatedItems != nil {
      model?.invalidation.invalidateRow(
        RowID(scope: scope, .string(name)), in: ObjectIdentifier(self))
    }
  }

  /// The row generated for a property, by name (`~name` for custom properties).
  public func row(forProperty name: String) -> Row? {
    guard let index = names.firstIndex(of: name) else { return nil }
    return makeRow(at: index)
  }

  /// The index of the row for a property among the section's elements.
  public func index(ofProperty name: String) -> Int? { names.firstIndex(of: name) }

  /// The edited object: every row of the section shows one of its properties.
  public override func object(forRow id: RowID, at index: Int) -> (any KeyValueCoding)? {
    draft.object
  }

  public override func detailScreen(forElementAt index: Int, in screen: Screen)
    throws(ScreenError) -> Screen?
  {
    guard let name = name(at: index) else { return nil }
    return try DetailScreens.property(name, of: self)
  }

  override var fixedRowsReason: String? { "its rows are the object's properties" }

  /// Deletes the key a row shows, in a form over a dictionary that takes new keys; the rows
  /// of any other form stand for the object's properties, and stay.
  public override func removeElement(at index: Int) throws(TableEditError) -> Any {
    guard let name = name(at: index), removesKey(name) else {
      throw .sectionNotEditable(section: id, reason: "its rows are the object's properties")
    }
    try draft.removeKey(name)
    return name
  }

  /// The Add Key row opens the New Key screen.
  public override func select(elementAt index: Int, in screen: Screen) throws(ScreenError) -> Bool {
    guard addsKeys, name(at: index) == nil else { return false }
    if let detail = try addScreen(in: screen) { screen.navigator?.push(detail) }
    return true
  }

  public override var canAddItems: Bool { addsKeys }

  /// The New Key screen, where Done adds the key it names to the form's object.
  public override func addScreen(in screen: Screen) throws(ScreenError) -> Screen? {
    guard addsKeys else { throw .notApplicable("no key can be added here") }
    return DetailScreens.newKey(in: draft)
  }
}

extension TableModel {
  /// Adds one section per group of `definition` for `object`, bound through a live draft:
  /// valid edits reach the object at once, invalid ones stay with their message.
  ///
  /// - Throws: The definition's problems (a property type that does not fit its value, say).
  @discardableResult
  public func generateSections(
    for object: AnyObject, definition: DataDefinition, mode: Draft.Mode = .live
  ) throws(DiagnosticList) -> Draft {
    try definition.validate()
    guard let draft = Draft(for: object, definition: definition, mode: mode) else {
      throw DiagnosticList([
        Diagnostic(
          "\(type(of: object)) cannot be read through the definition of \(definition.name)")
      ])
    }
    for group in definition.groups {
      addSection(ObjectSection(draft: draft, group: group))
    }
    return draft
  }

  /// The object sections of the model.
  public var objectSections: [ObjectSection] { sections.compactMap { $0 as? ObjectSection } }

  /// The row for a property in any object section (STV's `cellForPropertyName:`).
  public func row(forProperty name: String) -> Row? {
    for section in objectSections {
      if let row = section.row(forProperty: name) { return row }
    }
    return nil
  }

  /// The index path of the row for a property, as hosts show it.
  public func indexPath(forProperty name: String) -> ItemPath? {
    _ = snapshot
    for (s, section) in sections.enumerated() {
      guard let objectSection = section as? ObjectSection,
        let index = objectSection.index(ofProperty: name),
        let cache = caches[ObjectIdentifier(section)]
      else { continue }
      let row = cache.visibleElementIndex?.firstIndex(of: index) ?? index
      if row < cache.visible.count { return ItemPath(item: row, section: s) }
    }
    return nil
  }
}
