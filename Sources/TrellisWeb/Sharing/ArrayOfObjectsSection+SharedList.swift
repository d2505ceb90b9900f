import Trellis

/// Showing a ``SharedList``: when a list attaches to the shared list of the lists shown like
/// it, and when it detaches.
extension ArrayOfObjectsSection {
  /// The shared list the section shows instead of following its store, while it shows what
  /// the shared section shows.
  var sharedListLink: SharedListLink? {
    get { sharingLink as? SharedListLink }
    set { sharingLink = newValue }
  }

  /// A section's place in the shared list it shows.
  final class SharedListLink: ListSharingLink {
    let list: SharedList
    /// The shared list's version the section shows.
    var version: Int
    /// Whether the shared list told the section of changes since it last caught up.
    let notice: SharedList.Notice

    init(list: SharedList, version: Int, notice: SharedList.Notice) {
      self.list = list
      self.version = version
      self.notice = notice
    }

    var sharedSection: ArrayOfObjectsSection { list.section }

    func leave(_ section: ArrayOfObjectsSection) { section.stopSharing(keepingItems: true) }
  }

  /// Whether the section shows its store's items in the store's order, with nothing of its
  /// own or its model's: then it shows exactly what any section made like it shows, and may
  /// show a shared list.
  ///
  /// A list of an async store attaches with nothing under way, and takes the shared list's
  /// status (where the next page starts, what is loading) with its rows.
  var canShareList: Bool {
    showsStoreAlone && appliesStoreChanges && !needsFetch && unapplied.isEmpty
      && specialsCanBeShared && !(asyncCache?.isBusy ?? false)
  }

  /// Whether the section, not rendered yet, would show its store's items in the store's
  /// order with nothing of its own: then it may start on a shared list instead of rendering.
  /// Its special rows (a placeholder) are the shared section's once it starts. An async
  /// store's pages are the shared list's: a section that loads more loads them for all.
  var canStartShared: Bool {
    showsStoreAlone && fetchOptions.filter == nil && accessFilter == nil
      && fetchOptions.sort.isEmpty
      && (fetchOptions.batchSize == nil || asyncCache != nil) && fetchOptions.offset == 0
      && !isSearching && !listsADraftsItems
  }

  /// Whether the special rows the section shows are the same in every section made like it
  /// that shows the same list: an async store's are (its status and the section's texts,
  /// which the signature holds, say what they are); a synchronous store's show only if
  /// there are none.
  var specialsCanBeShared: Bool {
    asyncCache != nil || specials.isEmpty
  }

  private var showsStoreAlone: Bool {
    guard let model, model.listSharing != nil, showsNothingOfItsOwn, ownerDraft == nil,
      choice == nil, keepsRowsByIdentity, !isCollapsible,
      expansionStates.isEmpty, appendedRows.isEmpty, model.modelActions.didFetchItems == nil
    else { return false }
    return true
  }

  /// Whether the section may go on showing its shared list: nothing of its own or its
  /// model's shows, and the shared section shows only items.
  var canKeepSharing: Bool {
    guard let shared = sharedListLink?.list.section else { return false }
    return showsNothingOfItsOwn && shared.specialsCanBeShared && shared.appendedRows.isEmpty
  }

  /// Whether the rows show nothing but the items, read alike by every section made like this
  /// one: no row actions, theme, selection or search of the section's or its model's.
  private var showsNothingOfItsOwn: Bool {
    guard let model else { return false }
    return !hasRowActions && !model.hasRowActions && model.theme == nil
      && model.selectedRowIDs.isEmpty && !isSearching
  }

  /// What makes the rows and the section's snapshot: two sections over one store with the
  /// same signature show the same table.
  var sharingSignature: String {
    [
      id, headerTitle ?? "\u{0}", footerTitle ?? "\u{0}", indexTitle ?? "\u{0}",
      placeholderText ?? "\u{0}", addItemText ?? "\u{0}", allowsAdding ? "a" : "-", permissionMarks,
      themeStyle ?? "\u{0}", "\(rowDefaults)", sharedReads,
      "\(headerView.map(\.description) ?? "\u{0}")", "\(headerHeight ?? -1)",
      "\(footerView.map(\.description) ?? "\u{0}")", "\(footerHeight ?? -1)",
      "\(fetchOptions.batchSize ?? -1)", rendersRowsOnDemand ? "d" : "-",
    ].joined(separator: "\u{1}")
  }

  /// The permissions the section offers, as letters; empty without access control.
  private var permissionMarks: String {
    guard model?.access != nil else { return "" }
    return (adds ? "a" : "-") + (deletes ? "d" : "-") + (moves ? "m" : "-")
  }

  /// What an item's row shows besides the item: how it reads the item and what the section
  /// allows.
  private var sharedReads: String {
    let movable = moves && store.supportsMoving && fetchOptions.sort.isEmpty
    return [
      definition.name, definition.titlePropertyNames.joined(separator: ","),
      definition.descriptionPropertyNames.joined(separator: ","), definition.titleSeparator,
      deletes ? "d" : "-", movable ? "m" : "-", "\(rowDefaults.detailAccessory)",
    ].joined(separator: "\u{1}")
  }

  /// A section made like this one, for a shared list's own model.
  func makeCopy() -> ArrayOfObjectsSection {
    // An async store's pages are the copy's own, loaded once for all the sections attached.
    let section = ArrayOfObjectsSection(
      id: id, header: headerTitle, footer: footerTitle,
      store: asyncCache.map { AsyncStoreCache(source: $0.source) } ?? store,
      definition: definition)
    section.fetchOptions = fetchOptions
    section.rendersRowsOnDemand = rendersRowsOnDemand
    section.placeholderText = placeholderText
    section.addItemText = addItemText
    // The copy's own model has no access control: it takes what this one's person may do.
    section.allowsAdding = adds
    section.allowsDeleting = deletes
    section.allowsMoving = moves
    section.allowsEditingDetails = allowsEditingDetails
    section.searchPropertyNames = searchPropertyNames
    section.indexTitle = indexTitle
    section.rowDefaults = rowDefaults
    section.detailPresentation = detailPresentation
    section.themeStyle = themeStyle
    section.headerView = headerView
    section.headerHeight = headerHeight
    section.footerView = footerView
    section.footerHeight = footerHeight
    section.isEditable = isEditable
    section.actions = actions
    return section
  }

  /// Attaches to `shared`, at its version, when the section shows what the shared section
  /// shows: the same rows, the same snapshot. Returns whether it did.
  func share(_ shared: SharedList, showing cache: SectionCache?) -> Bool {
    guard let model, let cache, let theirs = shared.cache,
      theirs.snapshot == cache.snapshot, theirs.elementIDs == cache.elementIDs,
      theirs.visible == cache.visible, shared.section.items == items
    else { return false }
    attach(to: shared, of: model)
    // An async store's status shows in the special rows: the shared one's from now on.
    if asyncCache != nil { adoptSharedState() }
    return true
  }

  /// Attaches to `shared` without rendering: the section takes the shared section's items,
  /// as of its version, when it has loaded them. Returns whether it did.
  func startSharing(_ shared: SharedList) -> Bool {
    // An async store's list may still be loading: the section shows that, then its pages.
    guard let model, shared.cache != nil,
      shared.section.loadState == .loaded || shared.section.asyncCache != nil,
      shared.section.specialsCanBeShared, shared.section.appendedRows.isEmpty
    else { return false }
    // Its special rows are the shared section's, and so are their identities.
    scope = shared.section.scope
    attach(to: shared, of: model)
    adoptSharedState()
    return true
  }

  /// Shows `shared`, as of its version, instead of following the store.
  private func attach(to shared: SharedList, of model: TableModel) {
    let notice = shared.attach(sink: model.invalidation, section: ObjectIdentifier(self))
    sharedListLink = SharedListLink(list: shared, version: shared.version, notice: notice)
    stopObservingStore()
  }

  /// Takes the shared section's items and load state as the section's own, as of the shared
  /// list's version.
  func adoptSharedState() {
    guard let shared = sharedListLink?.list.section else { return }
    items = shared.items
    itemCounts = shared.itemCounts
    loadState = shared.loadState
    hasMore = shared.hasMore
    loadedLimit = shared.loadedLimit
    needsFetch = false
    unapplied = []
    // The special rows follow the status: the shared section's, from now on.
    asyncStatus = shared.asyncStatus
    asyncNotice = shared.asyncNotice
    asyncLinkMessage = shared.asyncLinkMessage
  }

  /// Detaches from the shared list: the section follows its store again and fetches its
  /// items anew, its model rendering it whole. An async store's cache starts from the shared
  /// list's pages; with `keepingItems`, from the items the section shows, which an edit is
  /// about to change even while the shared list has pages still to take.
  func stopSharing(keepingItems: Bool = false) {
    guard let link = sharedListLink else { return }
    sharedListLink = nil
    if let model {
      link.list.detach(sink: model.invalidation, section: ObjectIdentifier(self))
      asyncCache?.wake(from: link.list.section.asyncCache, showing: keepingItems ? items : nil)
      observeStore()
    }
    needsFetch = true
  }
}
