import Foundation

/// A store over an array in memory: objects, dictionaries or plain values.
///
/// ```swift
/// let store = MemoryStore(items: tasks.map { .object(ObjectReference($0)) }, definition: taskDef)
/// ```
public final class MemoryStore: DataStore, Sendable {
  private let items: Locked<[Value]>
  private let observers = ObserverList<StoreChange>()
  public let itemsDefinition: DataDefinition?

  /// Creates a store holding `items`.
  public init(items: [Value] = [], definition: DataDefinition? = nil) {
    self.items = Locked(items)
    self.itemsDefinition = definition
  }

  /// Creates a store over objects.
  public convenience init(objects: [AnyObject], definition: DataDefinition? = nil) {
    self.init(items: objects.map { .object(ObjectReference($0)) }, definition: definition)
  }

  /// Every item, in the store's order.
  public var allItems: [Value] { items.withLock { $0 } }

  public var supportsMoving: Bool { true }

  public func fetch(_ options: FetchOptions) throws(StoreError) -> [Value] {
    let definition = itemsDefinition
    return options.applied(to: items.withLock { $0 }) { item in
      definition?.reader(for: item) ?? DataDefinition.document(item).reader(for: item)
    }
  }

  public func count(_ options: FetchOptions) throws(StoreError) -> Int {
    try fetch(options.whole).count
  }

  public func create() throws(StoreError) -> Value {
    guard let definition = itemsDefinition else {
      throw .unsupported("this store has no definition to make new items from")
    }
    guard let object = definition.makeObject() else {
      throw .unsupported("the definition of \(definition.name) cannot make new objects")
    }
    return .object(ObjectReference(object))
  }

  public func insert(_ item: Value, at index: Int?) throws(StoreError) {
    let after = try items.withLock { items throws(StoreError) -> Value? in
      let position = index ?? items.count
      try StoreOrder.check(position, in: items, orEnd: true)
      // An object is one row: a second insert of it would list it twice. Plain values may
      // repeat.
      if case .object = item, items.contains(item) {
        throw .invalidItem("this \(itemsDefinition?.name ?? "item") is already in the store")
      }
      items.insert(item, at: position)
      return StoreOrder.predecessor(of: position, in: items)
    }
    notify(.inserted(item, after: after))
  }

  public func update(_ item: Value, values: [String: Value]) throws(StoreError) {
    guard let index = items.withLock({ $0.firstIndex(of: item) }) else {
      throw .notFound(item.displayText)
    }
    if case .object(let ref) = item,
      let kvc = itemsDefinition?.keyValueCoding(for: ref.object)
        ?? (ref.object as? KeyValueCoding)
    {
      do { try kvc.setValues(values) } catch { throw .invalidItem(error.description) }
    } else if values.count == 1, let value = values[PlainValue.key] {
      try replace(at: index, with: value)
      return
    } else {
      throw .unsupported("updating values of \(item.type) items")
    }
    notify(.updated(item))
  }

  /// Replaces the item at `index` (plain values cannot be updated in place): a new value is
  /// another item, reported as the old one's delete and the new one's insert in its place.
  public func replace(at index: Int, with item: Value) throws(StoreError) {
    let (old, after) = try items.withLock { items throws(StoreError) -> (Value, Value?) in
      try StoreOrder.check(index, in: items)
      defer { items[index] = item }
      return (items[index], StoreOrder.predecessor(of: index, in: items))
    }
    guard old != item else { return notify(.updated(item)) }
    notify(.deleted(old))
    notify(.inserted(item, after: after))
  }

  public func delete(_ item: Value) throws(StoreError) {
    guard let index = items.withLock({ $0.firstIndex(of: item) }) else {
      throw .notFound(item.displayText)
    }
    try delete(at: index)
  }

  /// Deletes the item at `index`.
  public func delete(at index: Int) throws(StoreError) {
    let removed = try items.withLock { items throws(StoreError) -> Value in
      try StoreOrder.check(index, in: items)
      return items.remove(at: index)
    }
    notify(.deleted(removed))
  }

  public func move(_ item: Value, after: Value?) throws(StoreError) {
    try items.withLock { items throws(StoreError) in
      _ = try StoreOrder.move(item, after: after, in: &items)
    }
    notify(.moved(item, after: after))
  }

  public func move(_ item: Value, before: Value) throws(StoreError) {
    let after = try items.withLock { items throws(StoreError) -> Value? in
      let after = try StoreOrder.place(before: before, moving: item, in: items)
      _ = try StoreOrder.move(item, after: after, in: &items)
      return after
    }
    notify(.moved(item, after: after))
  }

  /// Moves the item at `source` to `destination`, positions in the store's array.
  public func move(from source: Int, to destination: Int) throws(StoreError) {
    let (item, after) = try items.withLock { items throws(StoreError) -> (Value, Value?) in
      try StoreOrder.check(source, in: items)
      try StoreOrder.check(destination, in: items)
      let item = items.remove(at: source)
      items.insert(item, at: destination)
      return (item, StoreOrder.predecessor(of: destination, in: items))
    }
    notify(.moved(item, after: after))
  }

  public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    observers.add(handler)
  }

  private func notify(_ change: StoreChange) { observers.notify(change) }
}

/// Sorting items by key paths, shared by the stores that sort in memory.
enum StoreSorting {
  static func sorted(_ items: [Value], by keys: [SortKey], reader: (Value) -> ValueReader)
    -> [Value]
  {
    let decorated = items.map { item in (item, keys.map { reader(item).value($0.keyPath) ?? .null })
    }
    return decorated.sorted { a, b in
      for (index, key) in keys.enumerated() {
        let order = compare(a.1[index], b.1[index])
        if order != 0 { return key.ascending ? order < 0 : order > 0 }
      }
      return false
    }.map(\.0)
  }

  /// Orders values: nil first, then numbers, text (case-insensitively), dates, others by text.
  static func compare(_ a: Value, _ b: Value) -> Int {
    switch (a, b) {
    case (.null, .null): return 0
    case (.null, _): return -1
    case (_, .null): return 1
    default: break
    }
    if let x = a.doubleValue, let y = b.doubleValue { return x < y ? -1 : (x > y ? 1 : 0) }
    if case .date(let x) = a, case .date(let y) = b { return x < y ? -1 : (x > y ? 1 : 0) }
    if case .bool(let x) = a, case .bool(let y) = b { return x == y ? 0 : (x ? 1 : -1) }
    let x = a.displayText
    let y = b.displayText
    switch x.localizedStandardCompare(y) {
    case .orderedAscending: return -1
    case .orderedDescending: return 1
    case .orderedSame: return x < y ? -1 : (x > y ? 1 : 0)
    }
  }
}
