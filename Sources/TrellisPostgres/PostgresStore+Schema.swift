import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisSQL

/// The schema: the ``SchemaPlan`` of the store's graph carried out by adding what the
/// catalog lacks (tables, renames, columns, indexes), the foreign keys of relationships kept
/// to their delete rules, and the triggers that announce changes and count row versions.
extension PostgresStore {
  /// Creates the tables of the store's graph (each entity's, its children's, the join
  /// tables), renames and adds what they lack and installs the triggers that announce
  /// changes, once per graph; concurrent stores take turns through an advisory lock on each
  /// table's name, taken in one order.
  func prepareSchema(_ connection: PostgresConnection) async throws {
    if graph.schemaReady.withLock({ $0 }) { return }
    let entities = graph.entities.filter { !$0.isExisting }
    let plan = SchemaPlan(entities.flatMap(\.tree), versionColumn: Self.versionColumn)
    try await connection.withTransaction(logger: logger) { connection in
      let locked = Set(
        plan.tables.flatMap { [$0.name] + ($0.renamedFrom.map { [$0] } ?? []) }
          + plan.joinTables.compactMap(\.renamedFrom))
      for table in locked.sorted() {
        var lock = PostgresStatement("SELECT pg_advisory_xact_lock(hashtext(")
        lock.bind(table)
        lock.append("))")
        try await connection.query(lock.query, logger: logger)
      }
      // Another store of the graph (a related store starting to listen) may have prepared
      // it while this one waited: its statements would wait for the writes begun since,
      // which wait for them (a deadlock).
      if graph.schemaReady.withLock({ $0 }) { return }
      let schema = PostgresSchemaWriter(connection: connection, logger: logger)
      for table in plan.tables { try await schema.prepare(table) }
      // Every table exists now: the keys between them can point both ways.
      for table in plan.tables {
        for reference in table.references {
          try await schema.foreignKey(table.name, reference)
        }
      }
      for join in plan.joinTables { try await schema.prepare(join) }
      for entity in entities {
        try await PostgresTriggers.install(for: entity, on: connection, logger: logger)
        try await Self.installVersionTrigger(for: entity, on: connection, logger: logger)
      }
    }
    graph.schemaReady.withLock { $0 = true }
  }
}
