import Trellis

/// What a PostgreSQL table holds and how its rows become objects: the table, its columns, an
/// `id bigserial` primary key, and an optional order a person can change.
///
/// Derive it from its class (``init(table:definition:ordered:unique:transient:)``), or list
/// the columns by hand:
///
/// ```swift
/// let contacts = try PostgresEntity(
///   table: "contact", definition: contactDefinition, ordered: true, unique: ["email"])
/// let store = try PostgresStore(url: "postgres://trellis@127.0.0.1:5432/app", entity: contacts)
/// ```
public struct PostgresEntity: Sendable {
  /// The table's name: letters, digits and underscores, not starting with a digit.
  public var table: String
  /// How rows become objects and how objects are read and written (by property name).
  public var definition: DataDefinition
  /// The columns, each bound to the property of the same name.
  public var columns: [PostgresColumn]
  /// The `bigserial` primary key column (not a property).
  public var primaryKey: String
  /// The column keeping the order a person chose (0, 1, 2…), when the entity is ordered.
  public var positionColumn: String?
  /// The to-many relationships: properties holding child objects kept in tables of their own.
  public var relationships: [PostgresRelationship]

  /// Creates an entity from its columns.
  ///
  /// - Parameters:
  ///   - ordered: Whether rows keep an order a person can change (a `position` column);
  ///     otherwise they come in insertion order.
  ///   - relationships: Properties holding child objects, each kept in the child entity's
  ///     table (``PostgresRelationship``).
  public init(
    table: String, definition: DataDefinition, columns: [PostgresColumn], ordered: Bool = false,
    primaryKey: String = "id", relationships: [PostgresRelationship] = []
  ) {
    self.table = table
    self.definition = definition
    self.columns = columns
    self.primaryKey = primaryKey
    self.positionColumn = ordered ? "position" : nil
    self.relationships = relationships
  }

  /// The column bound to `name`, if any.
  public func column(_ name: String) -> PostgresColumn? { columns.first { $0.name == name } }

  /// Every identifier the entity's SQL uses, quoted; an error names the first that is not a
  /// plain identifier.
  func checkIdentifiers() throws(StoreError) {
    _ = try PostgresIdentifier.quoted(table)
    _ = try PostgresIdentifier.quoted(primaryKey)
    if let positionColumn { _ = try PostgresIdentifier.quoted(positionColumn) }
    for column in columns { _ = try PostgresIdentifier.quoted(column.name) }
    for relationship in relationships {
      _ = try PostgresIdentifier.quoted(relationship.foreignKey)
      try relationship.entity.checkIdentifiers()
      if relationship.entity.column(relationship.foreignKey) != nil
        || relationship.foreignKey == relationship.entity.primaryKey
        || relationship.foreignKey == relationship.entity.positionColumn
      {
        throw .invalidItem(
          "the foreign key '\(relationship.foreignKey)' of '\(table).\(relationship.name)' is "
            + "already a column of '\(relationship.entity.table)'")
      }
    }
  }

  /// The relationship held in `name`, if any.
  public func relationship(_ name: String) -> PostgresRelationship? {
    relationships.first { $0.name == name }
  }

  /// This entity's table and every child table under it, parents first.
  var tables: [String] { [table] + relationships.flatMap(\.entity.tables) }
}
