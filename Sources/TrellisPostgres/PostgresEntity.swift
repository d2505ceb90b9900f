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

  /// Creates an entity from its columns.
  ///
  /// - Parameter ordered: Whether rows keep an order a person can change (a `position`
  ///   column); otherwise they come in insertion order.
  public init(
    table: String, definition: DataDefinition, columns: [PostgresColumn], ordered: Bool = false,
    primaryKey: String = "id"
  ) {
    self.table = table
    self.definition = definition
    self.columns = columns
    self.primaryKey = primaryKey
    self.positionColumn = ordered ? "position" : nil
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
  }
}
