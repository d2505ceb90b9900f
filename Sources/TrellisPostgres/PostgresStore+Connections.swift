import Foundation
import Logging
import PostgresNIO
import Trellis

extension PostgresStore {
  /// Runs `work` on a pooled connection (in a transaction when `transaction`), after making
  /// sure the table exists; fails when the server has not answered within ``timeout``.
  func perform<T: Sendable>(
    transaction: Bool = false,
    _ work: @escaping @Sendable (PostgresConnection) async throws -> T
  ) async throws(StoreError) -> T {
    do {
      return try await Deadline.run(within: timeout) {
        // The pool may hand out connections the server has closed (it restarted), one
        // after another: while nothing was done on them, the work moves to the next.
        var tries = 1
        while true {
          do { return try await self.attempt(transaction: transaction, work) } catch
            where tries < Self.triesOnClosedConnections
            && Self.isSafeToRetry(error, transaction: transaction)
          {
            tries += 1
          }
        }
      }
    } catch {
      throw storeError(error)
    }
  }

  /// Creates the table (and its children's tables), adds the columns they lack and installs
  /// the trigger that announces changes, once per store; concurrent stores take turns through
  /// an advisory lock on the table's name.
  func prepareSchema(_ connection: PostgresConnection) async throws {
    if state.withLock({ $0.schemaReady }) { return }
    try await connection.withTransaction(logger: logger) { connection in
      var lock = PostgresStatement("SELECT pg_advisory_xact_lock(hashtext(")
      lock.bind(entity.table)
      lock.append("))")
      try await connection.query(lock.query, logger: logger)
      try await Self.createTable(of: entity, parent: nil, on: connection, logger: logger)
      try await PostgresTriggers.install(for: entity, on: connection, logger: logger)
    }
    state.withLock { $0.schemaReady = true }
  }

  /// Creates `entity`'s table when it is missing and adds the columns it lacks, then its
  /// children's tables; a child table's foreign key (`parent`: the column and the parent)
  /// references its parent's key and deletes the child with it.
  private static func createTable(
    of entity: PostgresEntity, parent: (String, PostgresEntity)?,
    on connection: PostgresConnection, logger: Logger
  ) async throws {
    let table = try PostgresIdentifier.quoted(entity.table)
    var definitions = ["\(try PostgresIdentifier.quoted(entity.primaryKey)) bigserial PRIMARY KEY"]
    var added: [String] = []
    if let (foreignKey, parent) = parent {
      definitions.append(
        "\(try PostgresIdentifier.quoted(foreignKey)) bigint NOT NULL REFERENCES "
          + "\(try PostgresIdentifier.quoted(parent.table)) "
          + "(\(try PostgresIdentifier.quoted(parent.primaryKey))) ON DELETE CASCADE")
    }
    if let position = entity.positionColumn {
      let column = "\(try PostgresIdentifier.quoted(position)) bigint NOT NULL DEFAULT 0"
      definitions.append(column)
      added.append(column)
    }
    for column in entity.columns {
      var text = "\(try PostgresIdentifier.quoted(column.name)) \(column.kind.sqlType)"
      if !column.isNullable { text += " NOT NULL" }
      if column.isUnique { text += " UNIQUE" }
      definitions.append(text)
      // A column added to a table with rows needs a value for them.
      added.append(column.isNullable ? text : text + " DEFAULT \(zeroLiteral(column.kind))")
    }
    try await connection.query(
      PostgresQuery(
        unsafeSQL: "CREATE TABLE IF NOT EXISTS \(table) (\(definitions.joined(separator: ", ")))"),
      logger: logger)
    for column in added {
      try await connection.query(
        PostgresQuery(unsafeSQL: "ALTER TABLE \(table) ADD COLUMN IF NOT EXISTS \(column)"),
        logger: logger)
    }
    if let (foreignKey, _) = parent {
      // A page of parents reads its children by their key.
      let index = try PostgresIdentifier.quoted(entity.table + "_" + foreignKey + "_idx")
      try await connection.query(
        PostgresQuery(
          unsafeSQL: "CREATE INDEX IF NOT EXISTS \(index) ON \(table) "
            + "(\(try PostgresIdentifier.quoted(foreignKey)))"), logger: logger)
    }
    for relationship in entity.relationships {
      try await createTable(
        of: relationship.entity, parent: (relationship.foreignKey, entity), on: connection,
        logger: logger)
    }
  }

  /// The constant a new column's existing rows get: the kind's zero (no value of anyone's).
  static func zeroLiteral(_ kind: PostgresColumn.Kind) -> String {
    switch kind {
    case .text: "''"
    case .integer, .double: "0"
    case .bool: "false"
    case .date: "'epoch'"
    case .bytes: "'\\x'"
    }
  }
}

/// The server did not answer in time.
struct PostgresTimeout: Error {}
