import Trellis

/// A relationship of an entity, as Core Data models it.
///
/// - A **to-many** relationship (``init(_:to:foreignKey:)``) is a property holding an array of
///   child objects, stored in the child entity's table with a foreign key to the parent. The
///   children belong to the parent: they are written with it and deleted with it. When the
///   child entity is ordered, the array's order is kept in its position column.
/// - A **many-to-many** relationship (``manyToMany(_:to:joinTable:inverse:deleteRule:)``) is
///   a property holding an array of another entity's objects (a task's tags), stored as pairs
///   in a join table.
/// - A **to-one** relationship (``toOne(_:to:foreignKey:inverse:deleteRule:)``) is an optional
///   object property pointing at an object of another entity, which lives in its own table
///   and list (a task's category). The foreign key is a column of this entity's table. Its
///   inverse, the target's to-many (a category's tasks), is read by fetching, in batches, never
///   held as an array; its ``deleteRule`` says what deleting a target does to the objects
///   pointing at it.
///
/// ```swift
/// let category = try SQLiteEntity(table: "category", definition: categoryDefinition)
/// let task = try SQLiteEntity(
///   table: "task", definition: taskDefinition,
///   relationships: [.toOne("category", to: category, inverse: "tasks", deleteRule: .deny)])
/// ```
public struct SQLiteRelationship: Sendable {
  /// Which side holds what.
  public enum Kind: String, Hashable, Sendable {
    /// An array of owned child objects in the child table.
    case toMany
    /// A reference to another entity's object, by a foreign key in this table.
    case toOne
    /// Any number of another entity's objects, each of which any number of this entity's
    /// objects may hold, through a join table the store manages.
    case manyToMany
  }

  /// What deleting a target object does to the objects whose to-one points at it.
  public typealias DeleteRule = RelationshipDeleteRule

  /// The property holding the children or the referenced object.
  public var name: String
  /// The entity of the children or of the referenced object.
  public var entity: SQLiteEntity
  /// The column holding the key: in the child table for to-many, in this table for to-one.
  public var foreignKey: String
  /// Whether it is to-many or to-one.
  public var kind: Kind
  /// For to-one: the name of the inverse to-many on the target (a category's `tasks`), used in
  /// messages and by screens that list a target's objects.
  public var inverse: String?
  /// For to-one: what deleting the target does to the objects pointing at it (Core Data's
  /// delete rule of the inverse relationship).
  public var deleteRule: DeleteRule

  /// For many-to-many: the join table, one row per pair (`sourceId`, `targetId`).
  public var joinTable: String?
  /// For many-to-many: the join table's column holding this entity's key (`sourceId` in the
  /// tables Trellis creates; a table already in a file names its own).
  package var joinSourceColumn = "sourceId"
  /// For many-to-many: the join table's column holding the target's key (`targetId`).
  package var joinTargetColumn = "targetId"
  /// For to-many: when the children are read.
  public var loading = Loading.withParent

  /// When a to-many relationship's children are read.
  public enum Loading: Hashable, Sendable {
    /// With their parent, in the same batch: the property always holds them.
    case withParent
    /// When the parent is opened for editing (``SQLiteStore/prepareForEditing(_:)``, which a
    /// detail screen calls): until then the property is a fault, empty, and a write of the
    /// parent leaves the children as they are. For parents with long lists of children.
    case whenOpened
  }

  /// A to-many relationship to owned children, read with their parent or when it is opened.
  public init(
    _ name: String, to entity: SQLiteEntity, foreignKey: String, loading: Loading = .withParent
  ) {
    self.name = name
    self.entity = entity
    self.foreignKey = foreignKey
    self.kind = .toMany
    self.deleteRule = .cascade
    self.loading = loading
  }

  /// A to-one relationship: `name` points at an object of `entity`, by the key in the column
  /// `foreignKey` (`<name>Id` when `nil`).
  public static func toOne(
    _ name: String, to entity: SQLiteEntity, foreignKey: String? = nil, inverse: String? = nil,
    deleteRule: DeleteRule = .nullify
  ) -> SQLiteRelationship {
    var relationship = SQLiteRelationship(name, to: entity, foreignKey: foreignKey ?? name + "Id")
    relationship.kind = .toOne
    relationship.inverse = inverse
    relationship.deleteRule = deleteRule
    return relationship
  }

  /// A many-to-many relationship: `name` holds objects of `entity` (a task's tags), kept in
  /// the join table `joinTable` (`<table>_<name>` when `nil`); `inverse` names the objects
  /// that hold a target (a tag's tasks), and `deleteRule` what deleting a target does to them
  /// (``DeleteRule/nullify`` takes it out of their lists).
  public static func manyToMany(
    _ name: String, to entity: SQLiteEntity, joinTable: String? = nil, inverse: String? = nil,
    deleteRule: DeleteRule = .nullify
  ) -> SQLiteRelationship {
    var relationship = SQLiteRelationship(name, to: entity, foreignKey: "sourceId")
    relationship.kind = .manyToMany
    relationship.joinTable = joinTable
    relationship.inverse = inverse
    relationship.deleteRule = deleteRule
    return relationship
  }

  /// The join table of a many-to-many relationship of `source`.
  func joinTableName(of source: SQLiteEntity) -> String {
    joinTable ?? "\(source.table)_\(name)"
  }
}
