import Trellis

/// What an SQL table holds and how its rows become objects, as the relational layer shared
/// by the SQL stores sees it: the table, its key, its order, and its relationships.
///
/// `SQLiteEntity` and `PostgresEntity` conform; what they model alike (relationships and
/// their kinds, the tree of children, the graph of entities whose stores share objects, the
/// entities a schema implies) is written once here, in terms of the store's ``dialect``.
package protocol RelationalEntity: Sendable {
  /// The SQL the store writes for this entity's table.
  static var dialect: SQLDialect { get }
  /// The table's name.
  var table: String { get }
  /// How rows become objects and how objects are read and written (by property name).
  var definition: DataDefinition { get set }
  /// The integer primary key column (not a property).
  var primaryKey: String { get }
  /// The column keeping the order a person chose, when the entity is ordered.
  var positionColumn: String? { get }
  /// The relationships: to-many children, to-one references and many-to-many lists.
  var relationships: [SQLRelationship<Self>] { get set }
  /// The keys of the properties the columns are bound to, each the column's name but where
  /// ``columnKeys`` says otherwise.
  var columnNames: [String] { get }
  /// The SQL name of each column bound to a key that is not its name ("First Name" for
  /// `First_Name`): every statement names a column by ``sqlColumn(_:)``.
  var columnKeys: ColumnKeys { get }
  /// The columns as the schema declares them (``SchemaPlan``).
  var schemaColumns: [SchemaPlan.Column] { get }
  /// The columns writes store, in the entity's order: every column but those the database
  /// computes.
  var writableColumns: [SQLWritableColumn] { get }
  /// Indexes over several columns, most significant first.
  var indexes: [[String]] { get }
  /// The table's name in an earlier version, when it was renamed.
  var renamedFrom: String? { get }
  /// Columns renamed since an earlier version, new name by old name.
  var renamedColumns: [String: String] { get }
  /// The column an update moves to the time of the change (a table's `updated_at` that its
  /// app keeps), `nil` when there is none.
  var updateTimestamp: String? { get }
  /// The columns every read of a row selects, as SQL: the key, the declared columns and the
  /// to-one keys, in the entity's order, then any the store adds to the rows of a table that
  /// is not a child's (PostgreSQL's version), unless `child`.
  func selectedColumns(child: Bool) throws(StoreError) -> [String]
  /// `SELECT` of the rows' ``selectedColumns(child:)`` from the table, without a condition;
  /// an entity may keep it rather than build it for each read.
  func rowsSelect() throws(StoreError) -> String
  /// The order rows come in: by position, then by primary key, quoted; an entity may keep it
  /// rather than build it for each read.
  var defaultOrder: String { get }
  /// The kind of the values the stored column `name` holds, as predicates compare them and
  /// sorts order them (text ignoring case); `nil` when the entity stores no such column.
  func columnKind(_ name: String) -> SQLColumn.Kind?
  /// The condition of a search for `text` (not empty) in `keyPaths`, with its arguments, its
  /// placeholders numbered after `placeholderOffset` arguments; `nil` when SQL cannot answer
  /// it as the list would in memory, which then searches there.
  func searchCondition(for text: String, in keyPaths: [String], placeholderOffset: Int)
    -> (sql: String, arguments: [Value])?
}

extension RelationalEntity {
  /// Whether a row may leave the column `name` empty (NULL, or what the database computes or
  /// gives by default): a form inferred from the schema does not require it.
  package func acceptsEmpty(_ name: String) -> Bool {
    guard columnNames.contains(name),
      let column = writableColumns.first(where: { $0.name == name })
    else { return true }
    return column.isNullable || column.hasDefault
  }

  /// The column bound to the property `key`, quoted: what SQL names it by.
  package func sqlColumn(_ key: String) -> String {
    Self.dialect.quoted(columnKeys.column(of: key))
  }

  /// The relationship held in `name`, if any.
  package func relationship(named name: String) -> SQLRelationship<Self>? {
    relationships.first { $0.name == name }
  }

  /// The to-many relationships, whose children live in tables of their own.
  package var toManyRelationships: [SQLRelationship<Self>] {
    relationships.filter { $0.kind == .toMany }
  }

  /// The to-one relationships, whose foreign keys are columns of this table.
  package var toOneRelationships: [SQLRelationship<Self>] {
    relationships.filter { $0.kind == .toOne }
  }

  /// The many-to-many relationships, kept in join tables.
  package var manyToManyRelationships: [SQLRelationship<Self>] {
    relationships.filter { $0.kind == .manyToMany }
  }

  /// The to-one and many-to-many relationships: objects of entities with stores of their own.
  package var references: [SQLRelationship<Self>] {
    relationships.filter { $0.kind != .toMany }
  }

  /// This entity's table and every child table under it, parents first.
  package var tables: [String] { [table] + toManyRelationships.flatMap(\.entity.tables) }

  /// This entity and every entity below it through to-many relationships, parents first, each
  /// with its parent and the child table's column holding the parent's key.
  package var tree: [(entity: Self, parent: (entity: Self, foreignKey: String)?)] {
    var result: [(entity: Self, parent: (entity: Self, foreignKey: String)?)] = [(self, nil)]
    for relationship in toManyRelationships {
      for (child, parent) in relationship.entity.tree {
        result.append((child, parent ?? (self, relationship.foreignKey)))
      }
    }
    return result
  }

  /// Every entity the database holds with this one: its tree, then the targets of to-one and
  /// many-to-many relationships anywhere in it with their own trees, each table once, in that
  /// order.
  package var graph: [(entity: Self, parent: (entity: Self, foreignKey: String)?)] {
    var result: [(entity: Self, parent: (entity: Self, foreignKey: String)?)] = []
    var seen = Set<String>()
    var pending = [self]
    while !pending.isEmpty {
      let root = pending.removeFirst()
      for node in root.tree where seen.insert(node.entity.table).inserted {
        result.append(node)
        pending += node.entity.references.map(\.entity)
      }
    }
    return result
  }

  /// This entity and every entity its to-one and many-to-many relationships reach (and
  /// theirs), each table once, this one first: the entities whose stores share objects.
  package var sharingGraph: [Self] {
    var result: [Self] = []
    var seen = Set<String>()
    var pending = [self]
    while !pending.isEmpty {
      let entity = pending.removeFirst()
      guard seen.insert(entity.table).inserted else { continue }
      result.append(entity)
      pending += entity.references.map(\.entity)
    }
    return result
  }

  /// The columns rows come in order of, quoted: position (when the entity keeps one), then
  /// primary key.
  package var orderColumns: [String] {
    [positionColumn, primaryKey].compactMap { $0.map(Self.dialect.quoted) }
  }

  /// The order rows come in: by position, then by primary key, quoted.
  package var defaultOrder: String { orderColumns.joined(separator: ", ") }

  /// `SELECT` of the rows' columns from the table, built now.
  package func rowsSelect() throws(StoreError) -> String {
    "SELECT \((try selectedColumns(child: false)).joined(separator: ", ")) FROM "
      + Self.dialect.quoted(table)
  }
}
