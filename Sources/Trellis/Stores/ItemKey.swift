import TrellisValues

/// An item as a hash key: an object by its identity, anything else by its value.
///
/// Comparing two keys never retains an object, where comparing two values does (both of
/// them, on every bucket a search passes): a search through a table of 100,000 objects then
/// costs no reference counting. Tables keyed by it (``ItemSet``, ``ItemCounts``) keep the
/// item itself in each entry, so the object stays alive, and its identity cannot be taken by
/// another object, while its entry exists.
package enum ItemKey: Hashable, Sendable {
  case object(ObjectIdentifier)
  case value(Value)

  package init(_ item: Value) {
    if case .object(let reference) = item {
      self = .object(ObjectIdentifier(reference.identity))
    } else {
      self = .value(item)
    }
  }
}

/// A set of items, searched by ``ItemKey``.
package struct ItemSet: Sendable, ExpressibleByArrayLiteral {
  private var members: [ItemKey: Value] = [:]

  package init(arrayLiteral items: Value...) {
    self.init(items)
  }

  /// The set of `items`.
  package init(_ items: [Value]) {
    members.reserveCapacity(items.count)
    for item in items { insert(item) }
  }

  package var count: Int { members.count }

  package var isEmpty: Bool { members.isEmpty }

  package func contains(_ item: Value) -> Bool { members[ItemKey(item)] != nil }

  /// Adds `item`; whether it was not there yet.
  @discardableResult package mutating func insert(_ item: Value) -> Bool {
    // An item already there is the same object, or an equal value: replacing it is no change.
    members.updateValue(item, forKey: ItemKey(item)) == nil
  }

  /// Removes `item`; it, when it was there.
  @discardableResult package mutating func remove(_ item: Value) -> Value? {
    members.removeValue(forKey: ItemKey(item))
  }
}

/// How many times each item is listed, searched by ``ItemKey``.
package struct ItemCounts: Sendable {
  private var entries: [ItemKey: (item: Value, count: Int)] = [:]

  /// The counts of `items`.
  package init(_ items: [Value]) {
    entries.reserveCapacity(items.count)
    for item in items { add(item) }
  }

  /// How many different items are listed.
  package var distinct: Int { entries.count }

  /// How many times `item` is listed.
  package subscript(item: Value) -> Int { entries[ItemKey(item)]?.count ?? 0 }

  /// Counts one more `item`.
  package mutating func add(_ item: Value) {
    entries[ItemKey(item), default: (item, 0)].count += 1
  }

  /// Counts one `item` fewer.
  package mutating func remove(_ item: Value) {
    let key = ItemKey(item)
    guard let count = entries[key]?.count else { return }
    if count <= 1 { entries[key] = nil } else { entries[key]?.count = count - 1 }
  }
}
