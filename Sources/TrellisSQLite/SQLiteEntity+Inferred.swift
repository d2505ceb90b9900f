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
    return inferred(from: schema, names: names) { entity(of: $0, schema: schema, names: names) }
  }

  /// The table's entity without relationships: its columns, but those of its to-one keys.
  private static func entity(of table: InferredTable, schema: InferredSchema, names: InferredNames)
    -> SQLiteEntity?
  {
    let keys = Set(table.readOnlyReason == nil ? schema.toOneKeys(of: table).map(\.column) : [])
    // A column whose name no key can have is bound to a key made of it ("First Name" to
    // `First_Name`); the SQL names the column itself.
    let columnKeys = names.columnKeys(table)
    var columns: [SQLiteColumn] = []
    for column in table.shownColumns where !keys.contains(column.name) {
      var stored = SQLiteColumn(
        columnKeys.key(of: column.name), kind(column.kind), nullable: !column.isNotNull)
      stored.isUnique = column.isUnique
      stored.isReadOnly = !column.isEditable || table.readOnlyReason != nil
      stored.hasDefault = column.defaultSQL != nil
      if let layout = column.dateLayout { stored.dateLayout = layout }
      columns.append(stored)
    }
    // A table of keys only (a join table with a key of its own) is its to-ones.
    let toOnes = table.readOnlyReason == nil ? schema.toOneKeys(of: table) : []
    let keyNames = (columns.map(\.name) + toOnes.map { names.toOne($0, in: table) }).filter(isKey)
    guard !keyNames.isEmpty,
      let start = try? DataDefinition.dictionary(keys: keyNames.joined(separator: ";"))
    else { return nil }
    var entity = SQLiteEntity(
      table: table.name, definition: start, columns: columns, primaryKey: table.rowKey ?? "rowid")
    entity.columnKeys = columnKeys
    entity.definition = entity.inferredDefinition(of: table, names: names) ?? entity.definition
    entity.fullTextIndex = SQLiteFullTextIndex(
      of: table, in: schema, columns: columns, keys: columnKeys)
    entity.updateTimestamp = table.updateTimestamp(storedIn: columns.map(\.name))
    return entity
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
