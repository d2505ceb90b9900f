/// The position of an item: a section index and an item index inside that section.
///
/// Trellis uses its own type so that the diff engine needs nothing but the standard library.
/// Hosts convert it to their platform's index path (`IndexPath(row:section:)` on UIKit).
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The index of the section.
  public var section: Int
  /// The index of the item inside its section.
  public var item: Int

  /// Creates a path from an item index and a section index.
  public init(item: Int, section: Int) {
    self.section = section
    self.item = item
  }

  /// The item index under its table-view name.
  public var row: Int {
    get { item }
    set { item = newValue }
  }

  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  public var description: String { "[\(section), \(item)]" }
}

/// A move from a source position (before the update) to a target position (after it).
public struct Move<Index: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  /// The position before the update.
  public var source: Index
  /// The position after the update.
  public var target: Index

  /// Creates a move.
  public init(source: Index, target: Index) {
    self.source = source
    self.target = target
  }

  public var description: String { "\(source) -> \(target)" }
}
