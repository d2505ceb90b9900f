/// The to-one keys that point at each table of a schema, and its join tables, found once for
/// the whole schema.
///
/// Each ``InferredSchema`` keeps one, made again whenever its tables change, so that asking
/// for one table's (``InferredSchema/inverseKeys(of:)``, ``InferredSchema/joins(pointingAt:)``)
/// takes the same time however many tables the schema has.
package struct SchemaReferences: Sendable {
  /// For each table's name, the to-one keys of the tables pointing at it, in the schema's
  /// order of tables and each table's order of keys.
  private let inverse: [String: [(table: InferredTable, key: InferredForeignKey)]]
  /// The join tables (``InferredSchema/joins``).
  package let joins: [InferredJoin]
  /// For each table's name, the positions in ``joins`` of the joins pointing at it, each
  /// once.
  private let joinsByTable: [String: [Int]]
  /// For each table's name, the full-text indexes of it, in the schema's order.
  private let fullTextIndexes: [String: [InferredTable]]

  /// The references of a schema of no tables.
  init() {
    inverse = [:]
    joins = []
    joinsByTable = [:]
    fullTextIndexes = [:]
  }

  package init(_ schema: InferredSchema) {
    var inverse: [String: [(table: InferredTable, key: InferredForeignKey)]] = [:]
    var fullTextIndexes: [String: [InferredTable]] = [:]
    for source in schema.tables {
      if source.kind == .fullTextIndex, let indexed = source.indexedTable {
        fullTextIndexes[indexed, default: []].append(source)
      }
      for key in schema.toOneKeys(of: source) {
        inverse[key.targetTable, default: []].append((source, key))
      }
    }
    self.inverse = inverse
    self.fullTextIndexes = fullTextIndexes
    let joins = schema.tables.compactMap(schema.join(of:))
    var joinsByTable: [String: [Int]] = [:]
    for (position, join) in joins.enumerated() {
      joinsByTable[join.source.targetTable, default: []].append(position)
      if join.target.targetTable != join.source.targetTable {
        joinsByTable[join.target.targetTable, default: []].append(position)
      }
    }
    self.joins = joins
    self.joinsByTable = joinsByTable
  }

  /// The foreign keys of other tables that point at `table` as to-ones, as
  /// ``InferredSchema/inverseKeys(of:)`` lists them.
  package func inverseKeys(of table: InferredTable) -> [(
    table: InferredTable, key: InferredForeignKey
  )] {
    inverse[table.name] ?? []
  }

  /// The joins of which at least one key points at `table`, in the order of ``joins``.
  package func joins(pointingAt table: String) -> [InferredJoin] {
    (joinsByTable[table] ?? []).map { joins[$0] }
  }

  /// The full-text indexes of `table` (those whose ``InferredTable/indexedTable`` it is), in
  /// the schema's order.
  package func fullTextIndexes(of table: String) -> [InferredTable] {
    fullTextIndexes[table] ?? []
  }
}
