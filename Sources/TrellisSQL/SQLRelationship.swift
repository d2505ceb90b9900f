import Trellis

/// A relationship of an entity of an SQL store, as Core Data models it: to-many children
/// owned by their parent, a to-one pointing at another entity's object, or a many-to-many
/// holding another entity's objects through a join table.
///
/// Each store names it for its entities (`SQLiteRelationship`, `PostgresRelationship`) and
/// makes it with the store's own conventions for key and join column names.
public struct SQLRelationship<Entity: Sendable>: Sendable {
  /// Which side holds what.
  public typealias Kind = RelationshipKind

  /// The property holding the children, the referenced object or the held objects.
  public var name: String
  /// The entity of the children or of the objects pointed at or held.
  public var entity: Entity
  /// For to-many, the column of the child table holding the parent's key; for to-one, the
  /// column of this entity's table holding the target's key.
  public var foreignKey: String
  /// Which kind of relationship it is.
  public var kind: Kind
  /// For to-one and many-to-many: the name of the inverse on the target (a category's
  /// `tasks`), used in messages and by screens that list a target's objects.
  public var inverse: String?
  /// For to-one and many-to-many: what deleting a target does to the objects pointing at it
  /// or holding it (Core Data's delete rule of the inverse relationship). To-many children
  /// are always deleted with their parent.
  public var deleteRule: RelationshipDeleteRule
  /// For many-to-many: the join table, one row per pair (`<table>_<name>` when `nil`).
  public var joinTable: String?
  /// For many-to-many: the join table's column holding the key of the row that holds the
  /// pair.
  package var joinSourceColumn: String
  /// For many-to-many: the join table's column holding the key of the row held.
  package var joinTargetColumn: String
  /// For many-to-many: the join table's column keeping the pairs' order; `nil` for none.
  package var joinPositionColumn: String?
  /// For many-to-many: whether the join table's rows have row ids that keep the order pairs
  /// were added in, when the dialect has them (a SQLite table not `WITHOUT ROWID`).
  package var joinHasRowIDs = true
  /// For to-many: when the children are read.
  package var childLoading = RelationshipLoading.withParent

  /// A relationship of `kind` from `name` to `entity`, with the join columns `dialect` names.
  package init(
    _ name: String, to entity: Entity, foreignKey: String, kind: Kind, dialect: SQLDialect
  ) {
    self.name = name
    self.entity = entity
    self.foreignKey = foreignKey
    self.kind = kind
    self.deleteRule = .cascade
    self.joinSourceColumn = dialect.joinSourceColumn
    self.joinTargetColumn = dialect.joinTargetColumn
    self.joinPositionColumn = dialect.joinPositionColumn
  }
}
