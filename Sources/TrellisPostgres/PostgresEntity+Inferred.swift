import Foundation
import Trellis
import TrellisSQL

extension PostgresEntity {
  /// The entity of every table of `schema` whose rows have an integer key, related as the
  /// schema says: each foreign key to another table's key a to-one (its inverse named on the
  /// target), each join table a many-to-many on both of its tables. The tables were made
  /// elsewhere (``isExisting``): the store reads and writes them as they are.
  package static func inferred(from schema: InferredSchema) -> [PostgresEntity] {
    inferred(from: schema, names: InferredNames(schema)) { entity(of: $0, schema: schema) }
  }

  /// The table's entity without relationships: its columns but its key and its to-one keys,
  /// each cast from and to its own type.
  private static func entity(of table: InferredTable, schema: InferredSchema) -> PostgresEntity? {
    let keys = Set(table.readOnlyReason == nil ? schema.toOneKeys(of: table).map(\.column) : [])
    let names = InferredNames(schema)
    // A column whose name is not a key is bound to a key made of it ("First Name" to
    // `First_Name`); the SQL names the column itself.
    let columnKeys = names.columnKeys(table)
    var columns: [PostgresColumn] = []
    for column in table.shownColumns where !keys.contains(column.name) {
      var stored = PostgresColumn(
        columnKeys.key(of: column.name), kind(column.kind), nullable: !column.isNotNull)
      stored.isUnique = column.isUnique
      stored.isReadOnly = !column.isEditable || table.readOnlyReason != nil
      stored.hasDefault = column.defaultSQL != nil
      stored.storedType = column.declaredType
      columns.append(stored)
    }
    // A table of keys only (a join table with a key of its own) is its to-ones.
    let toOnes = table.readOnlyReason == nil ? schema.toOneKeys(of: table) : []
    let starting = columns.map(\.name) + toOnes.map { names.toOne($0, in: table) }
    guard let rowKey = table.rowKey, !starting.isEmpty,
      let start = try? DataDefinition.dictionary(keys: starting.joined(separator: ";"))
    else { return nil }
    var entity = PostgresEntity(
      table: table.name, definition: start, columns: columns, primaryKey: rowKey)
    entity.isExisting = true
    entity.columnKeys = columnKeys
    entity.updateTimestamp = table.updateTimestamp(storedIn: columns.map(\.name))
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
