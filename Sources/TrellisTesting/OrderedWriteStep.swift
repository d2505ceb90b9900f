/// One random write to an ordered list, for tests that check a store's order against their
/// own: an insert at an index, a delete at an index, or a move of the item at `source` to
/// right after the item at `after` (first when `nil`).
public enum OrderedWriteStep: Equatable, Sendable {
  case insert(at: Int)
  case delete(at: Int)
  case move(source: Int, after: Int?)

  /// A random step for a list of `count` items: a delete and a move only when there are
  /// items to delete and to move.
  public static func random(count: Int, using random: inout SeededRandom) -> OrderedWriteStep {
    switch random.next() % 3 {
    case 0: return .insert(at: Int(random.next() % UInt64(count + 1)))
    case 1 where count > 1: return .delete(at: Int(random.next() % UInt64(count)))
    default:
      guard count > 1 else { return .insert(at: Int(random.next() % UInt64(count + 1))) }
      let source = Int(random.next() % UInt64(count))
      let after = Int(random.next() % UInt64(count + 1)) - 1
      return .move(source: source, after: after < 0 || after == source ? nil : after)
    }
  }

  /// Applies the step to `list`, as a store applies it to its order; `inserted` is the new
  /// item of an insert.
  public func apply<Item>(to list: inout [Item], inserting inserted: @autoclosure () -> Item) {
    switch self {
    case .insert(let index): list.insert(inserted(), at: index)
    case .delete(let index): list.remove(at: index)
    case .move(let source, let after):
      let item = list.remove(at: source)
      list.insert(item, at: after.map { $0 < source ? $0 + 1 : $0 } ?? 0)
    }
  }
}
