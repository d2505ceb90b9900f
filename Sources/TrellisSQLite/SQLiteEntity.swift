import Foundation
import Trellis
import TrellisSQL

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
  public var table: String { didSet { reads = SQLiteEntityReads() } }
  /// How rows become objects and how objects are read and written (by property name).
  public var definition: DataDefinition { didSet { reads = SQLiteEntityReads() } }
  /// The columns, each bound to the property of the same name.
  public var columns: [SQLiteColumn] { didSet { reads = SQLiteEntityReads() } }
  /// The relationships: to-many arrays of child objects stored in other tables, and to-one
  /// references to objects of other entities.
  public var relationships: [SQLiteRelationship] { didSet { reads = SQLiteEntityReads() } }
  /// The integer primary key column (not a property).
  public var primaryKey: String { didSet { reads = SQLiteEntityReads() } }
  /// The column keeping the order a person chose, when the entity is ordered: consecutive
  /// values in the rows' order, from a first one that need not be 0 (from 0 within the
  /// parent, for children).
  public var positionColumn: String? { didSet { reads = SQLiteEntityReads() } }
  /// Indexes over several columns, most significant first (text columns ignore case), for
  /// sorts such as last name then first name: a sorted, searched batch can then stop early.
  public var indexes: [[String]] = []
  /// Columns renamed since an earlier version, new name by old name: an existing file's
  /// column is renamed, keeping its values, instead of a new empty column being added.
  public var renamedColumns: [String: String] = [:]
  /// The table's name in an earlier version, when it was renamed: the table is renamed,
  /// keeping its rows, and so are the join tables named after it, keeping its many-to-many
  /// pairs.
  public var renamedFrom: String?
  /// Whether opening a file whose table has columns the entity no longer has drops them (and
  /// their values); when `false`, the store refuses to open, naming them.
  public var allowsDroppingColumns = false
  /// The FTS5 index a search looks in, when the table has one: its words then match as
  /// prefixes of the indexed words.
  package var fullTextIndex: SQLiteFullTextIndex?
  /// The column an update moves to the time of the change, when the program that made the
  /// table keeps one (``InferredTable/updateTimestamp(storedIn:)``).
  package var updateTimestamp: String?
  /// The SQL name of each column whose name is not its key (a table made elsewhere, with a
  /// column "First Name"); a column's ``SQLiteColumn/name`` is its key.
  package var columnKeys = ColumnKeys() { didSet { reads = SQLiteEntityReads() } }
  /// Data migrations, run once each in order after the table has every declared column.
  public var migrations: [SQLiteMigration] = []
  /// What reads derive from the properties above that shape a row (its table, columns,
  /// relationships, key, order and definition), made once; each of those properties
  /// replaces it when it changes.
  var reads = SQLiteEntityReads()

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

  /// The to-many relationships read with their parent.
  var eagerToManyRelationships: [SQLiteRelationship] {
    toManyRelationships.filter { $0.loading == .withParent }
  }
}

extension SQLiteEntity: RelationalEntity {
  package static var dialect: SQLDialect { .sqlite }

  package var columnNames: [String] { columns.map(\.name) }

  package func rowsSelect() -> String { reads.derived(from: self).select }

  package var defaultOrder: String { reads.derived(from: self).order }

  package var schemaColumns: [SchemaPlan.Column] {
    columns.map { column in
      SchemaPlan.Column(
        name: column.name, type: column.kind.sqlType, isText: column.kind == .text,
        isNullable: column.isNullable, isUnique: column.isUnique, isIndexed: column.isIndexed,
        defaultLiteral: column.defaultValue.map(SQLiteValues.literal),
        zeroLiteral: SQLiteValues.literal(column.kind.zero))
    }
  }

  package var writableColumns: [SQLWritableColumn] {
    columns.filter { !$0.isReadOnly }.map { column in
      SQLWritableColumn(
        column.name, isNullable: column.isNullable,
        hasDefault: column.hasDefault || column.defaultValue != nil, isUnique: column.isUnique)
    }
  }
}

extension String {
  /// The text as a quoted SQL identifier.
  var quoted: String {
    SQLDialect.sqlite.quoted(self)
  }
}
