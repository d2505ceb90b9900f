import Foundation
import Logging
import PostgresNIO
import Trellis

/// One relationship's children as a write will store them, read from the objects before the
/// transaction starts (the transaction runs elsewhere and touches no object).
struct PostgresChildPlan: Sendable {
  /// The relationship the rows belong to.
  var relationship: PostgresRelationship
  /// The children, in the array's order.
  var rows: [Row]

  /// One child: its key when the store knows its row, how it is written, its own children.
  struct Row: Sendable {
    var id: Int64?
    /// Its `UPDATE` when the store knows its row, short of the parent's key, its place and its
    /// key.
    var update: PostgresStatement?
    /// Its `INSERT`, short of the parent's key and its place: a new child, or one whose row
    /// another server deleted meanwhile.
    var insert: PostgresStatement
    var children: [PostgresChildPlan]
  }
}

extension PostgresStore {
  /// The children of an object for every relationship of `entity`, and the child objects in
  /// the order ``writeChildren(_:parent:connection:logger:)`` returns their keys.
  func childPlans(
    of kvc: KeyValueCoding, entity: PostgresEntity, objects: inout [(AnyObject, String)]
  ) throws(StoreError) -> [PostgresChildPlan] {
    var plans: [PostgresChildPlan] = []
    for relationship in entity.toManyRelationships {
      let child = relationship.entity
      var rows: [PostgresChildPlan.Row] = []
      // A value that is not a list is refused, not written as no children: that would
      // delete every child row.
      let held = (try? kvc.value(forKey: relationship.name)) ?? .null
      guard held.isNull || held.arrayValue != nil else {
        throw .refusedValue(property: relationship.name, message: "holds \(held.type), not a list")
      }
      for item in held.arrayValue ?? [] {
        guard case .object(let ref) = item,
          let childKVC = child.definition.keyValueCoding(for: ref.object)
            ?? (ref.object as? KeyValueCoding)
        else {
          throw .refusedValue(
            property: relationship.name,
            message: "holds \(item.type), not \(child.definition.name) objects")
        }
        let id = childKey(of: ref.object)
        // After the columns: the parent's key, then the place, known inside the transaction.
        let keyColumns = [relationship.foreignKey] + (child.positionColumn.map { [$0] } ?? [])
        let update: PostgresStatement?
        let insert: PostgresStatement
        do {
          let values = try child.writtenValues(id == nil ? .insert : .rewrite) {
            (try? childKVC.value(forKey: $0)) ?? .null
          }
          update =
            id == nil
            ? nil
            : try PostgresStatement(
              child.updateWrite(values, keyColumns: keyColumns), entity: child)
          insert = try PostgresStatement(
            child.insertWrite(values, keyColumns: keyColumns), entity: child)
        } catch {
          throw .refusedValue(property: relationship.name, message: error.description)
        }
        objects.append((ref.object, child.table))
        let grandchildren = try childPlans(of: childKVC, entity: child, objects: &objects)
        rows.append(
          PostgresChildPlan.Row(
            id: id, update: update, insert: insert, children: grandchildren))
      }
      plans.append(PostgresChildPlan(relationship: relationship, rows: rows))
    }
    return plans
  }

  /// Writes the planned children of row `parent`, inside the caller's transaction: known rows
  /// are updated (and take their new place), new ones inserted, and the parent's other
  /// children deleted. Returns every child's key, in the plan's order.
  static func writeChildren(
    _ plans: [PostgresChildPlan], parent: Int64, connection: PostgresConnection, logger: Logger
  ) async throws -> [Int64] {
    var keys: [Int64] = []
    for plan in plans {
      let child = plan.relationship.entity
      var kept: [Int64] = []
      for (index, row) in plan.rows.enumerated() {
        // The parent's key and the place follow the columns' values.
        func keyed(_ statement: PostgresStatement) -> PostgresStatement {
          var statement = statement
          statement.binds.append(parent)
          if child.positionColumn != nil { statement.binds.append(Int64(index)) }
          return statement
        }
        var written: Int64?
        if let id = row.id, let update = row.update {
          var update = keyed(update)
          update.binds.append(id)
          written = try await firstKey(update, connection, logger)
        }
        if written == nil {
          // A new child, or one whose row another server deleted meanwhile.
          written = try await firstKey(keyed(row.insert), connection, logger)
        }
        guard let written else {
          throw StoreError.failed("the write of a row of '\(child.table)' returned no key")
        }
        keys.append(written)
        kept.append(written)
        keys += try await writeChildren(
          row.children, parent: written, connection: connection, logger: logger)
      }
      try await connection.run(
        child.childrenDelete(
          foreignKey: plan.relationship.foreignKey, parent: parent, keeping: kept),
        logger: logger)
    }
    return keys
  }

  /// The key the first row of `statement`'s answer holds; `nil` when it has none.
  private static func firstKey(
    _ statement: PostgresStatement, _ connection: PostgresConnection, _ logger: Logger
  ) async throws -> Int64? {
    for try await key in try await connection.query(statement.query, logger: logger)
      .decode(Int64.self)
    {
      return key
    }
    return nil
  }

  /// Tells other servers that row `id` changed when only its children did (the table's
  /// trigger sees no change of the row itself), at `index` of the store's order.
  func announceUpdate(_ id: Int64, at index: Int, connection: PostgresConnection) async throws {
    var payload = #"{"op":"UPDATE","id":\#(id),"origin":"\#(origin)""#
    if entity.positionColumn != nil { payload += #","position":\#(index)"# }
    try await announce(payload + "}", connection: connection)
  }

  /// Sends `payload` on the table's channel, inside the caller's transaction.
  func announce(_ payload: String, connection: PostgresConnection) async throws {
    var statement = PostgresStatement("SELECT pg_notify(")
    statement.bind(channel)
    statement.append(", ")
    statement.bind(payload)
    statement.append(")")
    for try await _ in try await connection.query(statement.query, logger: logger) {}
  }
}
