/// A section of a table: a header, a footer, row defaults, and rows.
///
/// The base class holds rows added one at a time. Subclasses make rows from content instead:
/// ``ContentSection`` from an array, and the generated sections from objects and stores. A
/// subclass answers ``elementCount``, ``elementIDs()`` and ``makeRow(at:)``; rows are made on
/// demand and never stored for content sections.
open class Section {
  /// The section's identity across updates. Assigned by the model when not given.
  public internal(set) var id: String
  /// The header title.
  public var headerTitle: String? { didSet { setNeedsRefresh() } }
  /// The footer title.
  public var footerTitle: String? { didSet { setNeedsRefresh() } }
  /// Computes the header each time the section renders, over ``headerTitle``: a header that
  /// follows what the section does not hold (how many items a store has). It runs on the
  /// model's domain, and marks the section stale itself when what it shows changes.
  package var headerText: (() -> String?)? { didSet { setNeedsRefresh() } }
  /// An image shown as the header, in place of the header title (STV's `headerView`).
  public var headerView: ThemeImage? { didSet { setNeedsRefresh() } }
  /// The header's height in points; the host's own when `nil`, negative or too large to show.
  public var headerHeight: Double? { didSet { setNeedsRefresh() } }
  /// An image shown as the footer, in place of the footer title.
  public var footerView: ThemeImage? { didSet { setNeedsRefresh() } }
  /// The footer's height in points; the host's own when `nil`, negative or too large to show.
  public var footerHeight: Double? { didSet { setNeedsRefresh() } }
  /// The title in the table's section index.
  public var indexTitle: String? { didSet { setNeedsRefresh() } }
  /// Settings every row of the section gets unless it sets its own.
  public var rowDefaults = RowDefaults() { didSet { setNeedsRefresh() } }
  /// How the detail and add screens of the section's rows are presented: pushed, or as a
  /// modal sheet.
  public var detailPresentation = Screen.Presentation.push
  /// Whether a tap on the header collapses and expands the section (``ScreenEvent/toggleSection(_:)``).
  public var isCollapsible = false { didSet { setNeedsRefresh() } }
  /// Whether the section shows only its header; it takes effect when ``isCollapsible``.
  public var isCollapsed = false { didSet { setNeedsRefresh() } }
  /// A named theme style for the section; its `oddCellsThemeStyle` and `evenCellsThemeStyle`
  /// style the section's rows when the model has a ``TableModel/theme``.
  public var themeStyle: String? { didSet { setNeedsRefresh() } }
  /// Whether a person may add, delete or move rows in this section.
  public var isEditable = true
  /// Actions for this section's rows; a row's own actions override them, and they override
  /// the model's.
  public var rowActions = RowActions() {
    didSet {
      hasRowActions = !rowActions.isEmpty
      setNeedsRefresh()
    }
  }
  /// Whether ``rowActions`` holds any action, read without copying them.
  package private(set) var hasRowActions = false
  /// Actions for this section's events; they override the model's section actions.
  public var actions = SectionActions()
  /// The actions the section's events run: its own, over its model's.
  var effectiveActions: SectionActions {
    actions.overriding(model?.sectionActions ?? SectionActions())
  }
  /// The model the section belongs to.
  public internal(set) weak var model: TableModel? {
    didSet { if model !== oldValue { didMove(to: model) } }
  }
  /// Whether the model assigned ``id``.
  var hasGeneratedID: Bool

  private var manualRows: [Row] = []
  /// Expand/collapse rows a person or the app toggled, by identity: whether each is expanded.
  package var expansionStates: [RowID: Bool] = [:]

  /// Creates a section. Without an `id`, the model gives it one when it is added.
  public init(id: String? = nil, header: String? = nil, footer: String? = nil) {
    self.id = id ?? ""
    self.hasGeneratedID = id == nil
    self.headerTitle = header
    self.footerTitle = footer
  }

  // MARK: Content, for subclasses to override

  /// The number of elements (rows before hiding invisible ones).
  open var elementCount: Int { manualRows.count }

  /// The identity of every element, in order.
  open func elementIDs() -> [RowID] { manualRows.map(\.id) }

  /// Makes the row for element `index`. Called with a valid index only.
  open func makeRow(at index: Int) -> Row { manualRows[index] }

  /// The element at `index`, handed to another section in a move.
  open func element(at index: Int) -> Any { manualRows[index] }

  /// Removes the element at `index` from the content it represents and returns it.
  ///
  /// The default edits the rows added with ``addRow(_:)``; a subclass whose rows come from
  /// elsewhere overrides it, or its rows are refused with a typed error (never a trap).
  open func removeElement(at index: Int) throws(TableEditError) -> Any {
    try refuseFixedRows()
    try checkManual(index, count: manualRows.count)
    let row = manualRows.remove(at: index)
    setNeedsRefresh()
    return row
  }

  /// Inserts an element (from a move or an add) into the content at `index`.
  open func insertElement(_ element: Any, at index: Int) throws(TableEditError) {
    try refuseFixedRows()
    guard let row = element as? Row else {
      throw .refused(section: id, reason: "it holds rows, not \(type(of: element))")
    }
    try checkManual(index, count: manualRows.count + 1)
    manualRows.insert(row, at: index)
    setNeedsRefresh()
  }

  /// Moves an element inside the section.
  open func moveElement(from source: Int, to destination: Int) throws(TableEditError) {
    try refuseFixedRows()
    try checkManual(source, count: manualRows.count)
    try checkManual(destination, count: manualRows.count)
    let row = manualRows.remove(at: source)
    manualRows.insert(row, at: destination)
    setNeedsRefresh()
  }

  /// Why no row can be added, moved or deleted, when the rows stand for something fixed (an
  /// object's properties, the choices of a selection); `nil` for rows a person may edit.
  var fixedRowsReason: String? { nil }

  /// Refuses any edit of rows that stand for something fixed (``fixedRowsReason``).
  private func refuseFixedRows() throws(TableEditError) {
    if let reason = fixedRowsReason { throw .sectionNotEditable(section: id, reason: reason) }
  }

  /// Refuses an edit of the added rows at `index` when it is not below `count`: a section
  /// whose rows come from elsewhere has none of them.
  private func checkManual(_ index: Int, count: Int) throws(TableEditError) {
    guard index >= 0, index < count else {
      guard elementCount == manualRows.count else {
        throw .sectionNotEditable(section: id, reason: "its rows cannot be added, moved or deleted")
      }
      throw .rowOutOfRange(path: "[\(id), \(index)]", count: manualRows.count)
    }
  }

  /// Whether an element can be inserted here; the reason when not.
  open func refusalReason(forInserting element: Any) -> String? {
    fixedRowsReason ?? (element is Row ? nil : "it holds rows, not \(type(of: element))")
  }

  // MARK: Selection and adding, for subclasses to override

  /// The screen to push when the element at `index` is selected and discloses, if any.
  open func detailScreen(forElementAt index: Int, in screen: Screen) throws(ScreenError) -> Screen?
  {
    nil
  }

  /// The object the row with `id`, element `index`, shows, when the section binds its rows to
  /// one: what the row's actions get as ``RowContext/object``.
  open func object(forRow id: RowID, at index: Int) -> (any KeyValueCoding)? { nil }

  /// Handles a selection itself (a selection list toggles its item); returns whether it did.
  open func select(elementAt index: Int, in screen: Screen) throws(ScreenError) -> Bool { false }

  /// Whether the section can add new items.
  open var canAddItems: Bool { false }

  /// Whether the rows show only items whose every change their store reports
  /// (``DataStore/reportsEveryChange``): rows then follow those reports, and are rendered
  /// without observing the objects they read.
  package var rowsFollowStore: Bool { false }

  /// Whether the section's structure (its items, header and footer) follows its store's
  /// reports too, and is rendered without observation. A section whose rows follow the store
  /// may still read something else when it renders (a chooser's chosen items), and then
  /// observes that.
  package var contentFollowsStore: Bool { rowsFollowStore }

  /// The objects the section's tracked reads may have read, beyond its rows' bound objects,
  /// with the key paths known read (``ClosedScreenObservations``).
  package var readObjects: [ClosedScreenObservations.ReadObject] { [] }

  /// The kind of section a theme's section styles name (`basicSection`, `objectSection`, …):
  /// a plain section of rows is basic.
  package var themeKind: ThemeSectionKind { .basic }

  /// The screen where a new item is filled in, pushed by Add.
  open func addScreen(in screen: Screen) throws(ScreenError) -> Screen? { nil }

  /// Called when the section is added to a model or removed from one.
  open func didMove(to model: TableModel?) {}

  /// Reacts to edit mode changing (a list shows its add-item row, say).
  open func editingChanged(_ editing: Bool) {}

  // MARK: Manual rows

  /// Appends a row.
  public func addRow(_ row: Row) {
    manualRows.append(row)
    setNeedsRefresh()
  }

  /// Appends a row with text, an optional detail and an optional binding.
  @discardableResult
  public func addRow(
    _ text: String, detail: String? = nil, kind: RowKind = .plain, binding: RowBinding? = nil,
    id: String? = nil
  ) -> Row {
    let row = Row(
      id: RowID(scope: scope, .string(id ?? binding?.keyPath ?? text)), kind: kind, text: text,
      detailText: detail, binding: binding)
    addRow(row)
    return row
  }

  /// Replaces every manual row.
  public func setRows(_ rows: [Row]) {
    manualRows = rows
    setNeedsRefresh()
  }

  /// Changes the manual row with `id` in place.
  public func updateRow(_ id: RowID, _ change: (inout Row) -> Void) {
    guard let index = manualRows.firstIndex(where: { $0.id == id }) else { return }
    change(&manualRows[index])
    setNeedsRefresh()
  }

  /// A scope that keeps this section's manual row identities apart from other sections':
  /// made once, since every row identity of the section names it. A section that starts on
  /// a shared list, rendering nothing of its own, takes the shared section's, whose rows it
  /// shows (``TableModel/listSharing``).
  package lazy var scope: String =
    "section " + String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16)

  /// Tells the model that the section's content or settings changed.
  public func setNeedsRefresh() {
    contentDidChange()
    model?.invalidation.invalidateSection(ObjectIdentifier(self))
  }

  /// Called by ``setNeedsRefresh()``: what the section shows must be loaded again.
  func contentDidChange() {}

  /// Turns the changes the section's store reported into stale rows or a stale section, on
  /// the model's domain, when the model processes changes.
  func absorbStoreChanges() {}

  /// How many leading elements have rows that show only what their element holds, whatever
  /// their position: after the elements change (a store inserted an item, say), such rows are
  /// kept by identity instead of being rendered again. 0 (the default) renders every row.
  var reusableRowCount: Int { 0 }

  /// Makes rows for one rendering of the whole section: what every row shares is read once
  /// here rather than per row. The default makes each with ``makeRow(at:)``.
  func rowMaker() -> RowMaker { RowMaker(row: makeRow(at:)) }

  /// For sections that render rows on demand: makes the row of element `index` (from `start`
  /// on) as the content is now, even after the content changes. `nil` (the default) renders
  /// every row up front.
  func deferredRowMaker(from start: Int) -> DeferredRowMaker? { nil }

  /// Whether element `index` is rendered on demand when the section renders rows on demand;
  /// the others (a list's loading or error row, say) are rendered up front.
  func rendersOnDemand(elementAt index: Int) -> Bool { true }

  /// How many leading elements are the very ones the last render showed, unchanged, when the
  /// section knows (it appended a page after them): the model then renders only the rest.
  /// The model takes it at the next render.
  var unchangedElementPrefix: Int?

  /// The identities of the elements from `start` on.
  func elementIDs(from start: Int) -> [RowID] { Array(elementIDs().dropFirst(start)) }

  /// The identity of the element at `index`.
  func elementID(at index: Int) -> RowID { elementIDs(from: index)[0] }

  /// Where ``loadContent()`` inserted and deleted elements since the render `base`, one step
  /// at a time, when the section knows: the model then renders the rows at those positions
  /// and compares no others. `nil` when the section does not know, or counted from another
  /// render (one for a check, say), and the model compares identities. Starts counting again
  /// from the render under way, which the returned base names.
  func takeElementSteps(since base: SectionCache.StepsBase?) -> (
    steps: [SectionEdits.Step]?, base: SectionCache.StepsBase?
  ) { (nil, nil) }

  /// Brings the section's content up to date (a list fetches its items), when the model
  /// renders the section, before it tracks what the section reads. Reading ``elementIDs()`` or
  /// ``elementCount`` never does this work.
  func loadContent() {}

  /// The rows the last ``loadContent()`` found changed in place, for the render that follows it
  /// to render again; forgets them.
  func takeRowsStaleOnLoad() -> Set<RowID> { [] }

  /// Reads what the section's structure depends on, while the model tracks it: a change of
  /// anything read here makes the whole section stale.
  func trackContent() {}

  /// The snapshot of the section's own content (not its rows).
  func sectionSnapshot() -> SectionSnapshot {
    // The theme's header and footer, then the section's own, which win.
    var style =
      model?.theme?.sectionAppearance(
        tableThemeStyle: model?.themeStyle, kind: themeKind, themeStyle: themeStyle) ?? .empty
    style = style.overlaid(
      with: ResolvedStyle.sectionOwn(
        headerView: headerView, headerHeight: headerHeight, footerView: footerView,
        footerHeight: footerHeight) ?? .empty)
    var snapshot = SectionSnapshot(
      id: id, header: headerText?() ?? headerTitle ?? style.headerTitle,
      footer: footerTitle ?? style.footerTitle,
      indexTitle: indexTitle)
    snapshot.style = style.isEmpty ? nil : style
    snapshot.isCollapsible = isCollapsible
    snapshot.isCollapsed = isCollapsible && isCollapsed
    return snapshot
  }
}

/// Not `Sendable`: a section stays on its screen's domain (see <doc:Concurrency>).
@available(*, unavailable)
extension Section: Sendable {}
