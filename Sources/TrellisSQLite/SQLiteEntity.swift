import Foundation
import Trellis

/// What an SQLite table holds and how its rows become objects: the table, its columns, its
/// primary key, an optional user order, and one-to-many relationships.
///
/// Derive it from its class (``init(table:definition:relationships:ordered:primaryKey:indexed:unique:transient:)``),
/// or list the columns by hand, which the store then checks against the class:
///
/// ```swift
/// let step = try SQLiteEntity(table: "taskStep", definition: stepDefinition, ordered: true)
/// let task = try SQLiteEntity(
///   table: "task", definition: taskDefinition,
///   relationships: [SQLiteRelationship("taskSteps", to: step, foreignKey: "taskId")],
///   ordered: true, indexed: ["name"])
/// let store = try SQLiteStore(path: "tasks.sqlite", entity: task)
/// ```
public struct SQLiteEntity: Sendable {
  /// The table's name.
  public var table: String
  /// How rows become objects and how objects are read and written (by property name).
  public var definition: DataDefinition
  /// The columns, each bound to the property of the same name.
  public var columns: [SQLiteColumn]
  /// The to-many relationships: arrays of child objects stored in other tables.
  public var relationships: [SQLiteRelationship]
  /// The integer primary key column (not a property).
  public var primaryKey: String
  /// The column keeping the order a person chose, when the entity is ordered; its values are
  /// 0, 1, 2… (within the parent, for children).
  public var positionColumn: String?
  /// Indexes over several columns, most significant first (text columns ignore case), for
  /// sorts such as last name then first name: a sorted, searched batch can then stop early.
  public var indexes: [[String]] = []

  /// Creates an entity.
  ///
  /// - Parameters:
  ///   - ordered: Whether rows keep an order a person can change (a `position` column);
  ///     otherwise they come in insertion order.
  public init(
    table: String, definition: DataDefinition, columns: [SQLiteColumn],
    relationships: [SQLiteRelationship] = [], ordered: Bool = false, primaryKey: String = "id"
  ) {
    self.table = table
    self.definition = definition
    self.columns = columns
    self.relationships = relationships
    self.primaryKey = primaryKey
    self.positionColumn = ordered ? "position" : nil
  }

  /// The column bound to `name`, if any.
  public func column(_ name: String) -> SQLiteColumn? { columns.first { $0.name == name } }

  /// This entity and every entity below it, parents first.
  var tree: [(entity: SQLiteEntity, parent: (entity: SQLiteEntity, foreignKey: String)?)] {
    var result: [(SQLiteEntity, (SQLiteEntity, String)?)] = [(self, nil)]
    for relationship in relationships {
      for (child, parent) in relationship.entity.tree {
        result.append((child, parent ?? (self, relationship.foreignKey)))
      }
    }
    return result.map { (entity: $0.0, parent: $0.1.map { (entity: $0.0, foreignKey: $0.1) }) }
  }

  /// The order rows come in: by position, then by primary key.
  var defaultOrder: String {
    if let position = positionColumn {
      return "\(position.quoted), \(primaryKey.quoted)"
    }
    return primaryKey.quoted
  }
}

/// A one-to-many relationship: a property holding an array of child objects, stored in the
/// child entity's table with a foreign key to the parent. When the child entity is ordered,
/// the array's order is kept in its position column.
public struct SQLiteRelationship: Sendable {
  /// The parent's property holding the children.
  public var name: String
  /// The children's entity.
  public var entity: SQLiteEntity
  /// The child table's column holding the parent's primary key.
  public var foreignKey: String

  /// Creates a relationship.
  public init(_ name: String, to entity: SQLiteEntity, foreignKey: String) {
    self.name = name
    self.entity = entity
    self.foreignKey = foreignKey
  }
}

extension String {
  /// The text as a quoted SQL identifier.
  var quoted: String { "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}
