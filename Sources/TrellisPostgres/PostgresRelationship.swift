import Trellis
import TrellisSQL

/// A relationship of a ``PostgresEntity``, as Core Data models it.
///
/// - A **to-many** relationship (``init(_:to:foreignKey:)``) is a property holding an array of
///   child objects (a task's steps), kept in the child entity's own table with a foreign key
///   to the parent. The children belong to their parent: they are read with it (one query per
///   page of parents, not one per parent), written in its transaction, and deleted with it
///   (`ON DELETE CASCADE`). When the child entity is ordered, the array's order is kept in the
///   child table's position column; otherwise children come in the order they were inserted.
/// - A **to-one** relationship (``toOne(_:to:foreignKey:inverse:deleteRule:)``) is an optional
///   object property pointing at an object of another entity, which has a table, a list and a
///   store of its own (a task's category, ``PostgresStore/relatedStore(for:)``). The key is a
///   column of this entity's table.
/// - A **many-to-many** relationship (``manyToMany(_:to:joinTable:inverse:deleteRule:)``) is a
///   property holding an array of another entity's objects (a task's tags), kept in order as
///   pairs in a join table the store manages, with the columns `source_id`, `target_id` and
///   `position`.
///
/// The `deleteRule` of a to-one or many-to-many says what deleting a target does to the
/// objects that point at it or hold it: nullify, cascade, deny (refused, naming the rule), or
/// no action. A delete applies it in its own transaction, in the database and in memory.
///
/// ```swift
/// let steps = try PostgresEntity(table: "task_step", definition: stepDefinition, ordered: true)
/// let category = try PostgresEntity(table: "category", definition: categoryDefinition)
/// let tasks = try PostgresEntity(
///   table: "task", definition: taskDefinition, ordered: true,
///   relationships: [
///     PostgresRelationship("steps", to: steps, foreignKey: "task_id"),
///     .toOne("category", to: category, inverse: "tasks", deleteRule: .deny),
///   ])
/// ```
///
/// A change of a parent's children or of its many-to-many list is announced to other servers
/// as an update of the parent, which they read again with its children and lists.
public typealias PostgresRelationship = SQLRelationship<PostgresEntity>

extension SQLRelationship where Entity == PostgresEntity {
  /// A to-many relationship to owned children: `name` holds objects of `entity`, whose table
  /// keeps the parent's key in `foreignKey`.
  public init(_ name: String, to entity: PostgresEntity, foreignKey: String) {
    self.init(toMany: name, to: entity, foreignKey: foreignKey)
  }

  /// A to-one relationship: `name` points at an object of `entity`, by the key in this
  /// table's column `foreignKey` (`<name>_id` when `nil`).
  public static func toOne(
    _ name: String, to entity: PostgresEntity, foreignKey: String? = nil, inverse: String? = nil,
    deleteRule: RelationshipDeleteRule = .nullify
  ) -> PostgresRelationship {
    PostgresRelationship(
      toOne: name, to: entity, foreignKey: foreignKey, inverse: inverse, deleteRule: deleteRule)
  }

  /// A many-to-many relationship: `name` holds objects of `entity` (a task's tags), kept in
  /// order in the join table `joinTable` (`<table>_<name>` when `nil`).
  public static func manyToMany(
    _ name: String, to entity: PostgresEntity, joinTable: String? = nil, inverse: String? = nil,
    deleteRule: RelationshipDeleteRule = .nullify
  ) -> PostgresRelationship {
    PostgresRelationship(
      manyToMany: name, to: entity, joinTable: joinTable, inverse: inverse,
      deleteRule: deleteRule)
  }
}
