/// A store whose operations take time: a web service, a remote database.
///
/// The same operations as ``DataStore``, with the same ``FetchOptions`` and ``StoreChange``s,
/// each awaited instead of returning at once. Items are read a page at a time: a page says
/// how to ask for the next one (``StorePage/next``), which is what a service's next-page link
/// is. A section over an async store never blocks: it shows a loading row while a page is
/// under way, the page when it arrives, and an error row with a retry when it fails.
///
/// ```swift
/// let section = ArrayOfObjectsSection(store: service, definition: contactDefinition)
/// section.fetchOptions.batchSize = 7  // asks the service for pages of 7
/// ```
///
/// Conforming stores are shared between isolation domains: they keep their state behind a
/// lock, and report changes from whatever task made them.
public protocol AsyncDataStore: AnyObject, Sendable {
  /// The definition of the store's items, when the store knows it.
  var itemsDefinition: DataDefinition? { get }
  /// One page of the items matching `options`: the first when `token` is `nil`, else the page
  /// a previous page's ``StorePage/next`` named. `options.batchSize` asks for a page size.
  func fetchPage(_ options: FetchOptions, from token: PageToken?) async throws(StoreError)
    -> StorePage
  /// How many items match `options`, when the store can tell.
  func count(_ options: FetchOptions) async throws(StoreError) -> Int
  /// A new item that is not in the store yet. Making one needs no round trip.
  func create() throws(StoreError) -> Value
  /// Inserts an item at `index` of the unfiltered order (the end when `nil`). The item then
  /// carries what the store gave it (an id).
  func insert(_ item: Value, at index: Int?) async throws(StoreError)
  /// Starts an ``insert(_:at:)`` on the caller's domain and returns the rest of it, the
  /// store's round trip, to run in the background.
  ///
  /// A store reads the item's values here, on the domain that made them, and gives the item
  /// what it answered (an id) back on that domain, in the write's follow-up or when a list
  /// applies what arrived (``applyArrivedValues()``).
  func prepareInsert(_ item: Value, at index: Int?) throws(StoreError) -> PreparedStoreWrite
  /// Writes changed values of an item that is in the store; the item takes them only when the
  /// store accepted them.
  func update(_ item: Value, values: [String: Value]) async throws(StoreError)
  /// Starts an ``update(_:values:)`` on the caller's domain and returns the rest of it, the
  /// store's round trip, to run in the background.
  ///
  /// A store whose objects hosts read (one object per record) gives the object its new values
  /// and reads what it writes with them (children, relationships) here, on the domain that
  /// shows it, so that nothing changes the object from another task. When the round trip
  /// fails, the caller runs the returned undo on the same domain.
  func prepareUpdate(_ item: Value, values: [String: Value]) throws(StoreError)
    -> PreparedStoreWrite
  /// ``prepareUpdate(_:values:)``, written only if each property in `expecting` still holds
  /// that value where the item is stored: otherwise the round trip fails with
  /// ``StoreError/conflict(_:)``, naming the stored values. A detail screen's Done passes what
  /// each edited property held when it was first edited, having checked the item's own
  /// values already; a store shared with other servers checks again where it writes.
  func prepareUpdate(_ item: Value, values: [String: Value], expecting: [String: Value])
    throws(StoreError) -> PreparedStoreWrite
  /// Whether ``prepareUpdate(_:values:expecting:)`` compares `expecting` with what is stored,
  /// where it writes. Done then leaves the comparison to the store alone: the item's own
  /// values may hold another session's edit that the store has not accepted yet, and that
  /// edit is no one's change until it has.
  var checksExpectedValues: Bool { get }
  /// Deletes an item.
  func delete(_ item: Value) async throws(StoreError)
  /// Moves `item` to right after `after` in the store's order (first when `nil`).
  func move(_ item: Value, after: Value?) async throws(StoreError)
  /// Moves `item` to right before `before` in the store's order: a list that shows part of
  /// the order (a search) names the item it shows first, whatever the store holds before it.
  func move(_ item: Value, before: Value) async throws(StoreError)
  /// Whether the store keeps an order a person can change.
  var supportsMoving: Bool { get }
  /// Whether the store reports every change of its items, as ``DataStore/reportsEveryChange``
  /// says: an item whose values changed, here or on another server, is reported
  /// ``StoreChange/updated(_:)`` once it holds them (``applyArrivedValues()``), so that lists
  /// draw its row again without observing the objects. An update the store accepts is
  /// reported once the store has it, even with the values the object took at the start: a
  /// list the store searches reads the search again then, and only then. False by default.
  var reportsEveryChange: Bool { get }
  /// Whether the store applies `filter` itself (a search it sends to the service, say); when
  /// not, a section asks for every item and keeps the matching ones of the pages it loaded.
  func translates(_ filter: ItemFilter) -> Bool
  /// Calls `handler` after every change, from whatever task made it.
  func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken
  /// Calls `handler` whenever the store loses or regains its live link to where the items
  /// live (another server's changes stop arriving while it is down); `nil` for a store that
  /// has no such link.
  func observeLink(_ handler: @escaping @Sendable (StoreLink) -> Void) -> ObservationToken?
  /// Gives the objects the store read again in the background the values it read; called on
  /// the domain that shows them, before a list takes what arrived.
  ///
  /// A store that keeps one object per record, so that every list shows the same object,
  /// must not change that object from its reading task while a host may be reading it: it
  /// holds what a later read brought for a known object until this is called. A store whose
  /// reads make new objects every time has nothing to do here.
  func applyArrivedValues()
  /// Why `item`'s row holds a value its object cannot hold, as ``DataStore/problem(with:)``
  /// says it; by default, what the item's ``ObjectFault`` says.
  func problem(with item: Value) -> String?
  /// Whether the store still holds `item`, asked where it keeps it: a form open on the item
  /// asks after a ``StoreChange/reset``, so that another client's deletion, which a store
  /// that polls never hears of, disables Done at once. True by default: a store that
  /// reports every deletion needs no asking.
  func holds(_ item: Value) async throws(StoreError) -> Bool
}

extension AsyncDataStore {
  public func translates(_ filter: ItemFilter) -> Bool { false }
  public func observeLink(_ handler: @escaping @Sendable (StoreLink) -> Void)
    -> ObservationToken?
  { nil }
  public var supportsMoving: Bool { false }
  public var reportsEveryChange: Bool { false }
  public var checksExpectedValues: Bool { false }
  public func applyArrivedValues() {}
  public func holds(_ item: Value) async throws(StoreError) -> Bool { true }

  public func problem(with item: Value) -> String? {
    guard case .object(let ref) = item else { return nil }
    return ref.fault?.problem
  }

  /// The whole of ``insert(_:at:)``, in the background: for stores whose inserts touch no
  /// object a host reads.
  public func prepareInsert(_ item: Value, at index: Int?) throws(StoreError)
    -> PreparedStoreWrite
  {
    PreparedStoreWrite { () async throws(StoreError) in
      try await self.insert(item, at: index)
    }
  }

  /// The whole of ``update(_:values:)``, in the background: for stores whose updates touch
  /// no object a host reads before the store accepts them.
  public func prepareUpdate(_ item: Value, values: [String: Value]) throws(StoreError)
    -> PreparedStoreWrite
  {
    PreparedStoreWrite { () async throws(StoreError) in
      try await self.update(item, values: values)
    }
  }

  /// The check of the item's own values, which the screen made, is the whole check: for
  /// stores that only this process writes, or whose service offers no conditional write.
  public func prepareUpdate(
    _ item: Value, values: [String: Value], expecting: [String: Value]
  ) throws(StoreError) -> PreparedStoreWrite {
    try prepareUpdate(item, values: values)
  }

  public func move(_ item: Value, after: Value?) async throws(StoreError) {
    throw .unsupported("moving items")
  }

  /// Two moves, which need no read of the order: `item` after `before`, then `before` after
  /// `item`. A store that can place an item before another in one write does so instead.
  public func move(_ item: Value, before: Value) async throws(StoreError) {
    try await move(item, after: before)
    try await move(before, after: item)
  }
}

/// One page of an async store's items, and how to ask for the next.
public struct StorePage: Sendable {
  /// The page's items, in order.
  public var items: [Value]
  /// What to pass to ``AsyncDataStore/fetchPage(_:from:)`` for the next page; `nil` on the
  /// last page.
  public var next: PageToken?
  /// How many items match in all, when the store said.
  public var totalCount: Int?

  /// Creates a page.
  public init(items: [Value], next: PageToken?, totalCount: Int? = nil) {
    self.items = items
    self.next = next
    self.totalCount = totalCount
  }
}

/// Where the next page starts: an offset, or an address the store gave (a next-page link).
public enum PageToken: Hashable, Sendable, CustomStringConvertible {
  /// The next page starts after this many items.
  case offset(Int)
  /// The next page is at this address.
  case url(String)

  public var description: String {
    switch self {
    case .offset(let offset): "offset \(offset)"
    case .url(let url): url
    }
  }
}
