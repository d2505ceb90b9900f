import Foundation
import Trellis
import TrellisSQL

extension PostgresEntity {
  /// The entity of every table of `schema` whose rows have an integer key, related as the
  /// schema says: each foreign key to another table's key a to-one (its inverse named on the
  /// target), each join table a many-to-many on both of its tables. The tables were made
  /// elsewhere (``isExisting``): the store reads and writes them as they are.
  package static func inferred(from schema: InferredSchema) -> [PostgresEntity] {
    let names = InferredNames(schema)
    var bare: [String: PostgresEntity] = [:]
    for table in schema.tables where table.kind == .table && table.rowKey != nil {
      bare[table.name] = entity(of: table, schema: schema)
    }
    var result: [PostgresEntity] = []
    for table in schema.tables {
      guard var entity = bare[table.name] else { continue }
      for inferred in schema.relationships(of: table, names: names) {
        guard let target = bare[inferred.targetTable] else { continue }
        switch inferred.kind {
        case .toOne:
          entity.relationships.append(
            .toOne(
              inferred.name, to: target, foreignKey: inferred.column, inverse: inferred.inverse,
              deleteRule: inferred.deleteRule))
        case .manyToMany:
          var relationship = PostgresRelationship.manyToMany(
            inferred.name, to: target, joinTable: inferred.joinTable, inverse: inferred.inverse,
            deleteRule: inferred.deleteRule)
          relationship.joinSourceColumn = inferred.column
          relationship.joinTargetColumn = inferred.targetColumn ?? relationship.joinTargetColumn
          // A join table made elsewhere keeps no order of its pairs.
          relationship.joinPositionColumn = nil
          entity.relationships.append(relationship)
        }
      }
      let columns = entity.columns.compactMap { table.column($0.name) }
      let stored = Dictionary(entity.columns.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
      if let definition = table.rowDefinition(
        columns: columns,
        relationships: entity.relationships.map { ($0.name, $0.kind == .toOne) }, names: names,
        isNullable: { column in
          guard let stored = stored[column.name] else { return true }
          return stored.isNullable || stored.hasDefault || stored.isReadOnly
        })
      {
        entity.definition = definition
      }
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

  /// The table's entity without relationships: its columns but its key and its to-one keys,
  /// each cast from and to its own type.
  private static func entity(of table: InferredTable, schema: InferredSchema) -> PostgresEntity? {
    let keys = Set(table.readOnlyReason == nil ? schema.toOneKeys(of: table).map(\.column) : [])
    var columns: [PostgresColumn] = []
    for column in table.shownColumns
    where !keys.contains(column.name) && PostgresIdentifier.isPlain(column.name) {
      var stored = PostgresColumn(column.name, kind(column.kind), nullable: !column.isNotNull)
      stored.isUnique = column.isUnique
      stored.isReadOnly = !column.isEditable || table.readOnlyReason != nil
      stored.hasDefault = column.defaultSQL != nil
      stored.storedType = column.declaredType
      columns.append(stored)
    }
    guard let rowKey = table.rowKey, !columns.isEmpty,
      let start = try? DataDefinition.dictionary(
        keys: columns.map(\.name).joined(separator: ";"))
    else { return nil }
    var entity = PostgresEntity(
      table: table.name, definition: start, columns: columns, primaryKey: rowKey)
    entity.isExisting = true
    return entity
  }

  /// The store's kind for an inferred column's.
  static func kind(_ kind: InferredColumn.Kind) -> PostgresColumn.Kind {
    switch kind {
    case .text: .text
    case .integer: .integer
    case .real: .double
    case .bool: .bool
    case .date, .dateText: .date
    case .blob: .bytes
    }
  }
}
