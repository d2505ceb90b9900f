import TrellisValues

/// A database's tables and views as the screens inferred from them need them: columns and
/// their kinds, keys, the checks Trellis can read, foreign keys and join tables.
///
/// A schema reader fills it in for its database (from SQLite's pragmas, or PostgreSQL's
/// catalog); what lists, forms and descriptors are made of it does not
/// depend on where it came from.
package struct InferredSchema: Hashable, Sendable {
  /// The tables and views, in the order the database lists them (by name).
  package var tables: [InferredTable] { didSet { index() } }
  /// The position in ``tables`` of each name's first table, so that finding a table by name
  /// takes the same time however many tables there are.
  private(set) var positions: [String: Int] = [:]
  /// The join tables and the to-one keys pointing at each table, found once per change of
  /// ``tables`` rather than once per table that asks.
  private var references = SchemaReferences()

  /// Creates a schema.
  package init(tables: [InferredTable] = []) {
    self.tables = tables
    index()
  }

  /// Finds every table's position, then the joins and references, which look tables up.
  private mutating func index() {
    var positions: [String: Int] = [:]
    for (position, table) in tables.enumerated() where positions[table.name] == nil {
      positions[table.name] = position
    }
    self.positions = positions
    references = SchemaReferences(self)
  }

  package static func == (left: Self, right: Self) -> Bool { left.tables == right.tables }

  package func hash(into hasher: inout Hasher) { hasher.combine(tables) }

  /// The table or view named `name`.
  package func table(_ name: String) -> InferredTable? { positions[name].map { tables[$0] } }

  /// The join tables: tables of two foreign keys that together are the primary key, each
  /// pointing at a table with a usable key. They are shown as many-to-many selections on
  /// both sides rather than edited themselves.
  package var joins: [InferredJoin] { references.joins }

  /// The joins of which at least one key points at `table`, in the order of ``joins``.
  package func joins(pointingAt table: String) -> [InferredJoin] {
    references.joins(pointingAt: table)
  }

  /// The full-text indexes of `table`, in the order of ``tables``.
  package func fullTextIndexes(of table: String) -> [InferredTable] {
    references.fullTextIndexes(of: table)
  }

  /// The join `table` is, when it is one (see ``joins``).
  package func join(of table: InferredTable) -> InferredJoin? {
    guard table.kind == .table, table.primaryKey.count == 2, table.foreignKeys.count == 2,
      Set(table.foreignKeys.map(\.column)) == Set(table.primaryKey)
    else { return nil }
    let first = table.foreignKeys[0]
    let second = table.foreignKeys[1]
    guard let source = self.table(first.targetTable), let target = self.table(second.targetTable),
      source.rowKey != nil, target.rowKey != nil,
      first.targetColumn == nil || first.targetColumn == source.rowKey,
      second.targetColumn == nil || second.targetColumn == target.rowKey
    else { return nil }
    return InferredJoin(table: table.name, source: first, target: second, onDelete: first.onDelete)
  }

  /// The foreign keys of `table` that become to-one selections: those pointing at the key of
  /// a table with a usable key, from a table that is not a join table.
  package func toOneKeys(of table: InferredTable) -> [InferredForeignKey] {
    guard table.rowKey != nil, table.readOnlyReason == nil, join(of: table) == nil else {
      return []
    }
    return table.foreignKeys.filter { key in
      guard let target = self.table(key.targetTable), let targetKey = target.rowKey,
        target.kind == .table, target.readOnlyReason == nil,
        key.targetColumn == nil || key.targetColumn == targetKey,
        table.column(key.column) != nil
      else { return false }
      return true
    }
  }

  /// The foreign keys of other tables that point at `table` as to-ones.
  package func inverseKeys(of table: InferredTable) -> [(
    table: InferredTable, key: InferredForeignKey
  )] {
    references.inverseKeys(of: table)
  }
}

/// A table or view of an ``InferredSchema``.
package struct InferredTable: Hashable, Sendable {
  /// What kind of relation it is.
  package enum Kind: String, Hashable, Sendable {
    /// An ordinary table.
    case table
    /// A view: read-only.
    case view
    /// A full-text index (an FTS virtual table): it gives the search of the table it indexes.
    case fullTextIndex
  }

  /// The table's name.
  package var name: String
  /// Table, view or full-text index.
  package var kind: Kind
  /// The columns, in declared order.
  package var columns: [InferredColumn]
  /// The primary key's columns, in key order; empty when it has none (rows by row id).
  package var primaryKey: [String]
  /// The integer key that names a row: an `INTEGER PRIMARY KEY` column, or `rowid` for a
  /// table with a row id but no such column; `nil` when there is none (views, tables
  /// `WITHOUT ROWID`).
  package var rowKey: String?
  /// Its foreign keys.
  package var foreignKeys: [InferredForeignKey]
  /// Why its rows cannot be edited (a view, a composite key), `nil` when they can.
  package var readOnlyReason: String?
  /// How many rows it held when read.
  package var rowCount: Int
  /// For a full-text index: the table it indexes (its `content=` table), when known.
  package var indexedTable: String?
  /// For an FTS5 index: the integer column of the indexed table that its `rowid` is (its
  /// `content_rowid=`, `rowid` when not given); `nil` for any other table or full-text module.
  package var indexedRowKey: String?
  /// Why rows cannot be added although they can be edited (a key the database does not
  /// make), `nil` when they can.
  package var addingRefusal: String?

  /// Creates a table.
  package init(
    name: String, kind: Kind = .table, columns: [InferredColumn] = [], primaryKey: [String] = [],
    rowKey: String? = nil, foreignKeys: [InferredForeignKey] = [], readOnlyReason: String? = nil,
    rowCount: Int = 0
  ) {
    self.name = name
    self.kind = kind
    self.columns = columns
    self.primaryKey = primaryKey
    self.rowKey = rowKey
    self.foreignKeys = foreignKeys
    self.readOnlyReason = readOnlyReason
    self.rowCount = rowCount
  }

  /// The column named `name`.
  package func column(_ name: String) -> InferredColumn? { columns.first { $0.name == name } }

  /// The columns a form shows: every column but the row key.
  package var shownColumns: [InferredColumn] { columns.filter { $0.name != rowKey } }
}

/// One column of an ``InferredTable``.
package struct InferredColumn: Hashable, Sendable {
  /// The kind of value a column holds, which picks its control.
  package enum Kind: String, Hashable, Sendable {
    /// Text: a text field.
    case text
    /// A whole number: a number field.
    case integer
    /// A number: a number field.
    case real
    /// A Boolean: a switch.
    case bool
    /// A date stored as seconds since 1970 (the values are numbers): a date picker.
    case date
    /// A date stored as ISO 8601 text (`2024-05-01 12:00:00`), in the column's
    /// ``InferredColumn/dateLayout``: a date picker.
    case dateText
    /// Bytes: read-only.
    case blob
  }

  /// The column's name.
  package var name: String
  /// The declared type, as written (`VARCHAR(40)`).
  package var declaredType: String
  /// The kind its declared type (and, for dates, its values) says.
  package var kind: Kind
  /// Whether it refuses NULL.
  package var isNotNull: Bool
  /// Its default, as SQL text, when it has one.
  package var defaultSQL: String?
  /// Whether its value is computed (`GENERATED ALWAYS AS`): shown, never edited.
  package var isGenerated = false
  /// Whether no two rows may hold the same value (a one-column `UNIQUE` constraint or index).
  package var isUnique = false
  /// The checks on its values Trellis can read from `CHECK` constraints.
  package var checks: [ColumnCheck] = []
  /// The values it may hold, in order, when its type lists them (a PostgreSQL enum): a form
  /// offers them as choices.
  package var choices: [String] = []
  /// How a ``Kind/dateText`` column writes its dates: as the text it holds does, or as its
  /// declared type says when it holds none yet.
  package var dateLayout: DateTextLayout?
  /// For a text primary key holding UUIDs, how a new row's key is made.
  package var uuidKeys: UUIDKeys?

  /// Creates a column.
  package init(
    name: String, declaredType: String, kind: Kind, isNotNull: Bool = false,
    defaultSQL: String? = nil
  ) {
    self.name = name
    self.declaredType = declaredType
    self.kind = kind
    self.isNotNull = isNotNull
    self.defaultSQL = defaultSQL
  }

  /// Whether a form must have a value before it saves: `NOT NULL` without a default.
  package var isRequired: Bool { isNotNull && defaultSQL == nil && !isGenerated }

  /// Whether its dates have a time of day: its type says so (`DATETIME`, `TIMESTAMP`), or
  /// the text it holds has one.
  package var datesHaveTimes: Bool {
    guard kind == .date || kind == .dateText else { return false }
    return dateLayout?.includesTime ?? declaredType.uppercased().contains("TIME")
  }

  /// Whether a form may change it: not generated, not bytes.
  package var isEditable: Bool { !isGenerated && kind != .blob }

  /// Whether a declared type names a time of day alone (`TIME`, `TIME WITH TIME ZONE`), with
  /// no day: such a column is edited as the text it holds (`09:30`), checked as a time, and
  /// never written as a date.
  package static func holdsTimesOfDay(declared type: String) -> Bool {
    let type = type.uppercased()
    return type.contains("TIME") && !type.contains("DATE") && !type.contains("STAMP")
  }

  /// The kind a declared type gives, by SQLite's affinity rules, with `BOOL` read as a
  /// Boolean, `DATE` or `DATETIME` as a date (whose values then say how it is stored), and a
  /// time of day alone as text.
  package static func kind(declared type: String) -> Kind {
    let type = type.uppercased()
    if type.contains("INT") { return type.contains("BOOL") ? .bool : .integer }
    if type.contains("BOOL") { return .bool }
    if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return .text }
    if holdsTimesOfDay(declared: type) { return .text }
    if type.contains("DATE") || type.contains("TIME") { return .date }
    if type.contains("BLOB") { return .blob }
    if type.isEmpty { return .text }
    return .real
  }
}

/// A foreign key of an ``InferredTable``: one column pointing at another table's key.
package struct InferredForeignKey: Hashable, Sendable {
  /// What deleting the row pointed at does to the rows pointing at it (`ON DELETE`).
  package enum DeleteAction: String, Hashable, Sendable {
    case noAction, restrict, setNull, setDefault, cascade

    /// The action as SQL writes it (`ON DELETE CASCADE`).
    package init(sql: String) {
      switch sql.uppercased() {
      case "CASCADE": self = .cascade
      case "SET NULL": self = .setNull
      case "SET DEFAULT": self = .setDefault
      case "RESTRICT": self = .restrict
      default: self = .noAction
      }
    }

    /// What it does, in words, for a footer: "deleting an artist deletes their albums".
    package var words: String {
      switch self {
      case .cascade: "deletes"
      case .setNull, .setDefault: "clears the reference of"
      case .restrict, .noAction: "is refused while it has"
      }
    }
  }

  /// The column of this table holding the key.
  package var column: String
  /// The table pointed at.
  package var targetTable: String
  /// The column pointed at; `nil` for the target's primary key.
  package var targetColumn: String?
  /// What deleting the row pointed at does.
  package var onDelete: DeleteAction

  /// Creates a foreign key.
  package init(
    column: String, targetTable: String, targetColumn: String? = nil,
    onDelete: DeleteAction = .noAction
  ) {
    self.column = column
    self.targetTable = targetTable
    self.targetColumn = targetColumn
    self.onDelete = onDelete
  }
}

/// A join table of an ``InferredSchema``: pairs of rows of two tables, shown as a
/// many-to-many selection on each side.
package struct InferredJoin: Hashable, Sendable {
  /// The join table.
  package var table: String
  /// Its key pointing at the first table (the "source" side).
  package var source: InferredForeignKey
  /// Its key pointing at the second table.
  package var target: InferredForeignKey
  /// What deleting a row of either side does to its pairs.
  package var onDelete: InferredForeignKey.DeleteAction
}
