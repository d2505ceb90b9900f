/// The pages a list has loaded from an ``AsyncDataStore``, served to the list at once while the
/// next ones load in the background.
///
/// A section over an async store reads this cache as its ``DataStore``. The cache keeps one
/// query (order, filter, page size): a fetch with another query starts over, and the load under
/// way for the old one is cancelled and its result dropped. Loads run as tasks; what they bring
/// waits in the cache until the section takes it on its own domain (``take()``), so that
/// every change to the list happens on that domain, in order, as precise insertions.
///
/// Deletes and moves are optimistic: the list changes at once, the store is asked in the
/// background, and a refusal puts the item back with a notice saying why. Inserts and updates
/// from a detail screen are awaited instead (``prepareInsertAwaiting(_:)``,
/// ``prepareUpdateAwaiting(_:values:)``): the screen keeps its draft until the store accepts
/// it.
package final class AsyncStoreCache: DataStore, Sendable {
  /// What a load is for.
  package enum Load: Hashable, Sendable {
    case firstPage
    case nextPage(PageToken)
    case refresh
  }

  /// What arrived from the background, to be applied on the section's domain.
  enum Arrival: Sendable {
    /// A page of the query with this generation, for this load.
    case page(StorePage, load: Load, generation: Int)
    /// A load failed.
    case failed(StoreError, load: Load, generation: Int)
    /// A change the store reported: made elsewhere, or through the store by another list.
    case change(StoreChange)
    /// The store accepted this list's insert of the item, which goes at the end of the list
    /// unless the store's own report placed it first.
    case appended(Value)
    /// A delete the store refused: the item goes back after the one it followed.
    case restore(Value, after: Value?, message: String)
    /// A move the store refused: the item goes back after the one it followed.
    case unmove(Value, after: Value?, message: String)
  }

  struct State {
    var query: String?
    var options = FetchOptions()
    var items: [Value] = []
    var listed: ItemSet = []
    var next: PageToken?
    var followed: Set<PageToken> = []
    var isExhausted = false
    var loading: Load?
    var failure: (error: StoreError, load: Load)?
    var generation = 0
    var task: Task<Void, Never>?
    var arrivals: [Arrival] = []
    var notice: String?
    var totalCount: Int?
    var sourceObservation: ObservationToken?
    var linkObservation: ObservationToken?
    /// Whether the store hears about changes made elsewhere.
    var link = StoreLink.live
    /// Writes sent in the background and not answered yet.
    var writesUnderWay = 0
    /// What puts back the values of each background update under way, by its write's number, and
    /// of the refused ones with their items, to run on the domain (``take()``).
    var undos: [Int: ValuesUndo] = [:]
    var refusedUndos: [(item: Value, undo: ValuesUndo)] = []
    var writeCount = 0
    /// What runs on the domain after each background write under way, by its number, and
    /// after the ones the store accepted (``take()``).
    var pendingFollowUps: [Int: PreparedStoreWrite.FollowUp] = [:]
    var followUps: [PreparedStoreWrite.FollowUp] = []
    /// A next page was asked for while a refresh ran: it is loaded once the refresh's page
    /// has arrived (which may already bring it).
    var nextAfterRefresh = false
    /// The inserts, updates and deletes that arrived while the first page or a refresh was
    /// being read: the page may have been read before them, so they are applied to it again.
    var changesDuringLoad: [Arrival] = []
    /// Whether a move arrived meanwhile: the page may or may not show it, and a move applied
    /// twice puts the item elsewhere, so the list reads again.
    var refreshAfterLoad = false
    /// The item a next page read by offset must start with: inserts and deletes since the
    /// last page shift the rows an offset names, and a page that does not start where the
    /// list ends is not read on from (the list reads again instead).
    var anchor: Value?
    /// Items this list added that the store puts beyond the pages loaded: shown at the end
    /// until the page that holds them arrives, and not counted in the next page's offset.
    var unplaced: Set<Value> = []
    /// The item whose write this list is starting on the store now (``preparing(_:_:)``).
    var preparing: Value?
    /// Reads in a row made to place an item after one the list lacked.
    var placementRefreshes = 0
    /// The items reported deleted lately, newest last: this list's own insert of one may
    /// report back after another server deleted it, and must not list it again.
    var deleted: [Value] = []
    /// Loads that failed in a row with an error that may pass (``StoreError/failed(_:)``),
    /// which sets how long the list waits before it reads again.
    var failedLoadsInARow = 0
  }

  /// How many deleted items a list remembers: enough for the inserts it has under way.
  static let deletedItemsKept = 64

  /// The store the pages come from.
  package let source: any AsyncDataStore
  // Sound: the state's undos (``ValuesUndo``) and follow-ups are made on the list's domain and
  // taken and run on it by ``take()``; tasks and other threads only add and remove them.
  let state = UncheckedLocked(State())
  let observers = ObserverList<StoreChange>()

  /// A cache over `source`, following its changes.
  package init(source: any AsyncDataStore) {
    self.source = source
    observeSource()
  }

  /// Starts hearing the store's changes and link.
  func observeSource() {
    let token = source.observe { [weak self] change in self?.sourceChanged(change) }
    let link = source.observeLink { [weak self] link in self?.linkChanged(link) }
    state.withLock { state in
      state.sourceObservation = token
      state.linkObservation = link
    }
  }

  deinit {
    state.withLock { $0.task?.cancel() }
  }

  package var itemsDefinition: DataDefinition? { source.itemsDefinition }
  package var supportsMoving: Bool { source.supportsMoving }

  package var reportsEveryChange: Bool { source.reportsEveryChange }

  package func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    observers.add(handler)
  }

  // MARK: Reading

  /// Where the loading stands: whether more can be loaded, what is under way or failed.
  package struct Status: Equatable, Sendable {
    package var hasMore: Bool
    package var loading: Load?
    package var failure: StoreError?
    package var notice: String?
    package var totalCount: Int?
    /// Whether changes made elsewhere arrive.
    package var link: StoreLink
  }

  /// The items loaded, without taking what arrived or starting a load.
  package var loadedItems: [Value] { state.withLock { $0.items } }

  /// The status, without taking what arrived.
  package var status: Status {
    state.withLock { Self.status(of: $0) }
  }

  static func status(of state: State) -> Status {
    Status(
      hasMore: state.next != nil && !state.isExhausted, loading: state.loading,
      failure: state.failure?.error, notice: state.notice, totalCount: state.totalCount,
      link: state.link)
  }

  /// The items loaded for `options` and the status, starting the first page when the query is
  /// new (and dropping what the old one loaded or is loading). Applies what arrived meanwhile,
  /// and returns the changes that made: the items show the inserts, deletes and moves, but an
  /// item updated in place is the same item, and its row is stale.
  package func window(_ options: FetchOptions) -> (
    items: [Value], status: Status, changes: [StoreChange]
  ) {
    let query = Self.query(options)
    let start: Bool = state.withLock { state in
      guard state.query != query else { return false }
      state.task?.cancel()
      state = State(
        query: query, options: options, generation: state.generation + 1,
        arrivals: state.arrivals.filter(\.outlivesQuery), notice: state.notice,
        sourceObservation: state.sourceObservation, linkObservation: state.linkObservation,
        link: state.link, writesUnderWay: state.writesUnderWay, undos: state.undos,
        refusedUndos: state.refusedUndos, writeCount: state.writeCount,
        pendingFollowUps: state.pendingFollowUps, followUps: state.followUps,
        failedLoadsInARow: state.failedLoadsInARow)
      return true
    }
    // The caller takes the status with the items: the load needs no report of its own.
    if start { load(.firstPage, announce: false) }
    let (changes, status) = take()
    return (state.withLock { $0.items }, status, changes)
  }

  package func fetch(_ options: FetchOptions) throws(StoreError) -> [Value] {
    window(options).items
  }

  package func count(_ options: FetchOptions) throws(StoreError) -> Int {
    try fetch(options).count
  }

  package func problem(with item: Value) -> String? { source.problem(with: item) }

  /// Loads the page after the last one loaded, unless one is under way or none is left.
  package func loadNextPage() {
    let token: PageToken? = state.withLock { state in
      if state.loading == .refresh { state.nextAfterRefresh = true }
      guard state.loading == nil, !state.isExhausted, let next = state.next else { return nil }
      state.anchor = nil
      guard case .offset = next,
        let last = state.items.lastIndex(where: { !state.unplaced.contains($0) })
      else { return next }
      // The page starts with the last item in the store's order, which it must repeat.
      state.anchor = state.items[last]
      return .offset(Swift.max(state.options.offset, 0) + last)
    }
    if let token { load(.nextPage(token)) }
  }

  /// Loads the first page again, as long as the list is (so that it does not shrink); the list
  /// keeps what it shows until the page arrives, which then replaces it.
  package func refresh() {
    load(.refresh)
  }

  /// Runs the load that failed again; nothing when no load failed since, because the
  /// automatic retry started or finished it: a tap on the error row a screen still showed
  /// must not read the list from its first page again, dropping the pages it holds.
  package func retry() {
    let again: Load? = state.withLock { state in
      defer { state.failure = nil }
      if let failure = state.failure { return failure.load }
      let holdsNothing = state.items.isEmpty && state.next == nil && state.loading == nil
      return holdsNothing ? .firstPage : nil
    }
    if let again { load(again) }
  }

  /// Forgets the notice of a refused edit.
  package func dismissNotice() {
    state.withLock { $0.notice = nil }
    observers.notify(.reset)
  }

  /// Starts `load`; unless `announce` is false, lists are told, so that they take the new
  /// status (a loading row) with whatever else arrived, on their own domain.
  func load(_ load: Load, announce: Bool = true) {
    let started: (Int, FetchOptions, Int)? = state.withLock { state in
      if case .nextPage = load, state.loading != nil { return nil }
      // A refresh replaces a next page under way, so it reads that page too.
      var pagesUnderWay = 0
      if case .nextPage = state.loading { pagesUnderWay = 1 }
      state.task?.cancel()
      state.generation += 1
      state.loading = load
      state.failure = nil
      state.changesDuringLoad = []
      if load == .firstPage || load == .refresh {
        state.refreshAfterLoad = false
        state.unplaced = []
      }
      var options = state.options
      // A refresh reads as many items as the list holds, so that it does not shrink.
      let held = state.items.count + pagesUnderWay * (options.batchSize ?? 0)
      if load == .refresh, let size = options.batchSize {
        options.batchSize = Swift.max(size, held)
      } else if case .nextPage = load, state.anchor != nil, let size = options.batchSize {
        // The page repeats the anchor, and brings a whole page after it.
        options.batchSize = size + 1
      }
      return (state.generation, options, held)
    }
    guard let (generation, options, held) = started else { return }
    let source = source
    let token: PageToken? = if case .nextPage(let token) = load { token } else { nil }
    var sent = options
    if let filter = options.filter, !source.translates(filter) { sent.filter = nil }
    let task = Task { [weak self] in
      let arrival: Arrival
      do throws(StoreError) {
        var page = try await source.fetchPage(sent, from: token)
        if load == .refresh {
          page = try await Self.filled(page, to: held, from: source, options: sent)
        }
        arrival = .page(page, load: load, generation: generation)
      } catch {
        arrival = .failed(error, load: load, generation: generation)
      }
      guard !Task.isCancelled else { return }
      self?.arrive(arrival)
    }
    state.withLock { state in
      if state.generation == generation, state.loading == load { state.task = task }
    }
    if announce { observers.notify(.reset) }
  }

  /// Follows the store's link: while it is down the list says so; when it is back the list
  /// reads its items again, since changes made meanwhile may not have arrived.
  func linkChanged(_ link: StoreLink) {
    let resumed: Bool = state.withLock { state in
      defer { state.link = link }
      return state.link != .live && link == .live
    }
    if resumed { refresh() }
    observers.notify(.reset)
  }

  /// Queues what arrived and tells the section, which takes it on its domain.
  func arrive(_ arrival: Arrival) {
    noteOutcome(of: arrival)
    // Whether an item added or changed belongs in a list the store filters is the store's to
    // say (a tag's tasks are asked of the join table): the list reads its pages again. An item
    // changed in place shows its new values at once, if the list has it: the pages read again
    // may hold the same items, or fail to come.
    switch arrival {
    case .change(.inserted), .change(.updated), .appended:
      let (filter, preparing) = state.withLock { ($0.options.filter, $0.preparing) }
      // The store reports a write this list is starting before the store has it: the
      // search is read again once the store reports the write done.
      let started =
        if case .change(.updated(let item)) = arrival { item == preparing } else { false }
      if let filter, source.translates(filter), !started {
        refresh()
        guard case .change(.updated) = arrival else { return }
      }
    default: break
    }
    state.withLock { state in
      state.arrivals.append(arrival)
      switch arrival {
      case .restore(_, _, let message), .unmove(_, _, let message): state.notice = message
      default: break
      }
    }
    observers.notify(.reset)
  }

  /// Whether a load or a write is under way, or something arrived that the list has not
  /// taken yet.
  package var isBusy: Bool {
    state.withLock {
      $0.loading != nil || $0.writesUnderWay > 0 || !$0.arrivals.isEmpty
        || !$0.refusedUndos.isEmpty || !$0.followUps.isEmpty
    }
  }

  /// Runs a write in the background, counted while it is under way.
  func write(_ operation: @escaping @Sendable (AsyncStoreCache?) async -> Void) {
    state.withLock { $0.writesUnderWay += 1 }
    Task { [weak self] in
      await operation(self)
      self?.state.withLock { $0.writesUnderWay -= 1 }
    }
  }

  static func query(_ options: FetchOptions) -> String {
    let sort = options.sort.map { ($0.ascending ? "+" : "-") + $0.keyPath }
    return [
      sort.joined(separator: ","), options.filter?.description ?? "",
      options.batchSize.map(String.init) ?? "",
    ].joined(separator: "\u{1}")
  }
}

extension AsyncStoreCache.Arrival {
  /// Whether the arrival still applies when the list starts over with another query.
  var outlivesQuery: Bool {
    switch self {
    case .page, .failed, .restore, .unmove: false
    case .change, .appended: true
    }
  }
}
