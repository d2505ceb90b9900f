import Observation

/// A section listing the items of a store: a row per item with its definition's title and
/// description, a generated detail screen per item, and add, delete and move.
///
/// ```swift
/// let tasks = ArrayOfObjectsSection(store: MemoryStore(definition: taskDef), definition: taskDef)
/// tasks.placeholderText = "No tasks yet!"
/// ```
public final class ArrayOfObjectsSection: Section, SearchableSection, PagedSection {
  /// A list that chooses among its items is an object selection section.
  package override var themeKind: ThemeSectionKind {
    choice == nil ? .arrayOfObjects : .objectSelection
  }

  /// Where the items live.
  public let store: any DataStore
  /// How items become rows and detail screens.
  public let definition: DataDefinition
  /// How items are fetched: order, filter, batch size.
  public var fetchOptions = FetchOptions() { didSet { setNeedsRefresh() } }
  /// The text of the row shown when there is no item ("No tasks yet!"); none when `nil`.
  public var placeholderText: String? { didSet { setNeedsRefresh() } }
  /// The text of an "add new item" row at the end; none when `nil`.
  public var addItemText: String? { didSet { setNeedsRefresh() } }
  /// Whether a person may add items.
  public var allowsAdding = true
  /// Whether a person may delete items.
  public var allowsDeleting = true { didSet { setNeedsRefresh() } }
  /// Whether a person may reorder items.
  public var allowsMoving = true { didSet { setNeedsRefresh() } }
  /// Whether an item's detail screen may change it; it opens read-only when false (new
  /// items are still filled in when ``allowsAdding``).
  public var allowsEditingDetails = true
  /// The draft that item details commit into (a list inside a detail screen), if any.
  public weak var ownerDraft: Draft?
  /// The properties a search looks in; the title properties when empty.
  public var searchPropertyNames: [String] = []
  /// Whether rows are rendered only when a host first shows them, for long lists of documents
  /// (a web service's objects, a JSON or plist file's dictionaries): a page then costs its
  /// items' identities, not their rows (see ``ContentSection/rendersRowsOnDemand``).
  ///
  /// A row shows its item's values as they were when the list was rendered, kept without
  /// reading them (a document's tree is one reference). Rows whose values cannot be kept that
  /// way are rendered up front: items that are not documents, rows a ``SectionActions/cellForRow``
  /// closure makes, lists of choices, and lists inside a form.
  public var rendersRowsOnDemand = false { didSet { setNeedsRefresh() } }
  /// When set, the list chooses among its items instead of opening them.
  public var choice: ItemChoice? {
    didSet { setNeedsRefresh() }
  }
  /// The chosen items as this render read them (``choice``), so that each row costs a lookup.
  var chosenNow = ItemSet()

  package var items: [Value] = [] {
    didSet {
      itemCounts = nil
      itemsAreDistinct = false
      itemSteps = nil
    }
  }
  /// Whether each item is known to be listed once, with nothing to count: the items are a
  /// fetch from a store that lists each item once (``DataStore/fetchesEachItemOnce``), changed
  /// since only by store changes that listed no item twice.
  var itemsAreDistinct = false
  /// Where store changes inserted and deleted items since the render ``itemStepsBase``, one
  /// step at a time (``takeElementSteps(since:)``); `nil` when that is not known: the items
  /// were fetched or appended, or may list an item twice. Never set while an item may be
  /// listed twice.
  var itemSteps: [SectionEdits.Step]?
  /// The render that ``itemSteps`` start from.
  var itemStepsBase: SectionCache.StepsBase?
  /// How many times each item is listed, built on first use after the items change: a store's
  /// update then finds its rows without scanning the list (every session showing the list
  /// does this for every edit).
  package var itemCounts: ItemCounts?

  /// Whether each item is listed once by construction, with nothing to count: an async
  /// store's pages list an item once however often pages repeat it (``AsyncStoreCache``).
  /// Paging through a long list then keeps no count per item until a change needs one.
  var listsEachItemOnce: Bool { asyncCache != nil }

  /// How many times `item` is listed.
  func count(of item: Value) -> Int {
    if let itemCounts { return itemCounts[item] }
    let counts = ItemCounts(items)
    itemCounts = counts
    return counts[item]
  }
  package var loadedLimit: Int?
  package var hasMore = false
  /// How the last load went: hosts show a spinner, an empty state or the error.
  public package(set) var loadState = LoadState.idle
  var searchText = ""
  var observation: ObservationToken?
  /// Where the section shows a list shared with other models instead of following its store
  /// (``TableModel/listSharing``), kept for the sharing, which alone reads it.
  package var sharingLink: (any ListSharingLink)?
  /// How many times the model looked for a shared list for the section since it last
  /// attached to one.
  package var sharingAttempts = 0
  /// What the store reported, from any thread, until the section takes it.
  let reported = StoreChangeQueue()
  /// Rows the model's ``ModelActions/didFetchItems`` action added after the items.
  package var appendedRows: [Row] = []
  /// Store changes not yet applied to ``items``.
  package var unapplied: [StoreChange] = []
  /// Whether the items must be fetched again: the first load, or the options, search or
  /// window changed.
  package var needsFetch = true
  /// Whether the items were just fetched (a batch appended): the render that follows has
  /// nothing to load.
  var itemsAreCurrent = false

  /// Whether the section lists the items of a list inside a draft (a detail screen's list).
  package var listsADraftsItems: Bool { store is DraftArrayStore }
  /// Whether a search text filters the items.
  package var isSearching: Bool { !searchText.isEmpty }
  /// The pages loaded from an async store, when the section lists one.
  package let asyncCache: AsyncStoreCache?
  /// A refused edit of an async store's item, shown until the next load or a tap.
  package var asyncNotice: String?
  /// Why the async store's live link is down, shown until it is back.
  package var asyncLinkMessage: String?
  /// The async store's status as the section last took it, with what arrived: the special
  /// rows follow it, never the status of the moment, which another task may be changing
  /// (a changeset must describe the rows the section then shows).
  package var asyncStatus: AsyncStoreCache.Status?
  /// The rows whose items the last load of an async store found updated in place: the render
  /// that follows renders them again instead of keeping them.
  var rowsStaleOnLoad: Set<RowID> = []

  /// Creates a section over `store`.
  public init(
    id: String? = nil, header: String? = nil, footer: String? = nil, store: any DataStore,
    definition: DataDefinition
  ) {
    self.store = store
    self.definition = definition
    asyncCache = store as? AsyncStoreCache
    super.init(id: id, header: header, footer: footer)
  }

  /// Creates a section over an async store (a web service): it loads a page at a time
  /// (``FetchOptions/batchSize`` asks for the page size) without ever blocking the screen,
  /// and shows a loading row, an error row with a retry, or the placeholder meanwhile.
  public convenience init(
    id: String? = nil, header: String? = nil, footer: String? = nil,
    store: any AsyncDataStore, definition: DataDefinition
  ) {
    self.init(
      id: id, header: header, footer: footer, store: AsyncStoreCache(source: store),
      definition: definition)
  }

  public override func didMove(to model: TableModel?) {
    observation = nil
    sharingLink = nil
    needsFetch = true
    observeStore()
  }

  override func contentDidChange() {
    needsFetch = true
  }

  /// An item updated in place makes its row stale, and nothing else. Items inserted, deleted
  /// or moved make the section's structure stale: its other rows are kept by identity, and
  /// only new and updated rows are rendered. Any other change (a reload, an update the
  /// section cannot place) makes the whole section stale, to be fetched again when it renders.
  override func absorbStoreChanges() {
    let reportedChanges = reported.take()
    // A section that shows a shared list takes its changes from there: what its store (or
    // its resting cache) reported before it attached is the shared list's business.
    guard sharingLink == nil else { return }
    // Whether the special rows (loading, failure, notice) change with the items.
    var statusChanged = false
    if let asyncCache {
      // The cache's report only says that something arrived: it is taken here, in order,
      // with the status it left.
      let (arrived, status) = asyncCache.take()
      // A page's changes are taken whole when nothing waits before them: copying a change
      // retains its items, which for a web service's objects is slow.
      if unapplied.isEmpty && reportedChanges.allSatisfy({ $0 == .reset }) {
        unapplied = arrived
      } else {
        unapplied += reportedChanges.filter { $0 != .reset } + arrived
      }
      statusChanged = asyncStatus != status
      asyncStatus = status
    } else {
      unapplied += reportedChanges
    }
    guard let model else { return }
    let key = ObjectIdentifier(self)
    if unapplied.isEmpty {
      // A load started, failed or ended without changing the items: the special rows follow.
      if asyncCache != nil { model.invalidation.invalidateStructure(key) }
      return
    }
    // A window of a long list (its first rows) applies changes in place too; a window
    // elsewhere in the list applies only updates.
    let windowed = !appliesStoreChanges
    guard !needsFetch,
      appliesStoreChanges || appliesStoreChangesToWindow
        || (appliesStoreUpdates && Self.updatesOnly(unapplied))
    else {
      model.invalidation.invalidateSection(key)
      return
    }
    var ids: [RowID] = []
    var restructured = false
    for index in unapplied.indices {
      switch unapplied[index] {
      case .updated(let item) where count(of: item) > 0:
        ids += rowIDs(of: item, count: count(of: item))
      case .updated where windowed && hasMore:
        // A row beyond those loaded: nothing shown changes.
        continue
      case .inserted, .deleted, .moved:
        restructured = true
      case .updated, .reset:
        unchangedElementPrefix = nil
        model.invalidation.invalidateSection(key)
        return
      }
    }
    if restructured {
      guard keepsRowsByIdentity else {
        model.invalidation.invalidateSection(key)
        return
      }
      // Items only added after those shown (a page arrived): the rows before them stay. Any
      // other change, even after a "Load more" said so, moves rows within them: the model
      // finds which (``SectionCache/renderTail(from:of:sink:model:)``).
      unchangedElementPrefix = appendsOnly(unapplied) ? items.count : 0
      model.invalidation.invalidateStructure(key)
    } else {
      unapplied = []
      if statusChanged { model.invalidation.invalidateStructure(key) }
    }
    for id in ids { model.invalidation.invalidateRow(id, in: key) }
  }

  override var reusableRowCount: Int { keepsRowsByIdentity ? items.count : 0 }

  override func takeElementSteps(since base: SectionCache.StepsBase?) -> (
    steps: [SectionEdits.Step]?, base: SectionCache.StepsBase?
  ) {
    let steps = base != nil && base === itemStepsBase ? itemSteps : nil
    // The render under way shows the items as they are: later steps start from them, while
    // the items are known to be listed once each (``applyChanges(_:hasMore:)``), in a list
    // that applies its store's changes itself (a sorted or filtered one fetches again).
    itemStepsBase = SectionCache.StepsBase()
    let applies = appliesStoreChanges || appliesStoreChangesToWindow
    itemSteps = isKnownDistinct && applies ? [] : nil
    return (steps, itemStepsBase)
  }

  override func takeRowsStaleOnLoad() -> Set<RowID> {
    defer { rowsStaleOnLoad = [] }
    return rowsStaleOnLoad
  }

  /// Brings the items up to date outside observation: the store's order does not depend on
  /// the items' values, so a value changing later re-renders its row, not the list.
  override func loadContent() {
    if !fetchDependsOnValues { updateItems() }
  }

  /// Fetches while the model tracks reads when the order or the filter depends on the items'
  /// values, so that a value changing later fetches again; and follows the owner draft.
  override func trackContent() {
    // A new choice renders the list again, each row checked or not.
    if let choice { chosenNow = ItemSet(choice.chosen) }
    ownerDraft?.observeChildren()
    if fetchDependsOnValues { updateItems() }
  }

  /// Marks the section's structure stale after its own edit; the store's report says what
  /// changed.
  func itemsChanged() {
    let key = ObjectIdentifier(self)
    if keepsRowsByIdentity {
      model?.invalidation.invalidateStructure(key)
    } else {
      model?.invalidation.invalidateSection(key)
    }
  }

  public override var elementCount: Int { items.count + specials.count + appendedRows.count }

  public override func elementIDs() -> [RowID] { elementIDs(from: 0) }

  override func elementID(at index: Int) -> RowID {
    guard index < items.count, listsEachItemOnce || itemsAreDistinct else {
      return super.elementID(at: index)
    }
    return Self.identity(of: items[index])
  }

  /// The identities from `start` on: the listed items', then the special and appended rows'.
  override func elementIDs(from start: Int) -> [RowID] {
    // Counting by identity is cheaper than counting by row ID, and is kept for later.
    let distinct = listsEachItemOnce || itemsAreDistinct
    if itemCounts == nil && !distinct { _ = count(of: .null) }
    let first = Swift.min(start, items.count)
    // Every item listed once has no occurrence to count.
    var ids =
      distinct || itemCounts?.distinct == items.count
      ? items[first...].map(Self.identity(of:)) : Array(occurrenceIDs()[first...])
    ids += specials.map { RowID(scope: scope, .string("\u{1}" + $0.rawValue)) }
    ids += appendedRowIDs
    // Only a start past the items drops some of the rows after them.
    return start > first ? Array(ids.dropFirst(start - first)) : ids
  }

  public override func makeRow(at index: Int) -> Row {
    guard index < items.count else { return extraRow(at: index - items.count) }
    return row(for: items[index], at: index)
  }

  /// Makes the rows of one rendering, with what they share read once.
  override func rowMaker() -> RowMaker {
    let plan = ItemRowPlan(self)
    // An item's own row, made straight as a snapshot when no closure makes it.
    let makesSnapshots = plan.actions.cellForRow == nil && !plan.readsDraft
    return RowMaker(
      row: { [self] index in
        guard index < items.count else { return extraRow(at: index - items.count) }
        return row(for: items[index], at: index, plan: plan)
      },
      snapshot: makesSnapshots
        ? { [self] index, id in
          guard index < items.count else { return nil }
          return snapshot(of: items[index], at: index, id: id, plan: plan)
        } : nil, attributes: plan.attributes)
  }

  override func deferredRowMaker(from start: Int) -> DeferredRowMaker? {
    rendersRowsOnDemand ? rowMaker(from: start) : nil
  }

  /// Items' rows are rendered on demand; the special and appended rows, which follow the
  /// list's state rather than an item, up front.
  override func rendersOnDemand(elementAt index: Int) -> Bool { index < items.count }

  // MARK: Editing

  public override func element(at index: Int) -> Any { items[index] }

  /// The listed item at `index`, as its definition reads and writes it: made now, when the
  /// list holds it as values only. None for a row whose values no object can hold (the
  /// store's ``DataStore/problem(with:)``), which is refused when opened too.
  public override func object(forRow id: RowID, at index: Int) -> (any KeyValueCoding)? {
    guard index < items.count, elementID(at: index) == id,
      case .object(let reference) = items[index], currentStore.problem(with: items[index]) == nil
    else { return nil }
    return definition.keyValueCoding(for: reference.object)
  }

  public override func removeElement(at index: Int) throws(TableEditError) -> Any {
    guard index < items.count, deletes else {
      throw .sectionNotEditable(section: id, reason: "this row cannot be deleted")
    }
    let item = items[index]
    do { try storeForEditing().delete(item) } catch { throw .store(section: id, error) }
    effectiveActions.didDelete?(item, index)
    itemsChanged()
    return item
  }

  public override func insertElement(_ element: Any, at index: Int) throws(TableEditError) {
    guard let item = element as? Value else {
      throw .refused(section: id, reason: refusalReason(forInserting: element) ?? "wrong type")
    }
    do { try storeForEditing().insert(item, at: Swift.min(index, items.count)) } catch {
      throw .store(section: id, error)
    }
    effectiveActions.didInsert?(item, index)
    itemsChanged()
  }

  public override func moveElement(from source: Int, to destination: Int) throws(TableEditError) {
    guard source < items.count, destination < items.count else {
      throw .sectionNotEditable(section: id, reason: "only items can be moved")
    }
    guard source != destination else { return }
    // The store's order may hold items the list does not show (a search, a page): moved up,
    // the item lands right before the one it was dropped on, moved down right after it, as
    // the person sees it, whatever the store holds between them.
    let item = items[source]
    do {
      let store = storeForEditing()
      if destination < source {
        try store.move(item, before: items[destination])
      } else {
        try store.move(item, after: items[destination])
      }
    } catch { throw .store(section: id, error) }
    effectiveActions.didMove?(
      item, source, destination)
    itemsChanged()
  }

  public override func refusalReason(forInserting element: Any) -> String? {
    guard let item = element as? Value else { return "it lists store items" }
    if case .object(let ref) = item, definition.keyValueCoding(for: ref.object) == nil {
      return "it lists \(definition.name) items, not \(type(of: ref.object))"
    }
    return nil
  }

  // MARK: Selection, adding, search, batches

  public override func select(elementAt index: Int, in screen: Screen) throws(ScreenError) -> Bool {
    if choice != nil, index < items.count { return try choose(items[index], in: screen) }
    // Items and appended rows do what their rows say.
    guard index >= items.count, index - items.count < specials.count else { return false }
    switch specials[index - items.count] {
    case .placeholder, .loading, .link: return true
    case .error:
      // An async store's load runs again.
      loadingSection.asyncCache?.retry()
      loadingStatusChanged()
      return true
    case .notice:
      loadingSection.asyncCache?.dismissNotice()
      loadingStatusChanged()
      return true
    case .noChoice: return try chooseNothing(in: screen)
    case .loadMore:
      do { try loadMore() } catch { throw .store(error) }
      return true
    case .addItem:
      if let detail = try addScreen(in: screen) {
        detail.presentation = detailPresentation
        screen.navigator?.push(detail)
      }
      return true
    }
  }

  public override func detailScreen(forElementAt index: Int, in screen: Screen) throws(ScreenError)
    -> Screen?
  {
    guard index < items.count else { return nil }
    return try DetailScreens.item(items[index], of: self, isNew: false)
  }

  public override var canAddItems: Bool { adds }

  package override var rowsFollowStore: Bool {
    store.reportsEveryChange && ownerDraft == nil && !listsADraftsItems && keepsRowsByIdentity
  }

  package override var contentFollowsStore: Bool {
    // A chooser's checkmarks follow the draft it chooses for, which only observation sees:
    // the section reads the chosen items once per render (``trackContent()``), and observes
    // that read; its rows read only their items.
    rowsFollowStore && choice == nil
  }

  /// The objects of the items whose rows read them under observation: those of a list whose
  /// rows do not follow its store, as far as a screen's rows go.
  package override var readObjects: [ClosedScreenObservations.ReadObject] {
    guard !rowsFollowStore else { return [] }
    return items.prefix(Self.readObjectsLimit).compactMap { item in
      if case .object(let reference) = item { (reference.identity, []) } else { nil }
    }
  }

  /// How many of a list's items ``readObjects`` names at most.
  static let readObjectsLimit = 1_000

  public override func addScreen(in screen: Screen) throws(ScreenError) -> Screen? {
    guard allowsAdding else { throw .notApplicable("adding is not allowed here") }
    if let access = model?.access, !permits(.add) {
      throw .notPermitted(access.refusal(.add, on: definition.name))
    }
    let item: Value
    do { item = try currentStore.create() } catch { throw .store(error) }
    let detail = try DetailScreens.item(item, of: self, isNew: true)
    if choice != nil { chooseAfterCommit(item, of: detail, chooser: screen) }
    return detail
  }
}
