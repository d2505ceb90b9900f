import TrellisSQL

/// The to-one keys that point at each table of a schema, and its join tables, found once for
/// the whole schema.
///
/// Asking the schema for one table's (``InferredSchema/inverseKeys(of:)``) reads every
/// table's keys again, so asking it for every table's took time in the cube of the number of
/// tables: 400 tables chained by foreign keys took seconds to describe.
struct SchemaReferences {
  /// For each table's name, the to-one keys of the tables pointing at it, in the schema's
  /// order of tables and each table's order of keys.
  private let inverse: [String: [(table: InferredTable, key: InferredForeignKey)]]
  /// The join tables (``InferredSchema/joins``).
  let joins: [InferredJoin]

  init(_ schema: InferredSchema) {
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
  func inverseKeys(of table: InferredTable) -> [(table: InferredTable, key: InferredForeignKey)] {
    inverse[table.name] ?? []
  }
}
