/// How a key path that names a many-to-many relationship is asked in SQL: the join table and
/// its columns, and the owner's key column that the join's source column holds.
public struct PredicateSQLMembership: Hashable, Sendable {
  /// The join table.
  public var table: String
  /// The join column holding the owner's key.
  public var source: String
  /// The join column holding the held object's key.
  public var target: String
  /// The owner's primary key column.
  public var ownerKey: String

  /// Describes a join.
  public init(table: String, source: String, target: String, ownerKey: String) {
    self.table = table
    self.source = source
    self.target = target
    self.ownerKey = ownerKey
  }
}
