import Foundation
import Trellis
import TrellisSQL

extension SQLiteEntity {
  /// The entity of every table of `schema` whose rows have a key, related as the schema says:
  /// each foreign key to another table's key a to-one (its inverse named on the target), each
  /// join table a many-to-many on both of its tables. Tables without a key (views, `WITHOUT
  /// ROWID`) have none: they are listed by other means.
  package static func inferred(from schema: InferredSchema) -> [SQLiteEntity] {
    let names = InferredNames(schema)
    // Bare entities, the targets relationships point at.
    var bare: [String: SQLiteEntity] = [:]
    for table in schema.tables where table.kind == .table && table.rowKey != nil {
      bare[table.name] = entity(of: table, schema: schema, names: names)
    }
    var result: [SQLiteEntity] = []
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
          var relationship = SQLiteRelationship.manyToMany(
            inferred.name, to: target, joinTable: inferred.joinTable, inverse: inferred.inverse,
            deleteRule: inferred.deleteRule)
          relationship.joinSourceColumn = inferred.column
          relationship.joinTargetColumn = inferred.targetColumn ?? relationship.joinTargetColumn
          relationship.foreignKey = inferred.column
          entity.relationships.append(relationship)
        }
      }
      entity.definition = definition(of: table, entity: entity, schema: schema, names: names)
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

  /// The table's entity without relationships: its columns, but those of its to-one keys.
  private static func entity(of table: InferredTable, schema: InferredSchema, names: InferredNames)
    -> SQLiteEntity?
  {
    let keys = Set(table.readOnlyReason == nil ? schema.toOneKeys(of: table).map(\.column) : [])
    var columns: [SQLiteColumn] = []
    // A column whose name no key can have is left alone: never shown, read or written.
    for column in table.shownColumns where !keys.contains(column.name) && isKey(column.name) {
      var stored = SQLiteColumn(column.name, kind(column.kind), nullable: !column.isNotNull)
      stored.isUnique = column.isUnique
      stored.isReadOnly = !column.isEditable || table.readOnlyReason != nil
      columns.append(stored)
    }
    let keyNames = columns.map(\.name).filter(isKey)
    guard !keyNames.isEmpty,
      let start = try? DataDefinition.dictionary(keys: keyNames.joined(separator: ";"))
    else { return nil }
    var entity = SQLiteEntity(
      table: table.name, definition: start, columns: columns, primaryKey: table.rowKey ?? "rowid")
    entity.definition = definition(of: table, entity: entity, schema: schema, names: names)
    entity.fullTextIndex = SQLiteFullTextIndex(of: table, in: schema, columns: columns)
    return entity
  }

  /// The dictionary definition of a table's rows (``InferredTable/rowDefinition``): a
  /// property per column the entity stores, nullable as the column is, and per relationship.
  private static func definition(
    of table: InferredTable, entity: SQLiteEntity, schema: InferredSchema, names: InferredNames
  ) -> DataDefinition {
    let stored = Dictionary(entity.columns.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let columns = entity.columns.compactMap { table.column($0.name) }
    return table.rowDefinition(
      columns: columns,
      relationships: entity.relationships.map { ($0.name, $0.kind == .toOne) }, names: names,
      isNullable: { stored[$0.name]?.isNullable ?? true }) ?? entity.definition
  }

  /// Whether `name` can be a key of a names string: letters, digits and `_`.
  static func isKey(_ name: String) -> Bool { InferredNames.isKey(name) }

  /// The store's kind for an inferred column's.
  static func kind(_ kind: InferredColumn.Kind) -> SQLiteColumn.Kind {
    switch kind {
    case .text: .text
    case .integer: .integer
    case .real: .real
    case .bool: .bool
    case .date: .date
    case .dateText: .dateText
    case .blob: .blob
    }
  }
}
