/// Where the items of a list live: memory, SQLite, user defaults, a document.
///
/// A store creates, fetches, inserts, updates, deletes and moves items, and reports changes so
/// that sections update themselves through the diff pipeline. Items cross as ``Value``s:
/// objects as ``Value/object(_:)``, plain values as themselves. Stores are safe to share
/// between isolation domains.
public protocol DataStore: AnyObject, Sendable {
  /// The definition of the store's items, when the store knows it.
  var itemsDefinition: DataDefinition? { get }
  /// The items matching `options`, in order.
  func fetch(_ options: FetchOptions) throws(StoreError) -> [Value]
  /// How many items match `options` (ignoring batch size and offset).
  func count(_ options: FetchOptions) throws(StoreError) -> Int
  /// A new item that is not in the store yet.
  func create() throws(StoreError) -> Value
  /// Inserts an item at `index` of the unfiltered order (the end when `nil`).
  func insert(_ item: Value, at index: Int?) throws(StoreError)
  /// Writes changed values of an item that is in the store.
  func update(_ item: Value, values: [String: Value]) throws(StoreError)
  /// Deletes an item.
  func delete(_ item: Value) throws(StoreError)
  /// Moves `item` to right after `after` in the store's order (first when `nil`): a list
  /// names the items it shows, whatever part of the order it shows.
  func move(_ item: Value, after: Value?) throws(StoreError)
  /// Moves `item` to right before `before` in the store's order: a list that shows part of
  /// the order (a search) names the item it shows first, whatever the store holds before it.
  func move(_ item: Value, before: Value) throws(StoreError)
  /// Whether the store keeps an order a person can change.
  var supportsMoving: Bool { get }
  /// Whether the store reports every change of its items, so that lists need not observe the
  /// objects themselves: true for a database, whose objects change only through the store
  /// (a value set on a fetched object directly is not the database's); false for stores of
  /// an app's own objects, which the app may change directly.
  var reportsEveryChange: Bool { get }
  /// Whether a fetch lists each item at most once, as a table lists each row: a list of what
  /// it fetched then counts no item twice to tell its rows apart. False by default.
  var fetchesEachItemOnce: Bool { get }
  /// Calls `handler` after every change, on the thread that made it.
  func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken
  /// Reads what an item leaves unread until it is opened (children loaded only then), before
  /// a detail screen edits it. Most stores hold everything already and do nothing.
  func prepareForEditing(_ item: Value) throws(StoreError)
  /// Why `item`'s row, as last read, holds a value its object cannot hold (one another program
  /// wrote), naming the row and the column; `nil` when nothing does. A list shows the row with
  /// the message. Its detail screen shows each such value refused on its row, to be fixed
  /// before Done writes (where the item's ``ObjectFault`` says which values they are), or is
  /// not opened: the object would lose the value, and a write would store the loss. By
  /// default, what the item's ``ObjectFault`` says; a list whose rows follow the store's
  /// reports (``reportsEveryChange``) reads a fault's own.
  func problem(with item: Value) -> String?
  /// Reads `item` again from where the store keeps it, after a ``StoreChange/reset`` (another
  /// program wrote), so that a form open on it shows what is stored now; false when the
  /// store no longer holds it. By default the store's objects are what it holds: true.
  func refresh(_ item: Value) throws(StoreError) -> Bool
}

extension DataStore {
  public func prepareForEditing(_ item: Value) throws(StoreError) {}

  public func refresh(_ item: Value) throws(StoreError) -> Bool { true }

  public func problem(with item: Value) -> String? {
    guard case .object(let ref) = item else { return nil }
    return ref.fault?.problem
  }

  public var reportsEveryChange: Bool { false }

  public var fetchesEachItemOnce: Bool { false }

  /// Reads the store's whole order to find the item that `before` follows once `item` is
  /// taken out, and moves `item` after it.
  public func move(_ item: Value, before: Value) throws(StoreError) {
    let after = try StoreOrder.place(before: before, moving: item, in: try fetch(FetchOptions()))
    try move(item, after: after)
  }
}

/// What changed in a store, by identity: the one vocabulary every store reports in, sync or
/// async, local or across servers.
///
/// An item is named by itself: an object by instance (a store keeps one object per record while
/// it lives), any other value by value. A place is named by the item it follows in the store's
/// own order, so that a list that shows that order applies the change without fetching, and
/// a list that shows part of it (a page, a search) knows whether the change is its business.
/// A change a store cannot describe so is ``reset``: lists read the store again.
public enum StoreChange: Hashable, Sendable {
  /// The item was inserted right after `after` in the store's order (first when `nil`).
  case inserted(Value, after: Value?)
  /// The item changed in place: its values, not its place.
  case updated(Value)
  /// The item is no longer in the store.
  case deleted(Value)
  /// The item moved to right after `after` in the store's order (first when `nil`).
  case moved(Value, after: Value?)
  /// Anything at all may have changed (another connection wrote, say): lists read again.
  case reset

  /// The item inserted, updated, deleted or moved; `nil` for a reset.
  public var item: Value? {
    switch self {
    case .inserted(let item, _), .updated(let item), .deleted(let item), .moved(let item, _): item
    case .reset: nil
    }
  }
}

/// Why a store operation failed. Nothing was changed.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
  case notFound(String)
  case indexOutOfRange(Int, count: Int)
  case unsupported(String)
  case invalidItem(String)
  case failed(String)
  /// The store kept a rule of the data: a delete rule, a unique value. The message says which,
  /// in words a person reads.
  case refused(String)
  /// The store refused the value of one property (a unique value already taken): the message
  /// belongs on that property's row.
  case refusedValue(property: String, message: String)
  /// The store refused several values (a web service's 400 with a message per field): each
  /// message belongs on its property's row.
  case refusedValues([String: String])
  /// Someone else changed properties this write changes since the person began: each
  /// conflict names the property, their value and the one refused.
  case conflict([FieldConflict])

  public var description: String {
    switch self {
    case .notFound(let what): "not found: \(what)"
    case .indexOutOfRange(let index, let count):
      "index \(index) is out of range (the store holds \(count) items)"
    case .unsupported(let what): "not supported: \(what)"
    case .invalidItem(let why): "invalid item: \(why)"
    case .failed(let why): why
    case .refused(let why): why
    case .refusedValue(_, let message): message
    case .refusedValues(let messages):
      messages.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        .joined(separator: "\n")
    case .conflict(let conflicts):
      "Changed meanwhile by someone else: "
        + conflicts.map(\.description).joined(separator: "; ")
    }
  }
}

/// How to fetch: order, filter, and a window.
public struct FetchOptions: Sendable {
  /// Sort keys, most significant first; the store's own order when empty.
  public var sort: [SortKey] = []
  /// Keeps only items for which this returns true; all when `nil`.
  public var filter: ItemFilter?
  /// At most this many items; all when `nil`.
  public var batchSize: Int?
  /// Skips this many items first.
  public var offset = 0

  /// Creates options.
  public init(
    sort: [SortKey] = [], filter: ItemFilter? = nil, batchSize: Int? = nil, offset: Int = 0
  ) {
    self.sort = sort
    self.filter = filter
    self.batchSize = batchSize
    self.offset = offset
  }
}

/// One sort key: a key path and a direction.
public struct SortKey: Hashable, Sendable {
  public var keyPath: String
  public var ascending: Bool

  /// Creates a sort key.
  public init(_ keyPath: String, ascending: Bool = true) {
    self.keyPath = keyPath
    self.ascending = ascending
  }
}

/// A filter over items, evaluated in memory; stores that can translate it (SQL) do so.
public struct ItemFilter: Sendable {
  /// A readable form, for messages and SQL translation.
  public let description: String
  /// What the filter is, for stores that translate it; ``Term/opaque`` for closures.
  public let term: Term
  let matches: @Sendable (ValueReader) -> Bool

  /// A filter computed by a closure over the item's values.
  public init(_ description: String, _ matches: @escaping @Sendable (ValueReader) -> Bool) {
    self.init(description, term: .opaque, matches)
  }

  init(
    _ description: String, term: Term, _ matches: @escaping @Sendable (ValueReader) -> Bool
  ) {
    self.description = description
    self.term = term
    self.matches = matches
  }

  /// Whether the item read by `reader` passes.
  public func callAsFunction(_ reader: ValueReader) -> Bool { matches(reader) }
}
