extension SnapshotSection: Equatable where Section: Equatable, Item: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.model == rhs.model && lhs.items == rhs.items
  }
}

extension SnapshotSection: Hashable where Section: Hashable, Item: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(model)
    hasher.combine(items)
  }
}

extension Snapshot: Equatable where Section: Equatable, Item: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.sections == rhs.sections }
}

extension Snapshot: Hashable where Section: Hashable, Item: Hashable {
  public func hash(into hasher: inout Hasher) { hasher.combine(sections) }
}
