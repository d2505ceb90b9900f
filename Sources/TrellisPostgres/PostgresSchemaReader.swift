import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisSQL

/// Reads a PostgreSQL database's schema (the tables and views of its current schema) into an
/// ``InferredSchema``, from `pg_catalog`: columns with their types, `NOT NULL`s, defaults,
/// identities and generated values; enums' labels as choices; domains' types, `NOT NULL`s and
/// checks; primary keys, one-column foreign keys with their `ON DELETE` rules, one-column
/// `UNIQUE`s, and the `CHECK`s ``CheckConstraintReader`` can read.
package enum PostgresSchemaReader {
  /// The schema of the database `connection` is connected to.
  package static func read(_ connection: PostgresConnection, logger: Logger) async throws
    -> InferredSchema
  {
    let relations = try await self.relations(connection, logger)
    let enums = try await self.enums(connection, logger)
    let domainChecks = try await self.domainChecks(connection, logger)
    let columns = try await self.columns(connection, logger)
    let constraints = try await self.constraints(connection, logger)
    let uniqueIndexes = try await self.uniqueIndexes(connection, logger)
    // Each relation's columns, constraints and unique indexes, found once for all relations.
    let columnsByTable = Dictionary(grouping: columns, by: \.table)
    let constraintsByTable = Dictionary(grouping: constraints, by: \.table)
    let uniqueByTable = Dictionary(grouping: uniqueIndexes, by: \.table)
    let rowCounts = try await self.rowCounts(of: relations.map(\.name), connection, logger)
    var tables: [InferredTable] = []
    for relation in relations {
      var table = InferredTable(
        name: relation.name, kind: relation.kind == "v" || relation.kind == "m" ? .view : .table)
      for column in columnsByTable[relation.name] ?? [] {
        var inferred = InferredColumn(
          name: column.name, declaredType: column.type, kind: kind(of: column.baseType),
          isNotNull: column.notNull,
          defaultSQL: column.identity.isEmpty ? column.defaultSQL : "identity")
        inferred.isGenerated = !column.generated.isEmpty
        inferred.choices = enums[column.baseType] ?? []
        inferred.checks += PostgresTypeChecks.checks(of: column.type)
        if column.baseType == "time" || column.baseType == "timetz" {
          inferred.checks.append(.timeOfDay)
        }
        for check in domainChecks[column.typeName] ?? [] {
          let sql = "CHECK (" + PostgresCheckText.normalized(check, value: column.name) + ")"
          inferred.checks += CheckConstraintReader.checks(in: sql, columns: [column.name]).map(
            \.check)
        }
        table.columns.append(inferred)
      }
      table.rowCount = rowCounts[relation.name] ?? 0
      if table.kind == .view {
        table.readOnlyReason =
          relation.kind == "m"
          ? "a materialized view: its rows are computed from other tables"
          : "a view: its rows are computed from other tables"
        tables.append(table)
        continue
      }
      let own = constraintsByTable[relation.name] ?? []
      for constraint in own {
        switch constraint.type {
        case "p": table.primaryKey = constraint.columns
        case "u" where constraint.columns.count == 1:
          if let index = table.columns.firstIndex(where: { $0.name == constraint.columns[0] }) {
            table.columns[index].isUnique = true
          }
        case "f" where constraint.columns.count == 1 && constraint.targetColumns.count == 1:
          table.foreignKeys.append(
            InferredForeignKey(
              column: constraint.columns[0], targetTable: constraint.targetTable,
              targetColumn: constraint.targetColumns[0], onDelete: deleteAction(constraint.onDelete)
            ))
        case "c":
          let sql = "CHECK (" + PostgresCheckText.normalized(checkBody(constraint.definition)) + ")"
          for (name, check) in CheckConstraintReader.checks(
            in: sql, columns: table.columns.map(\.name))
          {
            if let index = table.columns.firstIndex(where: { $0.name == name }) {
              table.columns[index].checks.append(check)
            }
          }
        default: break
        }
      }
      for (_, column) in uniqueByTable[relation.name] ?? [] {
        if let index = table.columns.firstIndex(where: { $0.name == column }) {
          table.columns[index].isUnique = true
        }
      }
      decideKey(of: &table)
      if table.readOnlyReason == nil, let reason = table.bookkeepingReason {
        table.readOnlyReason = reason
        table.addingRefusal = nil
      }
      tables.append(table)
    }
    var schema = InferredSchema(tables: tables)
    schema.markJoinTables()
    return schema
  }

  /// The integer key that names a table's rows, or why the rows cannot be edited; and, for a
  /// key the database does not make, why rows cannot be added.
  static func decideKey(of table: inout InferredTable) {
    guard !table.primaryKey.isEmpty else {
      table.readOnlyReason = "it has no primary key to name a row by"
      return
    }
    guard table.primaryKey.count == 1, let key = table.column(table.primaryKey[0]) else {
      table.readOnlyReason =
        "its primary key has several columns (\(table.primaryKey.joined(separator: ", "))), "
        + "which Trellis does not edit by"
      return
    }
    guard key.kind == .integer else {
      table.readOnlyReason =
        "its primary key \(key.name) is \(key.declaredType), and Trellis names rows by "
        + "integer keys"
      return
    }
    // The table, its key and every column may have any name ("Order Items", "Customer ID"):
    // each column is bound to a key made of its name (``ColumnKeys``), and statements quote
    // every name.
    table.rowKey = key.name
    if table.shownColumns.isEmpty {
      table.readOnlyReason = "it has no column besides its key"
    } else if key.defaultSQL == nil {
      table.addingRefusal =
        "the database does not make its key \(key.name) (no default, no identity)"
    }
  }

  /// The kind a PostgreSQL type (its `typname`, a domain's base type's) gives; types of no
  /// other kind are edited as the text PostgreSQL reads and prints them as.
  static func kind(of type: String) -> InferredColumn.Kind {
    switch type {
    case "int2", "int4", "int8", "oid": .integer
    case "float4", "float8", "numeric", "money": .real
    case "bool": .bool
    case "date", "timestamp", "timestamptz": .date
    case "bytea": .blob
    default: .text
    }
  }

  /// What `confdeltype` says a foreign key does on delete.
  static func deleteAction(_ code: String) -> InferredForeignKey.DeleteAction {
    switch code {
    case "c": .cascade
    case "n": .setNull
    case "d": .setDefault
    case "r": .restrict
    default: .noAction
    }
  }

  /// The expression of `CHECK (expression)` (and `NOT VALID` dropped).
  static func checkBody(_ definition: String) -> String {
    var text = definition.trimmingCharacters(in: .whitespaces)
    if text.hasSuffix(" NOT VALID") { text.removeLast(" NOT VALID".count) }
    if text.hasPrefix("CHECK ") { text.removeFirst("CHECK ".count) }
    return text
  }
}
