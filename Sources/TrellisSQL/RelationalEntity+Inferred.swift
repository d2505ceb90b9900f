import Trellis

extension RelationalEntity {
  /// The entity of every table of `schema` that `bare` makes one for (from its columns, with
  /// no relationships), related as the schema says: each foreign key to another table's key
  /// a to-one (its inverse named on the target), each join table a many-to-many on both of
  /// its tables.
  ///
  /// `bare` is asked only for tables whose rows have a key.
  package static func inferred(
    from schema: InferredSchema, names: InferredNames, bare: (InferredTable) -> Self?
  ) -> [Self] {
    // Bare entities, the targets relationships point at.
    var targets: [String: Self] = [:]
    for table in schema.tables where table.kind == .table && table.rowKey != nil {
      targets[table.name] = bare(table)
    }
    var result: [Self] = []
    for table in schema.tables {
      guard var entity = targets[table.name] else { continue }
      for inferred in schema.relationships(of: table, names: names) {
        guard let target = targets[inferred.targetTable] else { continue }
        entity.relationships.append(SQLRelationship(inferred, to: target))
      }
      entity.definition = entity.inferredDefinition(of: table, names: names) ?? entity.definition
      result.append(entity)
    }
    // A row is one object whichever entity reads it: a relationship's target makes its
    // objects with every key of its table's own entity, relationships included.
    let definitions = Dictionary(
      result.map { ($0.table, $0.definition) }, uniquingKeysWith: { first, _ in first })
    for index in result.indices {
      for place in result[index].relationships.indices {
        let target = result[index].relationships[place].entity.table
        if let definition = definitions[target] {
          result[index].relationships[place].entity.definition = definition
        }
      }
    }
    return result
  }

  /// The dictionary definition of `table`'s rows (``InferredTable/rowDefinition``): a
  /// property per column the entity stores, required unless the entity accepts it empty,
  /// and one per relationship, a to-one required when its key is; `nil` when the table gives
  /// none.
  package func inferredDefinition(of table: InferredTable, names: InferredNames)
    -> DataDefinition?
  {
    table.rowDefinition(
      columns: columnNames.compactMap { table.column(columnKeys.column(of: $0)) },
      relationships: relationships.map { relationship in
        // A to-one whose key is `NOT NULL` without a default needs a row chosen.
        let isToOne = relationship.kind == .toOne
        let key = isToOne ? table.column(relationship.foreignKey) : nil
        return (relationship.name, isToOne, key?.isRequired ?? false)
      }, names: names, keys: columnKeys,
      isNullable: { acceptsEmpty(columnKeys.key(of: $0.name)) })
  }
}
