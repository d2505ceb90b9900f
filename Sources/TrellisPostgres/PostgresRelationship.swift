import Trellis

/// A to-many relationship of a ``PostgresEntity``: a property holding an array of child
/// objects (a task's steps), kept in the child entity's own table with a foreign key to the
/// parent.
///
/// The children belong to their parent, as Core Data's one-to-many with a cascade rule does:
/// they are read with their parent (one query per page of parents, not one per parent),
/// written in the parent's transaction, and deleted with it (`ON DELETE CASCADE`). When the
/// child entity is ordered, the array's order is kept in the child table's position column;
/// otherwise children come in the order they were inserted.
///
/// ```swift
/// let steps = try PostgresEntity(table: "task_step", definition: stepDefinition, ordered: true)
/// let tasks = try PostgresEntity(
///   table: "task", definition: taskDefinition, ordered: true,
///   relationships: [PostgresRelationship("steps", to: steps, foreignKey: "task_id")])
/// ```
///
/// A change of a parent's children is announced to other servers as an update of the parent,
/// which they read again with its children.
public struct PostgresRelationship: Sendable {
  /// The property holding the children.
  public var name: String
  /// The entity of the children, in a table of its own.
  public var entity: PostgresEntity
  /// The column of the child table holding the parent's key.
  public var foreignKey: String

  /// A to-many relationship to owned children: `name` holds objects of `entity`, whose table
  /// keeps the parent's key in `foreignKey`.
  public init(_ name: String, to entity: PostgresEntity, foreignKey: String) {
    self.name = name
    self.entity = entity
    self.foreignKey = foreignKey
  }
}
