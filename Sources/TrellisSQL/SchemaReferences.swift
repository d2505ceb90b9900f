/// The to-one keys that point at each table of a schema, and its join tables, found once for
/// the whole schema.
///
/// Asking the schema for one table's (``InferredSchema/inverseKeys(of:)``) reads every
/// table's keys again: what asks for every table's (a description of each table) reads them
/// here instead, in time that grows with the square of the number of tables, not the cube.
package struct SchemaReferences: Sendable {
  /// For each table's name, the to-one keys of the tables pointing at it, in the schema's
  /// order of tables and each table's order of keys.
  private let inverse: [String: [(table: InferredTable, key: InferredForeignKey)]]
  /// The join tables (``InferredSchema/joins``).
  package let joins: [InferredJoin]

  package init(_ schema: InferredSchema) {
    var inverse: [String: [(table: InferredTable, key: InferredForeignKey)]] = [:]
    for source in schema.tables {
      for key in schema.toOneKeys(of: source) {
        inverse[key.targetTable, default: []].append((source, key))
      }
    }
    self.inverse = inverse
    joins = schema.joins
  }

  /// The foreign keys of other tables that point at `table` as to-ones, as
  /// ``InferredSchema/inverseKeys(of:)`` lists them.
  package func inverseKeys(of table: InferredTable) -> [(
    table: InferredTable, key: InferredForeignKey
  )] {
    inverse[table.name] ?? []
  }
}
