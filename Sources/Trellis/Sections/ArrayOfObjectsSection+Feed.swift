/// Following a ``ListFeed``: when and how a list joins the feed of the lists shown like it,
/// and how it leaves.
extension ArrayOfObjectsSection {
  /// A section's place in the feed it follows.
  final class FeedLink {
    let feed: ListFeed
    /// The feed's version the section shows.
    var version: Int
    /// Whether the feed told the section of news since it last caught up.
    let notice: ListFeed.Notice

    init(feed: ListFeed, version: Int, notice: ListFeed.Notice) {
      self.feed = feed
      self.version = version
      self.notice = notice
    }
  }

  /// Whether the section shows its store's items in the store's order, with nothing of its
  /// own or its model's: then it shows exactly what any section made like it shows, and may
  /// follow a feed.
  var canFollowFeed: Bool {
    showsStoreAlone && appliesStoreChanges && !needsFetch && unapplied.isEmpty
      && specials.isEmpty
  }

  /// Whether the section, not rendered yet, would show its store's items in the store's
  /// order with nothing of its own: then it may start on a feed instead of rendering. Its
  /// special rows (a placeholder) are the twin's once it starts.
  var canStartOnFeed: Bool {
    showsStoreAlone && fetchOptions.filter == nil && fetchOptions.sort.isEmpty
      && fetchOptions.batchSize == nil && fetchOptions.offset == 0 && !isSearching
      && !(store is DraftArrayStore)
  }

  private var showsStoreAlone: Bool {
    guard let model, model.listFeeds != nil, showsNothingOfItsOwn, asyncCache == nil,
      ownerDraft == nil, choice == nil, keepsRowsByIdentity, !isCollapsible,
      expansionStates.isEmpty, appendedRows.isEmpty, model.modelActions.didFetchItems == nil
    else { return false }
    return true
  }

  /// Whether the section may go on following its feed: nothing of its own or its model's
  /// shows, and the twin shows only items.
  var canStayOnFeed: Bool {
    guard let twin = feedLink?.feed.twin else { return false }
    return showsNothingOfItsOwn && twin.specials.isEmpty && twin.appendedRows.isEmpty
  }

  /// Whether the rows show nothing but the items, read alike by every section made like this
  /// one: no row actions, theme, selection or search of the section's or its model's.
  private var showsNothingOfItsOwn: Bool {
    guard let model else { return false }
    return rowActions.isEmpty && model.rowActions.isEmpty && model.theme == nil
      && model.selectedRowIDs.isEmpty && !isSearching
  }

  /// What makes the rows and the section's snapshot: two sections over one store with the
  /// same signature show the same table.
  var feedSignature: String {
    [
      id, headerTitle ?? "\u{0}", footerTitle ?? "\u{0}", indexTitle ?? "\u{0}",
      placeholderText ?? "\u{0}", addItemText ?? "\u{0}", allowsAdding ? "a" : "-",
      themeStyle ?? "\u{0}", "\(rowDefaults)", sharedReads,
    ].joined(separator: "\u{1}")
  }

  /// A section made like this one, for a feed's own model.
  func makeTwin() -> ArrayOfObjectsSection {
    let twin = ArrayOfObjectsSection(
      id: id, header: headerTitle, footer: footerTitle, store: store, definition: definition)
    twin.fetchOptions = fetchOptions
    twin.placeholderText = placeholderText
    twin.addItemText = addItemText
    twin.allowsAdding = allowsAdding
    twin.allowsDeleting = allowsDeleting
    twin.allowsMoving = allowsMoving
    twin.searchPropertyNames = searchPropertyNames
    twin.indexTitle = indexTitle
    twin.rowDefaults = rowDefaults
    twin.detailPresentation = detailPresentation
    twin.themeStyle = themeStyle
    twin.isEditable = isEditable
    twin.actions = actions
    return twin
  }

  /// Starts following `feed`, at its version, when the section shows what its twin shows:
  /// the same rows, the same snapshot. Returns whether it did.
  func follow(_ feed: ListFeed, showing cache: SectionCache?) -> Bool {
    guard let model, let cache, let theirs = feed.cache,
      theirs.snapshot == cache.snapshot, theirs.elementIDs == cache.elementIDs,
      theirs.visible == cache.visible, feed.twin.items == items
    else { return false }
    let notice = feed.addFollower(sink: model.invalidation, section: ObjectIdentifier(self))
    feedLink = FeedLink(feed: feed, version: feed.version, notice: notice)
    stopObservingStore()
    return true
  }

  /// Starts on `feed` without rendering: the section takes its twin's items, as of its
  /// version, when the twin has loaded them. Returns whether it did.
  func start(on feed: ListFeed) -> Bool {
    guard let model, feed.cache != nil, feed.twin.loadState == .loaded,
      feed.twin.specials.isEmpty, feed.twin.appendedRows.isEmpty
    else { return false }
    let notice = feed.addFollower(sink: model.invalidation, section: ObjectIdentifier(self))
    feedLink = FeedLink(feed: feed, version: feed.version, notice: notice)
    stopObservingStore()
    adoptTwinState()
    return true
  }

  /// Takes the twin's items and load state as the section's own, as of the feed's version.
  func adoptTwinState() {
    guard let twin = feedLink?.feed.twin else { return }
    items = twin.items
    itemCounts = twin.itemCounts
    loadState = twin.loadState
    hasMore = twin.hasMore
    loadedLimit = twin.loadedLimit
    needsFetch = false
    unapplied = []
  }

  /// Stops following the feed: the section follows its store again and fetches its items
  /// anew, its model rendering it whole.
  func leaveFeed() {
    guard let link = feedLink else { return }
    feedLink = nil
    if let model {
      link.feed.removeFollower(sink: model.invalidation, section: ObjectIdentifier(self))
      observeStore()
    }
    needsFetch = true
  }
}
