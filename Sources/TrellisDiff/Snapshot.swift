/// An ordered list of sections, each with its own ordered items: the input of a diff.
///
/// A flat list is a snapshot with one ``FlatSection``.
public struct Snapshot<Section: Diffable, Item: Diffable> {
  /// The sections, in display order.
  public var sections: [SnapshotSection<Section, Item>]

  /// Creates a snapshot from its sections.
  public init(sections: [SnapshotSection<Section, Item>] = []) {
    self.sections = sections
  }

  /// The number of items in every section together.
  public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

  /// The item at `path`, or `nil` when the path is out of range.
  public subscript(safe path: ItemPath) -> Item? {
    guard sections.indices.contains(path.section) else { return nil }
    let items = sections[path.section].items
    return items.indices.contains(path.item) ? items[path.item] : nil
  }
}

extension Snapshot where Section == FlatSection {
  /// Creates a flat snapshot: one section holding `items`.
  public init(items: [Item]) {
    self.init(sections: [SnapshotSection(FlatSection(), items: items)])
  }
}

extension Snapshot: Sendable where Section: Sendable, Item: Sendable {}

/// One section of a snapshot: the section's own value and its items.
public struct SnapshotSection<Section: Diffable, Item: Diffable> {
  /// The section's value: its identifier and content (a header, say).
  public var model: Section
  /// The section's items, in display order.
  public var items: [Item]

  /// Creates a section.
  public init(_ model: Section, items: [Item]) {
    self.model = model
    self.items = items
  }
}

extension SnapshotSection: Sendable where Section: Sendable, Item: Sendable {}
