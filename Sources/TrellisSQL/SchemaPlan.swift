import Trellis

/// The tables, columns, keys and indexes a graph of entities needs in its database, with the
/// renames that bring an earlier version's tables to them: what the SQL stores create and
/// migrate, modelled once for every dialect.
///
/// Each store carries the plan out its own way, with the statements its dialect writes
/// (``SQLDialect/createTable(_:)`` and the rest): SQLite as GRDB migrations, each recorded in
/// the file under a name that never changes; PostgreSQL by adding what its catalog lacks,
/// under an advisory lock. What only one database has stays with its store: SQLite's data
/// migrations and dropped columns, PostgreSQL's triggers and foreign keys.
package struct SchemaPlan: Sendable {
  /// The dialect the statements are written in.
  package var dialect: SQLDialect
  /// The entities' tables, parents before their children.
  package var tables: [Table]
  /// The join tables of the many-to-many relationships, after every table they point at.
  package var joinTables: [JoinTable]

  /// The plan for `nodes` (an entity's ``RelationalEntity/graph``, or several trees), each
  /// table once; `versionColumn` is the column counting a row's versions that every table
  /// without a parent keeps, for a store that keeps them.
  package init<Entity: RelationalEntity>(
    _ nodes: [(entity: Entity, parent: (entity: Entity, foreignKey: String)?)],
    versionColumn: String? = nil
  ) {
    dialect = Entity.dialect
    var seen = Set<String>()
    tables = []
    joinTables = []
    for (entity, parent) in nodes where seen.insert(entity.table).inserted {
      tables.append(
        Table(entity, parent: parent, versionColumn: parent == nil ? versionColumn : nil))
    }
    var joins = Set<String>()
    for (entity, _) in nodes {
      for relationship in entity.manyToManyRelationships {
        let join = JoinTable(relationship, of: entity)
        if joins.insert(join.name).inserted { joinTables.append(join) }
      }
    }
  }
}

extension SchemaPlan {
  /// A column an entity declares, as its table is created or altered.
  package struct Column: Hashable, Sendable {
    /// The column's name.
    package var name: String
    /// Its type in the dialect's SQL (`TEXT`, `bigint`…).
    package var type: String
    /// Whether it holds text, which indexes and sorts compare ignoring case.
    package var isText: Bool
    /// Whether it may hold NULL.
    package var isNullable: Bool
    /// Whether no two rows may share a value.
    package var isUnique: Bool
    /// Whether it has an index of its own.
    package var isIndexed: Bool
    /// The literal a new row gets when it sets nothing, if the entity declares one.
    package var defaultLiteral: String?
    /// The literal the rows a table already has get in a column added as NOT NULL.
    package var zeroLiteral: String

    /// Describes a column.
    package init(
      name: String, type: String, isText: Bool, isNullable: Bool, isUnique: Bool = false,
      isIndexed: Bool = false, defaultLiteral: String? = nil, zeroLiteral: String
    ) {
      self.name = name
      self.type = type
      self.isText = isText
      self.isNullable = isNullable
      self.isUnique = isUnique
      self.isIndexed = isIndexed
      self.defaultLiteral = defaultLiteral
      self.zeroLiteral = zeroLiteral
    }
  }

  /// A key column pointing at another table's rows: a child's parent, or a to-one's target.
  package struct Reference: Hashable, Sendable {
    /// The column holding the key, in the table that has the reference.
    package var column: String
    /// The table pointed at.
    package var table: String
    /// Its primary key.
    package var key: String
    /// What deleting the row pointed at does to the rows pointing at it.
    package var deleteRule: RelationshipDeleteRule
  }

  /// One entity's table.
  package struct Table: Sendable {
    /// The table's name.
    package var name: String
    /// Its name in an earlier version, when it was renamed.
    package var renamedFrom: String?
    /// Columns renamed since an earlier version, as (old, new), by old name.
    package var renamedColumns: [(old: String, new: String)]
    /// The integer primary key.
    package var key: String
    /// The columns the entity declares, in its order.
    package var columns: [Column]
    /// The parent's key, for a child table: its rows go with their parent.
    package var parent: Reference?
    /// The column keeping the order a person chose, when the entity is ordered.
    package var position: String?
    /// The column counting each row's versions, for a store that keeps them.
    package var version: String?
    /// The to-one relationships' key columns.
    package var references: [Reference]
    /// Indexes over several columns, most significant first.
    package var indexes: [[String]]

    init<Entity: RelationalEntity>(
      _ entity: Entity, parent: (entity: Entity, foreignKey: String)?, versionColumn: String?
    ) {
      name = entity.table
      renamedFrom = entity.renamedFrom.flatMap { $0 == entity.table ? nil : $0 }
      renamedColumns = entity.renamedColumns.map { (old: $0.value, new: $0.key) }
        .sorted { $0.old < $1.old }
      key = entity.primaryKey
      columns = entity.schemaColumns
      self.parent = parent.map {
        Reference(
          column: $0.foreignKey, table: $0.entity.table, key: $0.entity.primaryKey,
          deleteRule: .cascade)
      }
      position = entity.positionColumn
      version = versionColumn
      references = entity.toOneRelationships.map {
        Reference(
          column: $0.foreignKey, table: $0.entity.table, key: $0.entity.primaryKey,
          deleteRule: $0.deleteRule)
      }
      indexes = entity.indexes.filter { !$0.isEmpty }
    }

    /// The declared column `name`, if any.
    package func column(_ name: String) -> Column? { columns.first { $0.name == name } }
  }

  /// The join table of a many-to-many relationship: one row per pair, deleted with the row
  /// holding it.
  package struct JoinTable: Sendable {
    /// The join table's name.
    package var name: String
    /// The column holding the key of the row that holds the pair, pointing at it.
    package var source: Reference
    /// The column holding the key of the row held, and what deleting that row does to the
    /// pair: it goes with it unless the rule refuses (deny) or leaves it (no action).
    package var target: Reference
    /// The column keeping the pairs' order, when the dialect keeps one.
    package var position: String?
    /// Its name in an earlier version: the default name after a table since renamed.
    package var renamedFrom: String?

    init<Entity: RelationalEntity>(_ relationship: SQLRelationship<Entity>, of entity: Entity) {
      name = relationship.joinTableName(of: entity)
      if relationship.joinTable == nil, let old = entity.renamedFrom, old != entity.table {
        renamedFrom = "\(old)_\(relationship.name)"
      }
      source = Reference(
        column: relationship.joinSourceColumn, table: entity.table, key: entity.primaryKey,
        deleteRule: .cascade)
      target = Reference(
        column: relationship.joinTargetColumn, table: relationship.entity.table,
        key: relationship.entity.primaryKey,
        deleteRule: relationship.deleteRule == .nullify ? .cascade : relationship.deleteRule)
      position = relationship.joinPositionColumn
    }
  }
}
