/// A value that the diff engine can match by identity and compare by content.
///
/// Two values with the same ``diffID`` are the same item; when their content differs,
/// the item is reported as a reload rather than as a delete and an insert.
public protocol Diffable {
  /// The type of the identifier that matches an item across two snapshots.
  associatedtype DiffID: Hashable

  /// The identifier that matches this item across two snapshots. It must be unique in a snapshot.
  var diffID: DiffID { get }

  /// Returns whether this value shows the same content as `other`, which has the same identifier.
  func isContentEqual(to other: Self) -> Bool
}

extension Diffable where Self: Equatable {
  /// Compares content with `==`.
  public func isContentEqual(to other: Self) -> Bool { self == other }
}

extension Diffable where Self: Hashable, DiffID == Self {
  /// A hashable value is its own identifier.
  public var diffID: Self { self }
}

extension Int: Diffable {}
extension String: Diffable {}
extension Substring: Diffable {}

/// The single, content-free section of a flat list.
public struct FlatSection: Diffable, Hashable, Sendable {
  /// Creates the flat section.
  public init() {}
}
