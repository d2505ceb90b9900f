import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisSQL

/// The notification triggers on the tables of a database made elsewhere: installed only when a
/// person asks (`trellis serve URL --install-triggers`), so that every server shows every
/// program's changes at once, and removed as asked (`--remove-triggers`).
package enum PostgresTriggerInstaller {
  /// The tables of the current schema that have the notification trigger.
  static func announcedTables(_ connection: PostgresConnection, logger: Logger) async throws
    -> Set<String>
  {
    var statement = PostgresStatement(
      "SELECT c.relname::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
        + "JOIN pg_namespace n ON n.oid = c.relnamespace "
        + "WHERE n.nspname = current_schema() AND t.tgname = ")
    statement.bind(PostgresTriggers.trigger)
    var tables = Set<String>()
    for try await name in try await connection.query(statement.query, logger: logger)
      .decode(String.self)
    {
      tables.insert(name)
    }
    return tables
  }

  /// Installs the trigger on every table of the database at `url` whose rows Trellis edits,
  /// in one transaction; returns those tables' names.
  package static func install(url: String, timeout: Duration = .seconds(30))
    async throws(StoreError) -> [String]
  {
    try await run(url: url, timeout: timeout) { connection, logger in
      let schema = try await PostgresSchemaReader.read(connection, logger: logger)
      let entities = PostgresEntity.inferred(from: schema)
      try await connection.withTransaction(logger: logger) { connection in
        try await PostgresTriggers.install(for: entities, on: connection, logger: logger)
      }
      return entities.map(\.table)
    }
  }

  /// Every trigger of the current schema that runs one of the notifying functions: its table
  /// and its name.
  static func installedTriggers(_ connection: PostgresConnection, logger: Logger) async throws
    -> [(table: String, trigger: String)]
  {
    var statement = PostgresStatement(
      "SELECT c.relname::text, t.tgname::text FROM pg_trigger t "
        + "JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace "
        + "JOIN pg_proc p ON p.oid = t.tgfoid WHERE n.nspname = current_schema() AND p.proname IN ("
    )
    statement.bind(PostgresTriggers.function)
    statement.append(", ")
    statement.bind(PostgresTriggers.pairFunction)
    statement.append(") ORDER BY 1, 2")
    var found: [(table: String, trigger: String)] = []
    for try await (table, trigger) in try await connection.query(statement.query, logger: logger)
      .decode((String, String).self)
    {
      found.append((table, trigger))
    }
    return found
  }

  /// Removes the triggers from every table of the current schema that has them, and the
  /// functions they run when nothing else uses them; returns the names of the tables whose
  /// changes they announced.
  ///
  /// Servers listening on those tables are told, in the same transaction, so that they look
  /// at the tables from then on (as they do at tables without triggers) rather than wait for
  /// announcements that no longer come.
  package static func remove(url: String, timeout: Duration = .seconds(30))
    async throws(StoreError) -> [String]
  {
    try await run(url: url, timeout: timeout) { connection, logger in
      let tables = try await announcedTables(connection, logger: logger).sorted()
      let triggers = try await installedTriggers(connection, logger: logger)
      try await connection.withTransaction(logger: logger) { connection in
        for (table, trigger) in triggers {
          // Names read from the catalog, quoted as they are, whatever they hold.
          let quoted = SQLDialect.postgres.quoted(table)
          let name = SQLDialect.postgres.quoted(trigger)
          try await connection.query(
            PostgresQuery(unsafeSQL: "DROP TRIGGER IF EXISTS \(name) ON \(quoted)"),
            logger: logger)
        }
        for table in tables {
          var notice = PostgresStatement("SELECT pg_notify(")
          notice.bind(PostgresTriggers.channel(for: table))
          notice.append(", ")
          notice.bind(#"{"op":"\#(PostgresTriggers.removedOp)"}"#)
          notice.append(")")
          try await connection.query(notice.query, logger: logger)
        }
      }
      // The functions stay while another schema's tables (or Trellis's own stores) use them.
      for function in [PostgresTriggers.function, PostgresTriggers.pairFunction] {
        _ = try? await connection.query(
          PostgresQuery(unsafeSQL: "DROP FUNCTION IF EXISTS \(function)()"), logger: logger)
      }
      return tables
    }
  }

  /// Runs `work` on one connection to `url`, within `timeout`.
  package static func run<T: Sendable>(
    url: String, timeout: Duration,
    _ work: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
  ) async throws(StoreError) -> T {
    let configuration = try PostgresAddress.connectionConfiguration(from: url)
    let logger = Logger(label: "trellis.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
    do {
      return try await Deadline.run(within: timeout) {
        let connection = try await PostgresConnection.connect(
          configuration: configuration, id: 1, logger: logger)
        do {
          let result = try await work(connection, logger)
          try? await connection.close()
          return result
        } catch {
          try? await connection.close()
          throw error
        }
      }
    } catch let error as StoreError {
      throw error
    } catch {
      throw .failed("\(PostgresAddress.redacted(url)): \(PostgresDatabase.describe(error))")
    }
  }
}
