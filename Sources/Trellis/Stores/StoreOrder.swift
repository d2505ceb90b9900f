/// Where identity-named changes land in an ordered array of items: what the stores that keep
/// their order in memory, and the lists that apply store changes, share.
enum StoreOrder {
  /// The item before position `index` of `items`, which a change inserted or moved there
  /// names as its place; `nil` at the start.
  ///
  /// (``Value`` takes a `nil` literal as ``Value/null``: a conditional expression with `nil`
  /// in one branch would name the null value, not the start.)
  static func predecessor(of index: Int, in items: [Value]) -> Value? {
    guard index > 0, index <= items.count else { return Optional.none }
    return items[index - 1]
  }

  /// Refuses `index` unless it is a position of `items` or, with `orEnd`, the one after the
  /// last (where an insert appends).
  static func check(_ index: Int, in items: [Value], orEnd: Bool = false) throws(StoreError) {
    guard index >= 0, index < items.count + (orEnd ? 1 : 0) else {
      throw .indexOutOfRange(index, count: items.count)
    }
  }

  /// The position right after `after` (the start when `nil`); `nil` when `after` is not
  /// listed exactly once, so that the place is ambiguous or unknown.
  static func index(after: Value?, in items: [Value]) -> Int? {
    guard let after else { return 0 }
    return uniqueIndex(of: after, in: items).map { $0 + 1 }
  }

  /// The position of `item` when it is listed exactly once.
  static func uniqueIndex(of item: Value, in items: [Value]) -> Int? {
    guard let first = items.firstIndex(of: item), items.lastIndex(of: item) == first else {
      return nil
    }
    return first
  }

  /// The item that `before` follows once `item` is taken out of `items` (`nil` when it
  /// comes first): where `item` goes to land right before `before`.
  static func place(before: Value, moving item: Value, in items: [Value]) throws(StoreError)
    -> Value?
  {
    guard before != item else { throw .invalidItem("an item cannot be moved before itself") }
    var rest = items
    guard let source = rest.firstIndex(of: item) else { throw .notFound(item.displayText) }
    rest.remove(at: source)
    guard let index = rest.firstIndex(of: before) else { throw .notFound(before.displayText) }
    return predecessor(of: index, in: rest)
  }

  /// Moves `item` to right after `after` (the start when `nil`) in a store's own array;
  /// returns where it was and where it went.
  static func move(_ item: Value, after: Value?, in items: inout [Value]) throws(StoreError)
    -> (source: Int, destination: Int)
  {
    guard let source = items.firstIndex(of: item) else {
      throw .notFound(item.displayText)
    }
    if let after, after == item {
      throw .invalidItem("an item cannot be moved after itself")
    }
    var rest = items
    rest.remove(at: source)
    var destination = 0
    if let after {
      guard let index = rest.firstIndex(of: after) else { throw .notFound(after.displayText) }
      destination = index + 1
    }
    rest.insert(item, at: destination)
    items = rest
    return (source, destination)
  }
}
