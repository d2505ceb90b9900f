import Trellis
import TrellisSQL

/// What a PostgreSQL table holds and how its rows become objects: the table, its columns, an
/// `id bigserial` primary key, and an optional order a person can change.
///
/// Derive it from its class (``init(table:definition:ordered:primaryKey:indexed:unique:transient:relationships:)``), or list
/// the columns by hand:
///
/// ```swift
/// let contacts = try PostgresEntity(
///   table: "contact", definition: contactDefinition, ordered: true, unique: ["email"])
/// let store = try PostgresStore(url: "postgres://trellis@127.0.0.1:5432/app", entity: contacts)
/// ```
public struct PostgresEntity: Sendable {
  /// The table's name: letters, digits and underscores, not starting with a digit (a table
  /// made elsewhere may have any name, quoted in every statement).
  public var table: String
  /// How rows become objects and how objects are read and written (by property name).
  public var definition: DataDefinition
  /// The columns, each bound to the property of the same name.
  public var columns: [PostgresColumn]
  /// The `bigserial` primary key column (not a property).
  public var primaryKey: String
  /// The column keeping the order a person chose (0, 1, 2…), when the entity is ordered.
  public var positionColumn: String?
  /// The relationships: properties holding child objects kept in tables of their own, or
  /// pointing at objects of other entities (``PostgresRelationship``).
  public var relationships: [PostgresRelationship]
  /// Indexes over several columns, most significant first (text as lists sort it, ignoring
  /// case), for sorts such as last name then first name.
  public var indexes: [[String]] = []
  /// Columns renamed since an earlier version, new name by old name: an existing table's
  /// column is renamed, keeping its values, instead of a new empty column being added.
  public var renamedColumns: [String: String] = [:]
  /// The table's name in an earlier version, when it was renamed: the table is renamed,
  /// keeping its rows, instead of a new empty one being created; so are the join tables
  /// named after it, keeping its many-to-many pairs.
  public var renamedFrom: String?
  /// Whether its table was made elsewhere (``PostgresEntity/inferred(from:)``): the store
  /// creates, alters and triggers nothing, reads its rows without versions, and leaves out
  /// of an insert what the database computes.
  package var isExisting = false
  /// For a table made elsewhere whose changes no trigger announces: how often the store
  /// looks for other programs' changes. `nil` when the trigger announces them
  /// (``PostgresTriggers``).
  package var pollInterval: Duration?
  /// The column an update moves to the time of the change, when the program that made the
  /// table keeps one (``InferredTable/updateTimestamp(storedIn:)``).
  package var updateTimestamp: String?
  /// The SQL name of each column of a table made elsewhere whose name is not its key (a
  /// column "First Name"); a column's ``PostgresColumn/name`` is its key.
  package var columnKeys = ColumnKeys()

  /// Creates an entity from its columns.
  ///
  /// - Parameters:
  ///   - ordered: Whether rows keep an order a person can change (a `position` column);
  ///     otherwise they come in insertion order.
  ///   - relationships: Properties holding child objects, each kept in the child entity's
  ///     table, or pointing at objects of other entities (``PostgresRelationship``).
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

  /// Every identifier the SQL of this entity and of every entity its relationships reach
  /// uses, quoted (the names the store derives too: indexes, keys, join tables); an error
  /// names the first that is not a plain identifier (or, in a table made elsewhere, one
  /// PostgreSQL cannot hold), and a relationship whose key clashes with a column.
  func checkIdentifiers() throws(StoreError) {
    for entity in sharingGraph { try entity.checkOwnIdentifiers() }
  }

  /// The identifiers of this entity and of its children's tables.
  private func checkOwnIdentifiers() throws(StoreError) {
    // A table made elsewhere may have any name PostgreSQL holds ("Order Items"), quoted in
    // every statement; the tables a program declares, which its store creates, plain ones.
    func check(_ name: String) throws(StoreError) {
      _ = try isExisting ? PostgresIdentifier.quoted(name) : PostgresIdentifier.plainQuoted(name)
    }
    // The names of the indexes and keys the store creates, which a table made elsewhere
    // does not get.
    func checkMade(_ name: String) throws(StoreError) {
      if !isExisting { try check(name) }
    }
    try check(table)
    try check(primaryKey)
    if let positionColumn { try check(positionColumn) }
    for column in columns {
      try check(columnKeys.column(of: column.name))
      if column.isIndexed {
        try checkMade(SQLDialect.postgres.indexName(table, [column.name]))
      }
    }
    let renamed = renamedColumns.flatMap { [$0.key, $0.value] }
    for name in renamed + (renamedFrom.map { [$0] } ?? []) {
      try check(name)
    }
    for index in indexes where !index.isEmpty {
      try checkMade(SQLDialect.postgres.indexName(table, index))
      let known = Set(columnNames + [primaryKey] + (positionColumn.map { [$0] } ?? []))
      for name in index where !known.contains(name) {
        throw .invalidItem(
          "the index \(index) of '\(table)' names '\(name)', which is not a column")
      }
    }
    for relationship in toManyRelationships {
      try check(relationship.foreignKey)
      try checkMade(relationship.entity.table + "_" + relationship.foreignKey + "_idx")
      try relationship.entity.checkOwnIdentifiers()
      if !relationship.entity.references.isEmpty {
        throw .invalidItem(
          "'\(relationship.entity.table)', the children of '\(table).\(relationship.name)', "
            + "has to-one or many-to-many relationships, which only an entity with a store of "
            + "its own may have")
      }
      try relationship.entity.checkKey(relationship.foreignKey, of: table, relationship.name)
    }
    for relationship in references {
      switch relationship.kind {
      case .toOne:
        try check(relationship.foreignKey)
        try checkMade(table + "_" + relationship.foreignKey + "_idx")
        try checkMade(table + "_" + relationship.foreignKey + "_fkey")
        try checkKey(relationship.foreignKey, of: table, relationship.name)
      case .manyToMany, .toMany:
        let join = relationship.joinTableName(of: self)
        try check(join)
        for name in [join + "_target_idx", join + "_target_id_fkey"] { try checkMade(name) }
      }
    }
  }

  /// Refuses a relationship key (`relationship` of `owner`) that is already one of this
  /// entity's columns.
  private func checkKey(_ key: String, of owner: String, _ relationship: String)
    throws(StoreError)
  {
    let taken =
      column(key) != nil || key == primaryKey || key == positionColumn
      || references.contains {
        $0.kind == .toOne && $0.foreignKey == key && $0.name != relationship
      }
    if taken {
      throw .invalidItem(
        "the foreign key '\(key)' of '\(owner).\(relationship)' is already a column of '\(table)'")
    }
  }

  /// The column bound to the property `key`, quoted (``PostgresIdentifier/quoted(_:)``):
  /// the key itself, or the name of a column of a table made elsewhere that is not its key
  /// ("First Name").
  func quotedColumn(_ key: String) throws(StoreError) -> String {
    try PostgresIdentifier.quoted(columnKeys.column(of: key))
  }

  /// The relationship held in `name`, if any.
  public func relationship(_ name: String) -> PostgresRelationship? {
    relationship(named: name)
  }
}

extension PostgresEntity: RelationalEntity {
  package static var dialect: SQLDialect { .postgres }

  package var columnNames: [String] { columns.map(\.name) }

  package var schemaColumns: [SchemaPlan.Column] {
    columns.map { column in
      SchemaPlan.Column(
        name: column.name, type: column.kind.sqlType, isText: column.kind == .text,
        isNullable: column.isNullable, isUnique: column.isUnique, isIndexed: column.isIndexed,
        zeroLiteral: PostgresStore.zeroLiteral(column.kind))
    }
  }

  package var writableColumns: [SQLWritableColumn] {
    columns.filter { !$0.isReadOnly }.map { column in
      SQLWritableColumn(
        column.name, isNullable: column.isNullable, hasDefault: column.hasDefault,
        cast: column.writeCast, isUnique: column.isUnique)
    }
  }
}
