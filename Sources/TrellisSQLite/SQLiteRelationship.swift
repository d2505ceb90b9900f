import Trellis
import TrellisSQL

/// A relationship of an ``SQLiteEntity``, as Core Data models it.
///
/// - A **to-many** relationship (``init(_:to:foreignKey:loading:)``) is a property holding an
///   array of child objects, stored in the child entity's table with a foreign key to the
///   parent. The children belong to the parent: they are written with it and deleted with it.
///   When the child entity is ordered, the array's order is kept in its position column.
/// - A **many-to-many** relationship (``manyToMany(_:to:joinTable:inverse:deleteRule:)``) is
///   a property holding an array of another entity's objects (a task's tags), stored as pairs
///   (`sourceId`, `targetId`) in a join table.
/// - A **to-one** relationship (``toOne(_:to:foreignKey:inverse:deleteRule:)``) is an optional
///   object property pointing at an object of another entity, which lives in its own table
///   and list (a task's category). The foreign key is a column of this entity's table. Its
///   inverse, the target's to-many (a category's tasks), is read by fetching, in batches, never
///   held as an array; its `deleteRule` says what deleting a target does to the objects
///   pointing at it.
///
/// ```swift
/// let category = try SQLiteEntity(table: "category", definition: categoryDefinition)
/// let task = try SQLiteEntity(
///   table: "task", definition: taskDefinition,
///   relationships: [.toOne("category", to: category, inverse: "tasks", deleteRule: .deny)])
/// ```
public typealias SQLiteRelationship = SQLRelationship<SQLiteEntity>

extension SQLRelationship where Entity == SQLiteEntity {
  /// What deleting a target object does to the objects whose to-one points at it.
  public typealias DeleteRule = RelationshipDeleteRule

  /// When a to-many relationship's children are read: with their parent, or when it is
  /// opened for editing (``SQLiteStore/prepareForEditing(_:)``, which a detail screen calls).
  public typealias Loading = RelationshipLoading

  /// For to-many: when the children are read.
  public var loading: Loading {
    get { childLoading }
    set { childLoading = newValue }
  }

  /// A to-many relationship to owned children, read with their parent or when it is opened.
  public init(
    _ name: String, to entity: SQLiteEntity, foreignKey: String, loading: Loading = .withParent
  ) {
    self.init(toMany: name, to: entity, foreignKey: foreignKey)
    self.loading = loading
  }

  /// A to-one relationship: `name` points at an object of `entity`, by the key in the column
  /// `foreignKey` (`<name>Id` when `nil`).
  public static func toOne(
    _ name: String, to entity: SQLiteEntity, foreignKey: String? = nil, inverse: String? = nil,
    deleteRule: DeleteRule = .nullify
  ) -> SQLiteRelationship {
    SQLiteRelationship(
      toOne: name, to: entity, foreignKey: foreignKey, inverse: inverse, deleteRule: deleteRule)
  }

  /// A many-to-many relationship: `name` holds objects of `entity` (a task's tags), kept in
  /// the join table `joinTable` (`<table>_<name>` when `nil`); `inverse` names the objects
  /// that hold a target (a tag's tasks), and `deleteRule` what deleting a target does to them
  /// (``RelationshipDeleteRule/nullify`` takes it out of their lists).
  public static func manyToMany(
    _ name: String, to entity: SQLiteEntity, joinTable: String? = nil, inverse: String? = nil,
    deleteRule: DeleteRule = .nullify
  ) -> SQLiteRelationship {
    SQLiteRelationship(
      manyToMany: name, to: entity, joinTable: joinTable, inverse: inverse,
      deleteRule: deleteRule)
  }
}
